/// Settings for every item that does not say otherwise.
public struct ProjectDefaults: Hashable, Sendable, StrictJSONObject {
    /// Seconds a photo shows.
    public var photoDuration: Double?
    public var fit: FitMode?
    /// The transition between items (and from the title card).
    public var transition: ProjectTransition?
    /// Ken Burns for photos: `auto`, `none`, or one motion for all.
    public var kenBurns: KenBurns?

    public init(photoDuration: Double? = nil, fit: FitMode? = nil, transition: ProjectTransition? = nil, kenBurns: KenBurns? = nil) {
        self.photoDuration = photoDuration
        self.fit = fit
        self.transition = transition
        self.kenBurns = kenBurns
    }

    /// What lenta does when neither the item nor the project says: 3 s photos, the whole picture
    /// over a blurred, darkened copy of itself (so portrait media look right in a landscape story),
    /// cuts, no Ken Burns.
    public static let builtIn = ProjectDefaults(photoDuration: 3.0, fit: .blur, transition: .cut, kenBurns: KenBurns.none)

    public static let jsonKeys = ["photoDuration", "fit", "transition", "kenBurns"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys) else { return nil }
        photoDuration = o.read("photoDuration")
        fit = o.read("fit")
        transition = o.read("transition")
        kenBurns = o.read("kenBurns")
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("photoDuration", photoDuration)
        o.set("fit", fit)
        o.set("transition", transition)
        o.set("kenBurns", kenBurns)
        return o.value
    }
}
