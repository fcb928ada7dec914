/// How a story is encoded: frame size and rate, the video encoder (H.264, HEVC, AV1; software or
/// hardware with software fallbacks) and AAC settings, the MP4 flags, the loudness the sound is
/// brought to and how the story is cut into chapters. Presets live as JSON in
/// `presets/output/NAME.json`; a project names one in `output.preset` and may change its size,
/// rate and CRF (`applying(_:)`).
public struct OutputPreset: Hashable, Sendable, StrictJSONObject {
    public var name: String
    /// What it is for, in a few words.
    public var description: String?
    public var width: Int
    public var height: Int
    public var fps: OutputFrameRate
    public var video: Video
    public var audio: Audio
    public var container: Container
    /// The integrated loudness the sound is brought to, in LUFS (EBU R128); nil: the default.
    public var loudness: Double?
    /// What a chapter is; nil: the default.
    public var chapters: ChapterMode?

    /// The web's usual target (YouTube, Spotify, Apple Music normalise to about -14 LUFS).
    public static let defaultLoudness = -14.0
    /// EBU R128's ceiling for the true peak, in dBTP.
    public static let truePeakCeiling = -1.0
    /// Targets a preset may set, in LUFS.
    public static let loudnessRange = -40.0 ... -5.0

    /// The loudness target in LUFS.
    public var loudnessTarget: Double { loudness ?? Self.defaultLoudness }
    /// What a chapter is: a place unless the preset says otherwise.
    public var chapterMode: ChapterMode { chapters ?? .place }

    /// How a story's MP4 is cut into chapters.
    public enum ChapterMode: String, Codable, Sendable, CaseIterable, StrictJSONConvertible {
        /// A chapter per place: consecutive items at one place (the city a person would name).
        case place
        /// A chapter per day, in the items' own local dates.
        case day
        /// No chapters (`"none"`; not called `none`, which `Optional` has).
        case off = "none"
    }

    public init(name: String, description: String? = nil, width: Int, height: Int, fps: OutputFrameRate,
                video: Video, audio: Audio, container: Container, loudness: Double? = nil, chapters: ChapterMode? = nil) {
        self.name = name
        self.description = description
        self.width = width
        self.height = height
        self.fps = fps
        self.video = video
        self.audio = audio
        self.container = container
        self.loudness = loudness
        self.chapters = chapters
    }

    public static let jsonKeys = ["name", "description", "width", "height", "fps", "video", "audio", "container", "loudness", "chapters"]
    public static let requiredKeys = ["name", "width", "height", "fps", "video", "audio", "container"]

    /// The video stream: an FFmpeg encoder and its settings.
    public struct Video: Hashable, Sendable, StrictJSONObject {
        /// The encoder tried first: `libx264`, `libx265`, `libsvtav1`, `hevc_nvenc`, `h264_vaapi`…
        public var codec: String
        /// Encoders tried in order when the one before cannot open (no graphics card, no driver):
        /// `["hevc_vaapi", "libx265"]` after `hevc_nvenc`. Each writes the same codec.
        public var fallback: [String]
        /// `high`.
        public var profile: String
        /// `yuv420p`, which every player decodes.
        public var pixelFormat: String
        /// Constant rate factor, 0…51: lower is better and larger.
        public var crf: Int
        /// x264's speed preset, `ultrafast` … `placebo`; other encoders take their nearest
        /// (`VideoEncoderKind.speedSetting`).
        public var preset: String
        /// Frames from one keyframe to the next.
        public var gop: Int
        /// B-frames between reference frames.
        public var bFrames: Int
        /// `sdr` (nil: the default), or `hlg` / `pq` for an HDR story (BT.2020, 10-bit, HEVC Main 10).
        public var dynamicRange: DynamicRange?

        public init(codec: String = "libx264", fallback: [String] = [], profile: String = "high", pixelFormat: String = "yuv420p", crf: Int,
                    preset: String, gop: Int, bFrames: Int, dynamicRange: DynamicRange? = nil) {
            self.dynamicRange = dynamicRange
            self.codec = codec
            self.fallback = fallback
            self.profile = profile
            self.pixelFormat = pixelFormat
            self.crf = crf
            self.preset = preset
            self.gop = gop
            self.bFrames = bFrames
        }

        public static let jsonKeys = ["codec", "fallback", "profile", "pixelFormat", "crf", "preset", "gop", "bFrames", "dynamicRange"]
        public static let requiredKeys = ["codec", "profile", "pixelFormat", "crf", "preset", "gop", "bFrames"]
        /// x264's speed presets, fastest first.
        public static let x264Presets = VideoEncoderKind.speedNames

