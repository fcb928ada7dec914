import CFFmpeg
import CJPEG

/// A CMYK (or YCCK) JPEG decoded with libjpeg-turbo to RGB: FFmpeg 5.1's JPEG decoder refuses
/// these ("not yet implemented"), and print workflows and some scanners write them.
enum CMYKJPEGPicture {
    /// The picture as an RGB24 frame, decoded at 1/`scaleDenominator` of its size (1, 2, 4 or 8).
    static func rgbFrame(path: String, scaleDenominator: Int) throws -> CodecFrame {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = lenta_decode_cmyk_jpeg(path, Int32(scaleDenominator), &pixels, &width, &height, &message, message.count)
        defer { free(pixels) }
        guard status == 0, let pixels, width > 0, height > 0 else {
            throw MediaError("decode CMYK JPEG", path: path, reason: MediaError.text(message))
        }
        let frame = try CodecFrame.video(width: Int(width), height: Int(height), format: AV_PIX_FMT_RGB24, path: path)
        guard let base = frame.pointer.pointee.data.0 else {
            throw MediaError("decode CMYK JPEG", path: path, reason: "no frame buffer")
        }
        let lineSize = Int(frame.pointer.pointee.linesize.0)
        for row in 0..<Int(height) {
            (base + row * lineSize).update(from: pixels + row * Int(width) * 3, count: Int(width) * 3)
        }
        return frame
    }
}
