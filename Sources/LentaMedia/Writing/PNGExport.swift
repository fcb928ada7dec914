import CFFmpeg
import Foundation
import LentaPixels

/// A frame as a PNG file: converted to RGB by libswscale with fixed, exact flags
/// (`SWS_BITEXACT | SWS_ACCURATE_RND | SWS_POINT`, BT.709 limited to full-range RGB) and
/// encoded by libavcodec's `png` encoder with `AV_CODEC_FLAG_BITEXACT`: the same frame gives the
/// same bytes on every run, whatever the thread count.
public enum PNGExport {
    /// The PNG file's bytes.
    public static func pngData(_ frame: PlanarFrame, path: String = "frame.png") throws -> [UInt8] {
        let yuv = try CodecFrame.video(width: frame.width, height: frame.height, format: AV_PIX_FMT_YUV420P, path: path)
        try yuv.fill(from: frame, path: path)
        let flags = Int32(SWS_BITEXACT) | Int32(SWS_ACCURATE_RND) | Int32(SWS_POINT) | Int32(SWS_FULL_CHR_H_INT)
        let toRGB = try ScaleContext(from: (frame.width, frame.height, AV_PIX_FMT_YUV420P),
                                     to: (frame.width, frame.height, AV_PIX_FMT_RGB24), flags: flags, path: path)
        toRGB.setColourspace(source: .bt709, sourceFullRange: false, destination: .bt709, destinationFullRange: true)
        let rgb = try toRGB.convert(yuv)

        return try encode(rgb, width: frame.width, height: frame.height, format: AV_PIX_FMT_RGB24, path: path)
    }

    /// One RGB24 or RGBA picture through libavcodec's `png` encoder, bit-exact, on one thread.
    static func encode(_ picture: CodecFrame, width: Int, height: Int, format: AVPixelFormat, path: String) throws -> [UInt8] {
        let encoder = try EncoderContext(named: "png", path: path)
        let c = encoder.pointer
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.pix_fmt = format
        c.pointee.time_base = AVRational(num: 1, den: 1)
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.flags |= AV_CODEC_FLAG_BITEXACT
        c.pointee.thread_count = 1
        try encoder.open()
        picture.pointer.pointee.pts = 0
        var bytes: [UInt8] = []
        try encoder.encode(picture) { bytes += $0.bytes }
        try encoder.drain { bytes += $0.bytes }
        guard !bytes.isEmpty else { throw MediaError("encode PNG", path: path, reason: "the encoder produced nothing") }
        return bytes
    }

    /// Writes the frame as PNG through a temporary file renamed into place.
    public static func write(_ frame: PlanarFrame, to path: String) throws {
        try AtomicWrite.write(try pngData(frame, path: path), to: path, what: "PNG")
    }
}