        /// The encoders to try, in order.
        public var encoders: [String] { [codec] + fallback }

        public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
            guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys) else { return nil }
            let codec: String? = o.read("codec"), profile: String? = o.read("profile"), pixelFormat: String? = o.read("pixelFormat")
            let crf: Int? = o.read("crf"), preset: String? = o.read("preset"), gop: Int? = o.read("gop"), bFrames: Int? = o.read("bFrames")
            let fallback = o.list("fallback") { String(json: $0, at: $1, reader: reader) ?? "" }
            guard let codec, let profile, let pixelFormat, let crf, let preset, let gop, let bFrames else { return nil }
            let range = o.read("dynamicRange") { reader.enumeration(DynamicRange.self, $0, at: $1) }
            self.init(codec: codec, fallback: fallback ?? [], profile: profile, pixelFormat: pixelFormat, crf: crf, preset: preset,
                      gop: gop, bFrames: bFrames, dynamicRange: range)
        }

        public var json: StrictJSON.Value {
            var o = StrictJSONObjectBuilder()
            o.set("codec", codec)
            if !fallback.isEmpty { o.set("fallback", .array(fallback.map { .string($0) })) }
            o.set("profile", profile)
            o.set("pixelFormat", pixelFormat)
            o.set("crf", crf)
            o.set("preset", preset)
            o.set("gop", gop)
            o.set("bFrames", bFrames)
            o.set("dynamicRange", dynamicRange?.rawValue)
            return o.value
        }
    }

    /// The audio stream.
    public struct Audio: Hashable, Sendable, StrictJSONObject {
        /// `aac`.
        public var codec: String
        /// Bits per second.
        public var bitrate: Int
        public var sampleRate: Int
        public var channels: Int

        public init(codec: String = "aac", bitrate: Int, sampleRate: Int = 48000, channels: Int = 2) {
            self.codec = codec
            self.bitrate = bitrate
            self.sampleRate = sampleRate
            self.channels = channels
        }

        public static let jsonKeys = ["codec", "bitrate", "sampleRate", "channels"]
        public static let requiredKeys = jsonKeys

        public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
            guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys) else { return nil }
            let codec: String? = o.read("codec"), bitrate: Int? = o.read("bitrate")
            let sampleRate: Int? = o.read("sampleRate"), channels: Int? = o.read("channels")
            guard let codec, let bitrate, let sampleRate, let channels else { return nil }
            self.init(codec: codec, bitrate: bitrate, sampleRate: sampleRate, channels: channels)
        }

        public var json: StrictJSON.Value {
            var o = StrictJSONObjectBuilder()
            o.set("codec", codec)
            o.set("bitrate", bitrate)
            o.set("sampleRate", sampleRate)
            o.set("channels", channels)
            return o.value
        }
    }

    /// The MP4 container.
    public struct Container: Hashable, Sendable, StrictJSONObject {
        /// The mov muxer's `movflags`: `+faststart` puts the index first, so playback can start
        /// before the whole file has arrived.
        public var movflags: String

        public init(movflags: String = "+faststart") { self.movflags = movflags }

        public static let jsonKeys = ["movflags"]
        public static let requiredKeys = jsonKeys

        public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
            guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys),
                  let movflags: String = o.read("movflags") else { return nil }
            self.movflags = movflags
        }

        public var json: StrictJSON.Value {
            var o = StrictJSONObjectBuilder()
            o.set("movflags", movflags)
            return o.value
        }
    }

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys) else { return nil }
        let name: String? = o.read("name"), width: Int? = o.read("width"), height: Int? = o.read("height")
        let fps: OutputFrameRate? = o.read("fps"), video: Video? = o.read("video")
        let audio: Audio? = o.read("audio"), container: Container? = o.read("container")
        description = o.read("description")
        loudness = o.read("loudness")
        chapters = o.read("chapters")
        guard let name, let width, let height, let fps, let video, let audio, let container else { return nil }
        self.name = name
        self.width = width
        self.height = height
        self.fps = fps
        self.video = video
        self.audio = audio
        self.container = container
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("name", name)
        o.set("description", description)
        o.set("width", width)
        o.set("height", height)
        o.set("fps", fps)
        o.set("video", video)
        o.set("audio", audio)
        o.set("container", container)
        o.set("loudness", loudness)
        o.set("chapters", chapters)
        return o.value
    }

    /// This preset with a project's changes to it (size, rate, CRF).
    public func applying(_ output: ProjectOutput?) -> OutputPreset {
        var preset = self
        guard let output else { return preset }
        if let w = output.width { preset.width = w }
        if let h = output.height { preset.height = h }
        if let fps = output.fps { preset.fps = fps }
        if let crf = output.crf { preset.video.crf = crf }
        return preset
    }

    /// What is wrong with the preset's values (sizes, rates, codec settings), with JSON paths.
    public func problems() -> [ProjectProblem] {
        var problems: [ProjectProblem] = []
        /// `key` is a member, or a member of one: `video.crf`.
        func error(_ key: String, _ message: String) {
            let path = key.split(separator: ".").reduce(JSONPath.root) { $0 + String($1) }
            problems.append(ProjectProblem(path, message))
        }
        if name.isEmpty { error("name", "must not be empty") }
        for (key, value) in [("width", width), ("height", height)] {
            if !ProjectLimits.frameSize.contains(value) {
                error(key, "must be in [\(ProjectLimits.frameSize.lowerBound), \(ProjectLimits.frameSize.upperBound)] pixels (is \(value))")
            } else if value % 2 != 0 {
                error(key, "must be even, as 4:2:0 video needs (is \(value))")
            }
        }
        if let problem = ProjectLimits.framePixelsProblem(width: width, height: height) { error("width", problem) }
        if fps.numerator <= 0 || fps.denominator <= 0 || !ProjectLimits.frameRate.contains(fps.value) {
            error("fps", "must be in [1, 240] frames per second (is \(fps))")
        }
        if video.codec.isEmpty { error("video.codec", "must not be empty") }
        let kinds = video.encoders.map(VideoEncoderKind.init(encoder:))
        let quality = kinds.map(\.qualityRange).reduce(0...63) { $0.clamped(to: $1) }
        if !quality.contains(video.crf) { error("video.crf", "must be in [\(quality.lowerBound), \(quality.upperBound)] (is \(video.crf))") }
        if kinds.contains(where: { $0 != .vaapi && $0 != .other }), !Video.x264Presets.contains(video.preset) {
            error("video.preset", "\(DiagnosticText.quoted(video.preset)) is not one of x264's presets (\(Video.x264Presets.joined(separator: ", ")))")
        }
        let family = VideoEncoderKind.codecFamily(of: video.codec)
        for (k, other) in video.fallback.enumerated() {
            let path = JSONPath.root + "video" + "fallback" + k
            if other.isEmpty { problems.append(ProjectProblem(path, "must not be empty")) }
            else if VideoEncoderKind.codecFamily(of: other) != family {
                problems.append(ProjectProblem(path, "\(DiagnosticText.quoted(other)) does not write \(family) as \(DiagnosticText.quoted(video.codec)) does"))
            }
        }
        if let loudness, !Self.loudnessRange.contains(loudness) {
            error("loudness", "must be in [\(Int(Self.loudnessRange.lowerBound)), \(Int(Self.loudnessRange.upperBound))] LUFS (is \(loudness))")
        }
        if video.gop < 1 { error("video.gop", "must be at least 1 (is \(video.gop))") }
        if !(0...16).contains(video.bFrames) { error("video.bFrames", "must be in [0, 16] (is \(video.bFrames))") }
        if !(8000...1_000_000).contains(audio.bitrate) { error("audio.bitrate", "must be in [8000, 1000000] bits per second (is \(audio.bitrate))") }
        if ![22050, 32000, 44100, 48000, 96000].contains(audio.sampleRate) {
            error("audio.sampleRate", "must be 22050, 32000, 44100, 48000 or 96000 (is \(audio.sampleRate))")
        }
        if !(1...2).contains(audio.channels) { error("audio.channels", "must be 1 or 2 (is \(audio.channels))") }
        return problems
    }
}

/// Whether a story is encoded in SDR or HDR, and which HDR.
public enum DynamicRange: String, Hashable, Sendable, CaseIterable {
    case sdr, hlg, pq
}

extension OutputPreset {
    /// The colours the story is encoded in: BT.709 SDR, or BT.2020 HLG/PQ 10-bit for an HDR preset.
    public var colour: ColourDescription {
        switch video.dynamicRange ?? .sdr {
        case .sdr: return .bt709
        case .hlg: return ColourDescription(matrix: .bt2020NCL, fullRange: false, primaries: .bt2020, transfer: .hlg, bitDepth: 10)
        case .pq: return ColourDescription(matrix: .bt2020NCL, fullRange: false, primaries: .bt2020, transfer: .pq, bitDepth: 10)
        }
    }
}
