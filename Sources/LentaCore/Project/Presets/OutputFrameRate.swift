/// Frames per second as an exact fraction. Written `"30"` (or `30`) for a whole rate and
/// `[30000, 1001]` for NTSC-style rates; `"30000/1001"` is read too.
public struct OutputFrameRate: Hashable, Sendable, CustomStringConvertible, StrictJSONConvertible, Codable {
    public var numerator: Int
    public var denominator: Int

    public init(_ numerator: Int, _ denominator: Int = 1) {
        self.numerator = numerator
        self.denominator = denominator
    }

    public var value: Double { Double(numerator) / Double(denominator) }

    /// `30`, `30000/1001`.
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    /// `30` from `"30"`, `30000/1001` from `"30000/1001"`; nil for anything else.
    public init?(text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let n = Int(parts[0]), let d = parts.count == 2 ? Int(parts[1]) : 1 else { return nil }
        self.init(n, d)
    }

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        switch value {
        case .string(let s):
            guard let rate = OutputFrameRate(text: s) else {
                reader.report(path, "\(DiagnosticText.quoted(s)) is not a frame rate (write \"30\" or [30000, 1001])")
                return nil
            }
            self = rate
        case .integer(let i):
            self.init(i)
        case .number(let d):
            reader.report(path, "\(d) is not a whole number of frames per second (write a fraction such as [30000, 1001])")
            return nil
        case .array(let elements):
            guard elements.count == 2 else {
                reader.report(path, "expected [numerator, denominator], found \(ProjectWords.plural(elements.count, "element"))")
                return nil
            }
            let n = reader.integer(elements[0], at: path + 0), d = reader.integer(elements[1], at: path + 1)
            guard let n, let d else { return nil }
            self.init(n, d)
        default:
            reader.mismatch("a frame rate (\"30\" or [30000, 1001])", value, at: path)
            return nil
        }
    }

    public var json: StrictJSON.Value {
        denominator == 1 ? .string(String(numerator)) : .array([.integer(numerator), .integer(denominator)])
    }

    public init(from decoder: Decoder) throws {
        let value = try StrictJSON.Value(from: decoder)
        let reader = StrictJSONReader()
        guard let rate = OutputFrameRate(json: value, at: JSONPath(codingPath: decoder.codingPath), reader: reader) else {
            throw ProjectFileError(problems: reader.problems)
        }
        self = rate
    }

    public func encode(to encoder: Encoder) throws { try json.encode(to: encoder) }
}
