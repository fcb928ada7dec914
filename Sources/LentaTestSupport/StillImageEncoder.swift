import CFFmpeg

/// Encodes one picture of `SyntheticPattern` with a libavcodec image encoder and returns the
/// bytes of the single packet it produces (a whole JPEG or PNG file).
enum StillImageEncoder {
    /// libavcodec's `mjpeg` encoder, yuvj420p (full range), fixed quantiser `quality` (2 = best).
    static func jpeg(width: Int, height: Int, quality: Int = 3, picture: SyntheticPicture? = nil) throws -> [UInt8] {
        let encoder = try EncoderContext(named: "mjpeg")
        let c = encoder.pointer
        c.pointee.pix_fmt = AV_PIX_FMT_YUVJ420P
        c.pointee.color_range = AVCOL_RANGE_JPEG
        c.pointee.flags |= AV_CODEC_FLAG_QSCALE
        c.pointee.global_quality = Int32(quality) * FF_QP2LAMBDA
        return try encode(encoder, width: width, height: height, format: AV_PIX_FMT_YUVJ420P, picture: picture)
    }

    /// libavcodec's `png` encoder, rgb24.
    static func png(width: Int, height: Int, picture: SyntheticPicture? = nil) throws -> [UInt8] {
        let encoder = try EncoderContext(named: "png")
        encoder.pointer.pointee.pix_fmt = AV_PIX_FMT_RGB24
        return try encode(encoder, width: width, height: height, format: AV_PIX_FMT_RGB24, picture: picture)
    }

    private static func encode(_ encoder: EncoderContext, width: Int, height: Int, format: AVPixelFormat,
                               picture: SyntheticPicture?) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            throw SyntheticMediaError("encode \(encoder.name) image", reason: "size \(width)×\(height) is out of range")
        }
        let c = encoder.pointer
        c.pointee.width = Int32(width)
        c.pointee.height = Int32(height)
        c.pointee.time_base = AVRational(num: 1, den: 25)
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)  // square pixels in JFIF / pHYs
        c.pointee.flags |= AV_CODEC_FLAG_BITEXACT  // no encoder version string in the file
        c.pointee.thread_count = 1
        try encoder.open()

        let frame = try AVFrameBox.video(width: width, height: height, format: format)
        if let picture { try frame.draw(picture) } else { try frame.drawPattern(frame: nil) }
        frame.pointer.pointee.pts = 0
        frame.pointer.pointee.quality = c.pointee.global_quality

        var output: [UInt8] = []
        let collect: (UnsafeMutablePointer<AVPacket>) throws -> Void = { packet in
            let p = packet.pointee
            if let data = p.data, p.size > 0 { output += UnsafeBufferPointer(start: data, count: Int(p.size)) }
        }
        try encoder.encode(frame, collect)
        try encoder.finish(collect)
        guard !output.isEmpty else {
            throw SyntheticMediaError("encode \(encoder.name) image", reason: "the encoder produced no data")
        }
        return output
    }
}
