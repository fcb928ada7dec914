/// One photo or video in the story, with its edits. Absent edits take the project's `defaults`,
/// else lenta's own (`ProjectDefaults.builtIn`).
public struct ProjectItem: Hashable, Sendable, StrictJSONObject {
    /// The media file, relative to the project file's folder (or absolute).
    public var path: String
    /// How long a photo shows, in seconds.
    public var duration: Double?
    /// The part of a video used, `[in, out]` in seconds.
    public var trim: TrimRange?
    /// A video's sound level: 0 silent, 1 as recorded, up to 2.
    public var volume: Double?
    public var adjust: Adjustments?
    /// Degrees, positive clockwise, applied after EXIF orientation (to straighten a horizon).
    public var rotate: Double?
    /// The part of the picture kept, `[x, y, width, height]` in 0…1; applied before `fit`.
    public var crop: ProjectRect?
    public var fit: FitMode?
    public var kenBurns: KenBurns?
    public var text: TextOverlay?
    /// A look preset's name, or the path of a `.cube` LUT relative to the project file.
    public var look: String?
    /// The transition to the next item.
    public var transition: ProjectTransition?
    /// On a Live or Motion Photo: play its motion (with its sound, trimmed like a clip) instead
    /// of showing the still.
    public var motion: Bool?
    /// v2: the route map with a dot travelling to this item's place, shown before it.
    public var routeInterlude: RouteInterlude?
    /// v3: a chapter of the MP4 starts at this item, with this title (a memory's year or trip).
    /// When any item has one, these are the story's chapters instead of the preset's places or days.
    public var chapter: String?
    /// v3: a clip's speed, 0.25 (slow motion) to 4: it lasts `trim` ÷ speed on the timeline, its
    /// sound pitch-preserved. nil: 1.
    public var speed: Double?
    /// v3: hold a shaky clip steady (`true`), or never (`false`); nil: as its analysis found it
    /// (stabilised when shaky).
    public var stabilise: Bool?
    /// Why `lenta project --explain` chose it: the measures that decided (sharpness, exposure,
    /// content and its reasons, length…). Validation accepts it; rendering ignores it.
    public var why: [String]?

    public init(path: String, duration: Double? = nil, trim: TrimRange? = nil, volume: Double? = nil,
                adjust: Adjustments? = nil, rotate: Double? = nil, crop: ProjectRect? = nil, fit: FitMode? = nil,
                kenBurns: KenBurns? = nil, text: TextOverlay? = nil, look: String? = nil, transition: ProjectTransition? = nil,
                motion: Bool? = nil) {
        self.path = path
        self.duration = duration
        self.trim = trim
        self.volume = volume
        self.adjust = adjust
        self.rotate = rotate
        self.crop = crop
        self.fit = fit
        self.kenBurns = kenBurns
        self.text = text
        self.look = look
        self.transition = transition
        self.motion = motion
    }

    public static let jsonKeys = ["path", "duration", "trim", "volume", "adjust", "rotate", "crop", "fit", "kenBurns",
                                  "text", "look", "transition", "motion", "routeInterlude", "chapter", "speed", "stabilise", "why"]
    public static let requiredKeys = ["path"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys) else { return nil }
        self.path = o.read("path") ?? ""
        duration = o.read("duration")
        trim = o.read("trim")
        volume = o.read("volume")
        adjust = o.read("adjust")
        rotate = o.read("rotate")
        crop = o.read("crop")
        fit = o.read("fit")
        kenBurns = o.read("kenBurns")
        text = o.read("text")
        look = o.read("look")
        transition = o.read("transition")
        motion = o.read("motion")
        routeInterlude = o.read("routeInterlude")
        chapter = o.read("chapter")
        speed = o.read("speed")
        stabilise = o.read("stabilise")
        why = o.list("why") { String(json: $0, at: $1, reader: reader) ?? "" }
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("path", path)
        o.set("duration", duration)
        o.set("trim", trim)
        o.set("volume", volume)
        o.set("adjust", adjust)
        o.set("rotate", rotate)
        o.set("crop", crop)
        o.set("fit", fit)
        o.set("kenBurns", kenBurns)
        o.set("text", text)
        o.set("look", look)
        o.set("transition", transition)
        o.set("motion", motion)
        o.set("routeInterlude", routeInterlude)
        o.set("chapter", chapter)
        o.set("speed", speed)
        o.set("stabilise", stabilise)
        o.set("why", why.map { .array($0.map(\.json)) })
        return o.value
    }
}
