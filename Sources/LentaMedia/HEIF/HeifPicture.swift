import CFFmpeg
import CHeif

/// A HEIF/HEIC/AVIF file's primary image decoded by libheif to 8-bit Y'CbCr 4:2:0 — the codec's
/// own form, so no colour conversion and 1.5 bytes a pixel, the least a whole-image decode can
/// cost (libheif decodes a HEIC whole: a 200-megapixel photo is 300 MB while it is reduced) —
/// tile grids assembled and `irot`/`imir` applied (so it is already upright).
final class HeifPicture {
    private var image: HeifImage?
    let path: String
    let width: Int
    let height: Int
    /// How the Y'CbCr codes mean colours: the file's `nclx` matrix (else HEIF's default, BT.601),
    /// and always full range — libheif stretches a limited-range image's codes to full range as
    /// it decodes to Y'CbCr (HeifTileGridTests.aLimitedRangeGridMeasuresAsLibheifShowsIt).
    let matrix: ScaleContext.Matrix
    let fullRange = true
    /// Bits per code in the decoded planes: 8, or a deep image's own when kept deep.
    let bits: Int

    /// - Parameter deep: keep a deeper image's own bits (10-bit HDR) instead of libheif's 8-bit reduction.
    init(path: String, deep: Bool = false) throws {
        self.path = path
        let handle = try HeifContext(reading: path).primaryImage()
        matrix = handle.colourEncoding().matrix
        let decoded = try handle.decodeYCbCr420(keepingDepth: deep)
        width = decoded.width(of: heif_channel_Y)
        height = decoded.height(of: heif_channel_Y)
        bits = max(8, decoded.bits(of: heif_channel_Y))
        guard bits == 8 || Self.deepFormat(bits: bits) != nil else {
            throw MediaError("decode HEIF image", path: path, reason: "\(bits)-bit planes are not supported")
        }
        guard width > 0, height > 0 else { throw MediaError("decode HEIF image", path: path, reason: "the image has no pixels") }
        image = decoded
    }

    /// libswscale's format for 4:2:0 planes of `bits` bits in 16-bit little-endian codes (as libheif stores them).
    static func deepFormat(bits: Int) -> AVPixelFormat? {
        switch bits {
        case 9: return AV_PIX_FMT_YUV420P9LE
        case 10: return AV_PIX_FMT_YUV420P10LE
        case 12: return AV_PIX_FMT_YUV420P12LE
        case 14: return AV_PIX_FMT_YUV420P14LE
        case 16: return AV_PIX_FMT_YUV420P16LE
        default: return nil
        }
    }

    /// The decoded planes as a yuv420p frame (yuv420pNNle when deep) for libswscale, not copied:
    /// the frame points into this picture's memory, so it must not be used after the picture is
    /// released or freed.
    func borrowedYUVFrame() throws -> CodecFrame {
        guard let image else { throw MediaError("read HEIF pixels", path: path, reason: "already released") }
        let frame = try CodecFrame()
        frame.pointer.pointee.format = (bits > 8 ? Self.deepFormat(bits: bits) ?? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P).rawValue
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        for (index, channel) in [heif_channel_Y, heif_channel_Cb, heif_channel_Cr].enumerated() {
            guard let plane = image.readOnlyPlane(channel) else {
                throw MediaError("read HEIF pixels", path: path, reason: "the image has no Y'CbCr planes")
            }
            withUnsafeMutableBytes(of: &frame.pointer.pointee.data) { $0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)[index] = UnsafeMutablePointer(mutating: plane.pixels) }
            withUnsafeMutableBytes(of: &frame.pointer.pointee.linesize) { $0.bindMemory(to: Int32.self)[index] = Int32(plane.stride) }
        }
        return frame
    }

    /// Frees the decoded pixels early (they are the largest thing a photo costs).
    func release() { image = nil }
}
