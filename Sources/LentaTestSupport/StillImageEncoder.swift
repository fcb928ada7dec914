import CFFmpeg
import LentaMedia
import LentaPixels

/// Encodes one picture of `SyntheticPattern` with a libavcodec image encoder and returns the
/// bytes of the single packet it produces (a whole JPEG or PNG file).
enum StillImageEncoder {
    /// libavcodec's `mjpeg` encoder, yuvj420p (full range), fixed quantiser `quality` (2 = best).
    static func jpeg(width: Int, height: Int, quality: Int = 3, picture: SyntheticPicture? = nil) throws -> [UInt8] {
        let encoder = try EncoderContext(named: "mjpeg", path: "")
        let c = encoder.pointer
        c.pointee.pix_fmt = AV_PIX_FMT_YUVJ420P
        c.pointee.color_range = AVCOL_RANGE_JPEG
        c.pointee.flags |= AV_CODEC_FLAG_QSCALE
        c.pointee.global_quality = Int32(quality) * FF_QP2LAMBDA
        return try encode(encoder, width: width, height: height, format: AV_PIX_FMT_YUVJ420P, picture: picture)
    }

    /// libavcodec's `png` encoder, rgb24.
    static func png(width: Int, height: Int, picture: SyntheticPicture? = nil) throws -> [UInt8] {
        let encoder = try EncoderContext(named: "png", path: "")
        encoder.pointer.pointee.pix_fmt = AV_PIX_FMT_RGB24
        return try encode(encoder, width: width, height: height, format: AV_PIX_FMT_RGB24, picture: picture)
    }

    private static func encode(_ encoder: EncoderContext, width: Int, height: Int, format: AVPixelFormat,
                               picture: SyntheticPicture?) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            throw MediaError("encode \(encoder.name) image", path: "", reason: "size \(width)×\(height) is out of range")
        }
        let c = encoder.pointer
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.time_base = AVRational(num: 1, den: 25)
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)  // square pixels in JFIF / pHYs
        c.pointee.flags |= AV_CODEC_FLAG_BITEXACT  // no encoder version string in the file
        c.pointee.thread_count = 1
        try encoder.open()

        let frame = try CodecFrame.video(width: width, height: height, format: format, path: "")
        if let picture { try frame.draw(picture, path: "") } else { try frame.drawPattern(frame: nil, path: "") }
        frame.pointer.pointee.pts = 0
        frame.pointer.pointee.quality = c.pointee.global_quality

        var output: [UInt8] = []
        try encoder.encode(frame) { output += $0.bytes }
        try encoder.drain { output += $0.bytes }
        guard !output.isEmpty else {
            throw MediaError("encode \(encoder.name) image", path: "", reason: "the encoder produced no data")
        }
        return output
    }
}
