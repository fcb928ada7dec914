/// A slow pan and zoom across a photo: `"auto"` (lenta chooses a gentle one), `"none"`, or an
/// explicit motion `{ "from": rect, "to": rect, "easing": … }`.
public enum KenBurns: Hashable, Sendable, Codable, StrictJSONConvertible {
    case auto
    case none
    case motion(KenBurnsMotion)

    /// The words `kenBurns` may be instead of an object.
    public static let keywords = ["auto", "none"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        switch value {
        case .string("auto"): self = .auto
        case .string("none"): self = .none
        case .string(let s):
            var message = "\(DiagnosticText.quoted(s)) is not \"auto\", \"none\" or an object {from, to, easing}"
            if let guess = ProjectSuggestion.closest(to: s, in: Self.keywords) { message += " (did you mean \"\(guess)\"?)" }
            reader.report(path, message)
            return nil
        case .object:
            guard let motion = KenBurnsMotion(json: value, at: path, reader: reader) else { return nil }
            self = .motion(motion)
        default:
            reader.mismatch("\"auto\", \"none\" or an object {from, to, easing}", value, at: path)
            return nil
        }
    }

    public var json: StrictJSON.Value {
        switch self {
        case .auto: return .string("auto")
        case .none: return .string("none")
        case .motion(let m): return m.json
        }
    }

    public init(from decoder: Decoder) throws {
        let value = try StrictJSON.Value(from: decoder)
        let reader = StrictJSONReader()
        guard let k = KenBurns(json: value, at: JSONPath(codingPath: decoder.codingPath), reader: reader),
              reader.problems.isEmpty else { throw ProjectFileError(problems: reader.problems) }
        self = k
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}

/// An explicit Ken Burns motion: the part of the (cropped) picture shown at the item's start and
/// at its end, both `[x, y, width, height]` in 0…1; `easing` defaults to `linear`.
public struct KenBurnsMotion: Hashable, Sendable, StrictJSONObject {
    public var from: ProjectRect
    public var to: ProjectRect
    public var easing: KenBurnsEasing?

    public init(from: ProjectRect, to: ProjectRect, easing: KenBurnsEasing? = nil) {
        self.from = from
        self.to = to
        self.easing = easing
    }

    public static let jsonKeys = ["from", "to", "easing"]
    public static let requiredKeys = ["from", "to"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys) else { return nil }
        let from: ProjectRect? = o.read("from"), to: ProjectRect? = o.read("to")
        easing = o.read("easing")
        guard let from, let to else { return nil }
        self.from = from
        self.to = to
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("from", from)
        o.set("to", to)
        o.set("easing", easing)
        return o.value
    }
}

/// How a Ken Burns motion speeds up and slows down.
public enum KenBurnsEasing: String, Codable, Sendable, CaseIterable, StrictJSONConvertible {
    case linear
    /// Starts slowly.
    case `in`
    /// Ends slowly.
    case out
    /// Starts and ends slowly.
    case inOut
}
