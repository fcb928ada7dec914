/// How an item passes to the next one. Every kind but `cut` overlaps the two items by
/// `duration` seconds (default 0.5), so it shortens the story by that much.
public struct ProjectTransition: Hashable, Sendable, StrictJSONObject {
    public var type: TransitionKind
    public var duration: Double?
    /// The colour a `dip` passes through (default black).
    public var colour: DipColour?
    /// The way a `slide` or `wipe` moves (default left).
    public var direction: TransitionDirection?

    public init(type: TransitionKind, duration: Double? = nil, colour: DipColour? = nil, direction: TransitionDirection? = nil) {
        self.type = type
        self.duration = duration
        self.colour = colour
        self.direction = direction
    }

    public static let cut = ProjectTransition(type: .cut)
    /// The length of a transition that does not say.
    public static let defaultDuration = 0.5

    public static let jsonKeys = ["type", "duration", "colour", "direction"]
    public static let requiredKeys = ["type"]

    /// The time the two items overlap: 0 for a cut.
    public var overlap: Double { type == .cut ? 0 : duration ?? Self.defaultDuration }

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys) else { return nil }
        let type: TransitionKind? = o.read("type")
        duration = o.read("duration")
        colour = o.read("colour")
        direction = o.read("direction")
        guard let type else { return nil }
        self.type = type
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("type", type)
        o.set("duration", duration)
        o.set("colour", colour)
        o.set("direction", direction)
        return o.value
    }
}

public enum TransitionKind: String, Codable, Sendable, CaseIterable, StrictJSONConvertible {
    case cut, crossfade, dip, slide, wipe
}

public enum DipColour: String, Codable, Sendable, CaseIterable, StrictJSONConvertible {
    case black, white
}

public enum TransitionDirection: String, Codable, Sendable, CaseIterable, StrictJSONConvertible {
    case left, right, up, down
}
