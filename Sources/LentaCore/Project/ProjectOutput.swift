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
    /// More output presets rendered in the same pass, each as it is (the changes above are the
    /// story's own), written beside the story's MP4 as `story.NAME.mp4`.
    public var also: [String]?

    public init(preset: String? = nil, width: Int? = nil, height: Int? = nil, fps: OutputFrameRate? = nil, crf: Int? = nil,
                also: [String]? = nil) {
        self.preset = preset
        self.width = width
        self.height = height
        self.fps = fps
        self.crf = crf
        self.also = also
    }

    public static let defaultPreset = "landscape-1080p"

    public static let jsonKeys = ["preset", "width", "height", "fps", "crf", "also"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys) else { return nil }
        preset = o.read("preset")
        width = o.read("width")
        height = o.read("height")
        fps = o.read("fps")
        crf = o.read("crf")
        // An unreadable name stays as "" so that indices keep matching the document.
        also = o.list("also") { String(json: $0, at: $1, reader: reader) ?? "" }
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("preset", preset)
        o.set("width", width)
        o.set("height", height)
        o.set("fps", fps)
        o.set("crf", crf)
        o.set("also", also.map { .array($0.map(\.json)) })
        return o.value
    }
}
