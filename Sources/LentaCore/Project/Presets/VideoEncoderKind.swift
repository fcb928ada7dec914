/// The FFmpeg video encoders lenta knows how to set up, told apart by name. An output preset
/// speaks one vocabulary (x264's speed names, a CRF) and each kind maps it to its own options.
public enum VideoEncoderKind: Hashable, Sendable {
    /// `libx264`.
    case x264
    /// `libx265`.
    case x265
    /// `libsvtav1` (SVT-AV1).
    case svtAV1
    /// NVIDIA's `h264_nvenc`, `hevc_nvenc`.
    case nvenc
    /// VA-API's `h264_vaapi`, `hevc_vaapi` (Intel and AMD graphics).
    case vaapi
    /// Any other encoder: opened with the frame size, rate, GOP and B-frames only.
    case other

    public init(encoder name: String) {
        switch name {
        case "libx264", "libx264rgb": self = .x264
        case "libx265": self = .x265
        case "libsvtav1": self = .svtAV1
        case _ where name.hasSuffix("_nvenc"): self = .nvenc
        case _ where name.hasSuffix("_vaapi"): self = .vaapi
        default: self = .other
        }
    }

    /// Whether the encoder runs on a graphics card (which a machine may lack).
    public var isHardware: Bool { self == .nvenc || self == .vaapi }

    /// The CRF (or constant quality) range the encoder takes: AV1's scale goes to 63.
    public var qualityRange: ClosedRange<Int> { self == .svtAV1 ? 0...63 : 0...51 }

    /// x264's speed presets, fastest first; x265 takes the same names.
    public static let speedNames = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]

    /// The encoder's own speed setting for one of `speedNames`: the name itself for x264 and
    /// x265, SVT-AV1's preset number (12 fastest … 0 slowest), NVENC's p1 … p7; nil for VA-API,
    /// which has none.
    public func speedSetting(_ name: String) -> String? {
        guard let index = Self.speedNames.firstIndex(of: name) else { return nil }
        switch self {
        case .x264, .x265: return name
        case .svtAV1: return String([12, 11, 10, 9, 8, 7, 5, 4, 2, 0][index])
        case .nvenc: return "p" + String([1, 1, 2, 3, 3, 4, 5, 6, 7, 7][index])
        case .vaapi, .other: return nil
        }
    }

    /// The codec the encoder writes, by its name (`hevc_nvenc` → `hevc`).
    public static func codecFamily(of encoder: String) -> String {
        switch encoder {
        case "libx264", "libx264rgb": return "h264"
        case "libx265": return "hevc"
        case "libsvtav1", "libaom-av1", "librav1e": return "av1"
        default: return encoder.split(separator: "_").first.map(String.init) ?? encoder
        }
    }
}
