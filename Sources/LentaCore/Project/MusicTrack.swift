/// A piece of music under the story. Tracks play one after another from the story's start;
/// a track with `loop` repeats until the story ends. The music fades out with the story.
public struct MusicTrack: Hashable, Sendable, StrictJSONObject {
    /// The audio file, relative to the project file's folder (or absolute).
    public var path: String
    /// 0 silent, 1 as recorded (the default), up to 2.
    public var volume: Double?
    /// Seconds to fade in at its start and out at its end (default 0).
    public var fadeIn: Double?
    public var fadeOut: Double?
    /// Repeat the track until the story ends (default false).
    public var loop: Bool?
    /// Where in the audio file to begin, in seconds (default 0).
    public var start: Double?

    public init(path: String, volume: Double? = nil, fadeIn: Double? = nil, fadeOut: Double? = nil,
                loop: Bool? = nil, start: Double? = nil) {
        self.path = path
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
        self.loop = loop
        self.start = start
    }

    /// Seconds a looping track's end and its start again overlap (an equal-power crossfade): one
    /// pass of a loop lasts the track's length less this.
    public static let loopCrossfade = 0.02

    public static let jsonKeys = ["path", "volume", "fadeIn", "fadeOut", "loop", "start"]
    public static let requiredKeys = ["path"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys) else { return nil }
        self.path = o.read("path") ?? ""
        volume = o.read("volume")
        fadeIn = o.read("fadeIn")
        fadeOut = o.read("fadeOut")
        loop = o.read("loop")
        start = o.read("start")
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("path", path)
        o.set("volume", volume)
        o.set("fadeIn", fadeIn)
        o.set("fadeOut", fadeOut)
        o.set("loop", loop)
        o.set("start", start)
        return o.value
    }
}
