import CFFmpeg
import LentaCore

/// The HDR metadata a video stream's container carries (the MP4's `mdcv` and `clli` boxes, as
/// libavformat hands them over as stream side data), read back to check what a story wrote.
public struct StreamHDRMetadata: Sendable, Equatable {
    /// Mastering display: red, green, blue and white (CIE xy), and its peak and black (cd/m²).
    public var primaries: [SIMD2<Double>]?
    public var maxLuminance: Double?
    public var minLuminance: Double?
    /// Content light level: brightest pixel and brightest frame average (cd/m²).
    public var maxCLL: Int?
    public var maxFALL: Int?

    public init() {}

    /// The first video stream's HDR metadata (fields nil where the file has none).
    public static func read(path: String) throws -> StreamHDRMetadata {
        let container = try FormatContext(path: path)
        guard let index = try container.streams().first(where: { $0.type == AVMEDIA_TYPE_VIDEO })?.index else {
            throw MediaError("read HDR metadata", path: path, reason: "no video stream")
        }
        return try container.withContext { ctx in
            var found = StreamHDRMetadata()
            guard let stream = ctx.pointee.streams[index] else { return found }
            var size = 0
            if let data = av_stream_get_side_data(stream, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, &size),
               size >= MemoryLayout<AVMasteringDisplayMetadata>.size {
                let m = UnsafeRawPointer(data).loadUnaligned(as: AVMasteringDisplayMetadata.self)
                if m.has_primaries != 0 {
                    let p = m.display_primaries
                    found.primaries = [(p.0.0, p.0.1), (p.1.0, p.1.1), (p.2.0, p.2.1), m.white_point].map { SIMD2(av_q2d($0.0), av_q2d($0.1)) }
                }
                if m.has_luminance != 0 {
                    found.maxLuminance = av_q2d(m.max_luminance)
                    found.minLuminance = av_q2d(m.min_luminance)
                }
            }
            if let data = av_stream_get_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, &size), size >= MemoryLayout<AVContentLightMetadata>.size {
                let light = UnsafeRawPointer(data).loadUnaligned(as: AVContentLightMetadata.self)
                found.maxCLL = Int(light.MaxCLL)
                found.maxFALL = Int(light.MaxFALL)
            }
            return found
        }
    }
}
