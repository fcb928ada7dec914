import LentaCore

/// What a synthetic movie holds: picture size and timing, container, the display matrix, the
/// container's date and place tags, and an optional sine-tone audio track.
///
/// Frame `i` shows `SyntheticPattern` for frame index `i`. With `variableFrameRate`, even frames
/// last 1/`frameRate` s and odd frames 1/5 s (the stutter of a phone in low light); frames are
/// added while their start time is before `seconds`. Without it, `round(seconds × frameRate)`
/// frames of 1/`frameRate` s each. `frameStartTimes`, `frameDurations` and `duration` say exactly
/// what was written.
public struct SyntheticVideo: Equatable, Sendable {
    public enum Container: String, Sendable { case mp4, mov }

    public enum Codec: Sendable, Equatable {
        /// libx264 when this FFmpeg has it, else FFmpeg's own `mpeg4`.
        case automatic
        case h264
        /// libx265, tagged `hvc1` as Apple writes it.
        case hevc
        case mpeg4
    }

    /// Stored picture size (before rotation); both even, as 4:2:0 needs.
    public var width: Int
    public var height: Int
    public var frameRate: Int
    public var seconds: Double
    public var container: Container
    public var codec: Codec

    /// Display-matrix rotation in degrees as ffprobe reports it (`-90` for a phone held upright,
    /// whose picture must be turned 90° clockwise to show). nil writes no matrix.
    public var rotation: Int?
    /// The container's `creation_time` (UTC), e.g. `"2024-05-03T12:00:00.000000Z"`; the mov muxer
    /// puts it into `mvhd`/`tkhd`/`mdhd` (and into the `mdta` keys when `quickTimeKeys` is on).
    public var creationTime: String?
    /// `com.apple.quicktime.creationdate`, e.g. `"2024-05-03T14:00:00+0200"` (an `mdta` key).
    public var appleCreationDate: String?
    /// The `location` tag as ISO 6709 text (`+38.7139-009.1394/`, 4 decimals, altitude with 3).
    /// Without `quickTimeKeys` the mov muxer writes it as `©xyz` in a MOV and as a 3GPP `loci`
    /// box in an MP4; with them, as an `mdta` key named `location` (plus `loci`).
    public var location: GeoPoint?
    /// `com.apple.quicktime.location.ISO6709` (an `mdta` key), as iPhones write it.
    public var appleLocation: GeoPoint?
    /// Further container tags, written in key order (e.g. `"date"` becomes `©day` in a MOV).
    public var metadata: [String: String]
    /// Write every tag as a QuickTime `mdta` key (`-movflags use_metadata_tags`). Turned on by
    /// itself when an Apple key is set, since the muxer drops `com.apple.*` tags otherwise.
    public var quickTimeKeys: Bool

    /// A 440 Hz AAC stereo track (48 kHz) as long as the video.
    public var withAudio: Bool
    public var variableFrameRate: Bool
    /// A camera moving over a textured scene, in place of the test pattern.
    public var camera: SyntheticCamera?

    public init(
        width: Int = 320, height: Int = 240, frameRate: Int = 30, seconds: Double = 1,
        container: Container = .mp4, codec: Codec = .automatic, rotation: Int? = nil,
        creationTime: String? = nil, appleCreationDate: String? = nil,
        location: GeoPoint? = nil, appleLocation: GeoPoint? = nil,
        metadata: [String: String] = [:], quickTimeKeys: Bool = false,
        withAudio: Bool = false, variableFrameRate: Bool = false, camera: SyntheticCamera? = nil
    ) {
        self.camera = camera
        self.width = width; self.height = height; self.frameRate = frameRate; self.seconds = seconds
        self.container = container; self.codec = codec; self.rotation = rotation
        self.creationTime = creationTime; self.appleCreationDate = appleCreationDate
        self.location = location; self.appleLocation = appleLocation
        self.metadata = metadata; self.quickTimeKeys = quickTimeKeys
        self.withAudio = withAudio; self.variableFrameRate = variableFrameRate
    }

    /// The codec time base's denominator: frame times are whole ticks of 1/`timeScale` s.
    var timeScale: Int {
        guard variableFrameRate else { return frameRate }
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        return frameRate / gcd(frameRate, 5) * 5
    }

    /// Each frame's (start, duration) in ticks of 1/`timeScale` s.
    var frameTicks: [(start: Int, duration: Int)] {
        guard frameRate > 0, seconds.isFinite, seconds > 0, seconds <= 3600 else { return [] }
        let scale = timeScale
        if !variableFrameRate {
            let count = max(1, Int((seconds * Double(frameRate)).rounded()))
            return (0..<count).map { ($0, 1) }
        }
        let short = scale / frameRate, long = scale / 5
        let end = seconds * Double(scale)
        var frames: [(start: Int, duration: Int)] = []
        var t = 0
        repeat {
            let d = frames.count % 2 == 0 ? short : long
            frames.append((t, d))
            t += d
        } while Double(t) < end - 1e-9
        return frames
    }

    public var frameCount: Int { frameTicks.count }

    public var frameStartTimes: [Double] {
        let scale = Double(timeScale)
        return frameTicks.map { Double($0.start) / scale }
    }

    public var frameDurations: [Double] {
        let scale = Double(timeScale)
        return frameTicks.map { Double($0.duration) / scale }
    }

    /// When the last frame ends, in seconds.
    public var duration: Double {
        guard let last = frameTicks.last else { return 0 }
        return Double(last.start + last.duration) / Double(timeScale)
    }

    /// The tags handed to the muxer, in the order they are set.
    var containerTags: [(String, String)] {
        var tags: [(String, String)] = []
        if let creationTime { tags.append(("creation_time", creationTime)) }
        if let location { tags.append(("location", ISO6709Text.format(location))) }
        if let appleCreationDate { tags.append(("com.apple.quicktime.creationdate", appleCreationDate)) }
        if let appleLocation { tags.append(("com.apple.quicktime.location.ISO6709", ISO6709Text.format(appleLocation))) }
        for key in metadata.keys.sorted() { tags.append((key, metadata[key] ?? "")) }
        return tags
    }

    var writesQuickTimeKeys: Bool {
        quickTimeKeys || containerTags.contains { $0.0.hasPrefix("com.apple.") }
    }
}
