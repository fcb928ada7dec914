import CFFmpeg
import CHeif

/// A HEIF/HEIC/AVIF file's primary image decoded by libheif to 8-bit interleaved RGB, tile grids
/// assembled and `irot`/`imir` applied (so it is already upright).
final class HeifPicture {
    private var image: HeifImage?
    let path: String
    let width: Int
    let height: Int

    init(path: String) throws {
        self.path = path
        let decoded = try HeifContext(reading: path).primaryImage().decodeRGB()
        width = decoded.width
        height = decoded.height
        guard width > 0, height > 0 else { throw MediaError("decode HEIF image", path: path, reason: "the image has no pixels") }
        image = decoded
    }

    /// The pixels copied into an rgb24 frame for libswscale.
    func rgbFrame() throws -> CodecFrame {
        guard let image else { throw MediaError("read HEIF pixels", path: path, reason: "already released") }
        let frame = try CodecFrame.video(width: width, height: height, format: AV_PIX_FMT_RGB24, path: path)
        guard let base = frame.pointer.pointee.data.0 else {
            throw MediaError("read HEIF pixels", path: path, reason: "no frame buffer")
        }
        let lineSize = Int(frame.pointer.pointee.linesize.0)
        try image.withRGBPlane { plane, stride in
            for row in 0..<height {
                (base + row * lineSize).update(from: plane + row * stride, count: width * 3)
            }
        }
        return frame
    }

    /// Frees the decoded pixels early (they are the largest thing a photo costs).
    func release() { image = nil }
}
