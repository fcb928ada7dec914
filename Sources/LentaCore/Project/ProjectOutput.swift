/// What the story is encoded as: an output preset (see `presets/output/`), and optionally
/// some of its settings changed for this project.
public struct ProjectOutput: Hashable, Sendable, StrictJSONObject {
    /// The preset's name; `ProjectOutput.defaultPreset` when absent.
    public var preset: String?
    /// Frame size in pixels (even, for 4:2:0 chroma).
    public var width: Int?
    public var height: Int?
    public var fps: OutputFrameRate?
    /// x264's constant rate factor: lower is better and larger.
    public var crf: Int?

    public init(preset: String? = nil, width: Int? = nil, height: Int? = nil, fps: OutputFrameRate? = nil, crf: Int? = nil) {
        self.preset = preset
        self.width = width
        self.height = height
        self.fps = fps
        self.crf = crf
    }

    public static let defaultPreset = "landscape-1080p"

    public static let jsonKeys = ["preset", "width", "height", "fps", "crf"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys) else { return nil }
        preset = o.read("preset")
        width = o.read("width")
        height = o.read("height")
        fps = o.read("fps")
        crf = o.read("crf")
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("preset", preset)
        o.set("width", width)
        o.set("height", height)
        o.set("fps", fps)
        o.set("crf", crf)
        return o.value
    }
}
