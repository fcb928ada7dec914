import CFFmpeg

/// libavcodec's HEVC decoder for the tiles of one HEIF grid: the pictures libheif's libde265
/// gives (HEVC decoding is exact), in about half the time, and without loop filters for a
/// picture only measured — a 12-megapixel grid without a thumbnail is 48 tiles, and libheif
/// spent some half a CPU-second on each such photo of a first scan. Its codes are as coded
/// (libheif stretches limited range to full).
final class HeifTileHEVCDecoder {
    private let decoder: DecoderContext
    private let packet: CodecPacket
    private let frame: CodecFrame
    private let path: String

    /// A decoder for tiles of `width × height` coded with `configuration` (the `hvcC` record).
    init(configuration: [UInt8], width: Int, height: Int, skipLoopFilter: Bool, path: String) throws {
        let parameters = try CodecParameters(video: AV_CODEC_ID_HEVC, width: width, height: height, extradata: configuration, path: path)
        decoder = try DecoderContext(parameters: parameters.pointer, path: path, threads: 1, skipLoopFilter: skipLoopFilter)
        packet = try CodecPacket()
        frame = try CodecFrame()
        self.path = path
    }

    /// Decodes one tile's coded bytes (length-prefixed NAL units); the frame is this decoder's
    /// and is overwritten by the next tile.
    func decode(_ coded: [UInt8], tile: Int) throws -> CodecFrame {
        frame.unreference()
        try packet.load(coded, key: true, path: path)
        defer { packet.unreference() }
        guard try decoder.decodeAlone(packet, into: frame) else {
            throw MediaError("decode HEIF tile", path: path, reason: "tile \(tile + 1) gave no picture")
        }
        return frame
    }

    /// The bits of a decoded 4:2:0 picture's codes, nil for any other layout (left to libheif).
    static func bits(of format: AVPixelFormat) -> Int? {
        switch format {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: return 8
        case AV_PIX_FMT_YUV420P10LE: return 10
        case AV_PIX_FMT_YUV420P12LE: return 12
        default: return nil
        }
    }
}
