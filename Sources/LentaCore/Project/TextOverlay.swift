/// Words shown over an item. Defaults: position `bottom`, size 0.06 (of the frame's height),
/// colour white, a shadow, no box, no fades.
public struct TextOverlay: Hashable, Sendable, StrictJSONObject {
    public var content: String
    public var position: TextPosition?
    /// The height of a line as a fraction of the frame's height.
    public var size: Double?
    public var colour: ProjectColour?
    /// A soft shadow behind the letters.
    public var shadow: Bool?
    /// A translucent box behind the text.
    public var box: Bool?
    /// Seconds for the text to appear and to go, within the item.
    public var fadeIn: Double?
    public var fadeOut: Double?

    public init(content: String, position: TextPosition? = nil, size: Double? = nil, colour: ProjectColour? = nil,
                shadow: Bool? = nil, box: Bool? = nil, fadeIn: Double? = nil, fadeOut: Double? = nil) {
        self.content = content
        self.position = position
        self.size = size
        self.colour = colour
        self.shadow = shadow
        self.box = box
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
    }

    public static let defaultSize = 0.06

    public static let jsonKeys = ["content", "position", "size", "colour", "shadow", "box", "fadeIn", "fadeOut"]
    public static let requiredKeys = ["content"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys) else { return nil }
        content = o.read("content") ?? ""
        position = o.read("position")
        size = o.read("size")
        colour = o.read("colour")
        shadow = o.read("shadow")
        box = o.read("box")
        fadeIn = o.read("fadeIn")
        fadeOut = o.read("fadeOut")
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("content", content)
        o.set("position", position)
        o.set("size", size)
        o.set("colour", colour)
        o.set("shadow", shadow)
        o.set("box", box)
        o.set("fadeIn", fadeIn)
        o.set("fadeOut", fadeOut)
        return o.value
    }
}

/// Where text sits: a band of the frame, or the point `[x, y]` (0…1) its centre is placed at.
public enum TextPosition: Hashable, Sendable, Codable, StrictJSONConvertible {
    case anchor(TextAnchor)
    case point(ProjectPoint)

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        switch value {
        case .string:
            guard let anchor = reader.enumeration(TextAnchor.self, value, at: path, aliases: TextAnchor.aliases) else { return nil }
            self = .anchor(anchor)
        case .array:
            guard let point = ProjectPoint(json: value, at: path, reader: reader) else { return nil }
            self = .point(point)
        default:
            reader.mismatch("top, centre, bottom or a point [x, y]", value, at: path)
            return nil
        }
    }

    public var json: StrictJSON.Value {
        switch self {
        case .anchor(let a): return a.json
        case .point(let p): return p.json
        }
    }

    public init(from decoder: Decoder) throws {
        let value = try StrictJSON.Value(from: decoder)
        let reader = StrictJSONReader()
        guard let p = TextPosition(json: value, at: JSONPath(codingPath: decoder.codingPath), reader: reader) else {
            throw ProjectFileError(problems: reader.problems)
        }
        self = p
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}

/// A band of the frame for text. `center` is read as `centre`.
public enum TextAnchor: String, Codable, Sendable, CaseIterable, StrictJSONConvertible {
    case top, centre, bottom

    public static let aliases: [String: TextAnchor] = ["center": .centre]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let a = reader.enumeration(TextAnchor.self, value, at: path, aliases: Self.aliases) else { return nil }
        self = a
    }
}
