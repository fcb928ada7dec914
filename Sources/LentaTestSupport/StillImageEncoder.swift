import LentaMedia
import LentaPixels

/// Encodes one picture of `SyntheticPattern` with a libavcodec image encoder and returns the
/// bytes of the single packet it produces (a whole JPEG or PNG file).
enum StillImageEncoder {
    /// libavcodec's `mjpeg` encoder, yuvj420p (full range), fixed quantiser `quality` (2 = best).
    static func jpeg(width: Int, height: Int, quality: Int = 3, picture: SyntheticPicture? = nil) throws -> [UInt8] {
        let encoder = try EncoderContext(named: "mjpeg", path: "")
        var settings = VideoEncoderSettings(width: width, height: height, pixelFormat: .yuvj420p)
        settings.fullRange = true
        settings.fixedQuantiser = quality
        return try encode(encoder, settings, picture: picture)
    }

    /// libavcodec's `png` encoder, rgb24.
    static func png(width: Int, height: Int, picture: SyntheticPicture? = nil) throws -> [UInt8] {
        let encoder = try EncoderContext(named: "png", path: "")
        return try encode(encoder, VideoEncoderSettings(width: width, height: height, pixelFormat: .rgb24), picture: picture)
    }

    private static func encode(_ encoder: EncoderContext, _ settings: VideoEncoderSettings, picture: SyntheticPicture?) throws -> [UInt8] {
        var settings = settings
        let width = settings.width, height = settings.height
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            throw MediaError("encode \(encoder.name) image", path: "", reason: "size \(width)×\(height) is out of range")
        }
        settings.timeBase = (1, 25)
        settings.squarePixels = true  // in JFIF / pHYs
        settings.bitExact = true  // no encoder version string in the file
        settings.threads = 1
        encoder.configure(settings)
        try encoder.open()

        let frame = try CodecFrame.video(width: width, height: height, pixelFormat: settings.pixelFormat, path: "")
        if let picture { try frame.draw(picture, path: "") } else { try frame.drawPattern(frame: nil, path: "") }
        frame.presentationTime = 0
        frame.takeQuality(of: encoder)

        var output: [UInt8] = []
        try encoder.encode(frame) { output += $0.bytes }
        try encoder.drain { output += $0.bytes }
        guard !output.isEmpty else {
            throw MediaError("encode \(encoder.name) image", path: "", reason: "the encoder produced no data")
        }
        return output
    }
}
