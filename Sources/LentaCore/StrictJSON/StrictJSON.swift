/// JSON read exactly as written — project files, output presets and look recipes: keys in their
/// order (duplicates kept, so they can be reported), `true` never confused with `1`, syntax
/// errors with line and column. Models are decoded from these values, which lets the decoder
/// report every problem at once with its `JSONPath` instead of stopping at the first, as
/// `JSONDecoder` does.
public enum StrictJSON {
    /// One JSON value.
    public indirect enum Value: Equatable, Sendable {
        case null
        case bool(Bool)
        /// A number written without a fraction or exponent that fits `Int`.
        case integer(Int)
        /// Any other number.
        case number(Double)
        case string(String)
        case array([Value])
        /// Members in document order; a key written twice appears twice.
        case object([(key: String, value: Value)])

        public static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.null, .null): return true
            case let (.bool(x), .bool(y)): return x == y
            case let (.number(x), .number(y)): return x == y
            case let (.integer(x), .integer(y)): return x == y
            case let (.integer(x), .number(y)), let (.number(y), .integer(x)): return Double(x) == y
            case let (.string(x), .string(y)): return x == y
            case let (.array(x), .array(y)): return x == y
            case let (.object(x), .object(y)):
                return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }

        /// The number this is, if it is one.
        public var doubleValue: Double? {
            switch self {
            case .integer(let i): return Double(i)
            case .number(let d): return d
            default: return nil
            }
        }

        /// What kind of value this is, in words for messages: "a number", "an object"…
        public var kindName: String {
            switch self {
            case .null: return "null"
            case .bool: return "true or false"
            case .number, .integer: return "a number"
            case .string: return "a string"
            case .array: return "an array"
            case .object: return "an object"
            }
        }
    }
}
