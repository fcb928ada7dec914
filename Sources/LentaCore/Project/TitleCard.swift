/// A card with the project's `title` and `subtitle` before the first item. Present means shown.
/// Defaults: 2.5 s, white text on black, a map of the route (when the items have positions),
/// joined to the first item by the default transition.
public struct TitleCard: Hashable, Sendable, StrictJSONObject {
    public var duration: Double?
    public var background: ProjectColour?
    /// The colour of the text.
    public var colour: ProjectColour?
    /// The transition to the first item.
    public var transition: ProjectTransition?
    /// A map of the route through the items' places; shown unless false (and when there are places).
    public var map: Bool?

    public init(duration: Double? = nil, background: ProjectColour? = nil, colour: ProjectColour? = nil,
                transition: ProjectTransition? = nil, map: Bool? = nil) {
        self.duration = duration
        self.background = background
        self.colour = colour
        self.transition = transition
        self.map = map
    }

    public static let defaultDuration = 2.5

    public static let jsonKeys = ["duration", "background", "colour", "transition", "map"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys) else { return nil }
        duration = o.read("duration")
        background = o.read("background")
        colour = o.read("colour")
        transition = o.read("transition")
        map = o.read("map")
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("duration", duration)
        o.set("background", background)
        o.set("colour", colour)
        o.set("transition", transition)
        o.set("map", map)
        return o.value
    }
}
