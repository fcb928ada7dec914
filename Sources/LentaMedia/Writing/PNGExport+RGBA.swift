import CFFmpeg
import Foundation
import LentaCore

extension PNGExport {
    /// An `RGBAImage` as PNG bytes: RGB when every pixel is opaque, else RGBA with its straight
    /// alpha; encoded by libavcodec's `png` encoder with `AV_CODEC_FLAG_BITEXACT` on one thread,
    /// so the same picture gives the same bytes on every run.
    public static func pngData(_ image: RGBAImage, path: String = "image.png") throws -> [UInt8] {
        let opaque = stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 }
        let format = opaque ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_RGBA
        let frame = try CodecFrame.video(width: image.width, height: image.height, format: format, path: path)
        try frame.makeWritable(path: path)
        guard let base = frame.pointer.pointee.data.0 else {
            throw MediaError("encode PNG", path: path, reason: "the frame has no buffer")
        }
        let stride = Int(frame.pointer.pointee.linesize.0)
        let channels = opaque ? 3 : 4
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                let row = base + y * stride
                let from = y * image.width * 4
                if opaque {
                    for x in 0..<image.width {
                        row[x * 3] = src[from + x * 4]
                        row[x * 3 + 1] = src[from + x * 4 + 1]
                        row[x * 3 + 2] = src[from + x * 4 + 2]
                    }
                } else if let s = src.baseAddress {
                    row.update(from: s + from, count: image.width * channels)
                }
            }
        }

        return try encode(frame, width: image.width, height: image.height, format: format, path: path)
    }

    /// Writes the picture as PNG through a temporary file renamed into place.
    public static func write(_ image: RGBAImage, to path: String) throws {
        try AtomicWrite.write(try pngData(image, path: path), to: path, what: "PNG")
    }
}
