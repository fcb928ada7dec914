/// An item `lenta project` left out of the story, kept so a person can swap it in by moving it
/// to `items` (DESIGN.md, "What v2 adds"): its file and why it was left out.
public struct ProjectAlternate: Hashable, Sendable, StrictJSONObject {
    /// The media file, relative to the project file's folder (or absolute).
    public var path: String
    public var reason: AlternateReason
    /// Why, as `lenta project --explain` writes it: the measures that decided (a duplicate or
    /// burst of which item, the sharpness against the lenta's, what the picture says…).
    public var why: [String]?

    public init(path: String, reason: AlternateReason, why: [String]? = nil) {
        self.path = path
        self.reason = reason
        self.why = why
    }

    public static let jsonKeys = ["path", "reason", "why"]
    public static let requiredKeys = ["path", "reason"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys) else { return nil }
        // A bad reason is reported; the path is kept so the file is still checked.
        self.path = o.read("path") ?? ""
        self.reason = o.read("reason") ?? .length
        self.why = o.list("why") { String(json: $0, at: $1, reader: reader) ?? "" }
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("path", path)
        o.set("reason", reason)
        o.set("why", why.map { .array($0.map(\.json)) })
        return o.value
    }
}

/// Why an item was left out of a story.
public enum AlternateReason: String, Codable, Sendable, CaseIterable, StrictJSONConvertible {
    /// Another frame of the same burst (or run of near-identical shots) was better.
    case burst
    /// A copy of an item in the story (the same bytes, or the same picture minutes later).
    case duplicate
    case blurred
    /// Too dark (or otherwise badly exposed) to show.
    case dark
    /// A screenshot or a screen recording.
    case screenshot
    /// A scan or photograph of a page.
    case document
    /// A picture with personal data: a passport, an ID, a bank card, a boarding pass.
    case `private`
    /// Good, but the story's length had no room for it.
    case length
}
