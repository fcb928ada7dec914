/// v2, on an item: a few seconds of the trip's map before the item, with a dot travelling the
/// route — from the place the story showed last to the item's place (between days: the way from
/// one day to the next), or the whole route when no place was shown before it (opening the story).
/// Present means shown. Defaults: 3 s, joined to its item by the default transition.
public struct RouteInterlude: Hashable, Sendable, StrictJSONObject {
    public var duration: Double?
    /// The transition from the interlude to its item.
    public var transition: ProjectTransition?

    public init(duration: Double? = nil, transition: ProjectTransition? = nil) {
        self.duration = duration
        self.transition = transition
    }

    public static let defaultDuration = 3.0
    /// An interlude is a pause in the story, not a story of its own.
    public static let longest = 60.0

    public static let jsonKeys = ["duration", "transition"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys) else { return nil }
        duration = o.read("duration")
        transition = o.read("transition")
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("duration", duration)
        o.set("transition", transition)
        return o.value
    }
}
