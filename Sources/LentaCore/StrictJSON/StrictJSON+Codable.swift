/// Any JSON value through `Decoder` and `Encoder`, so the models read through this layer (projects, presets, looks) can be `Codable`.
/// Object keys come back from a `Decoder` in no particular order; they are sorted.
extension StrictJSON.Value: Codable {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            let keys = object.allKeys.sorted { $0.stringValue < $1.stringValue }
            self = .object(try keys.map { ($0.stringValue, try object.decode(StrictJSON.Value.self, forKey: $0)) })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [StrictJSON.Value] = []
            while !array.isAtEnd { elements.append(try array.decode(StrictJSON.Value.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let b = try? single.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? single.decode(Int.self) {
            self = .integer(i)
        } else if let d = try? single.decode(Double.self) {
            self = .number(d)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in members { try container.encode(value, forKey: AnyKey(stringValue: key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let b):
            var container = encoder.singleValueContainer()
            try container.encode(b)
        case .integer(let i):
            var container = encoder.singleValueContainer()
            try container.encode(i)
        case .number(let d):
            var container = encoder.singleValueContainer()
            try container.encode(d)
        case .string(let s):
            var container = encoder.singleValueContainer()
            try container.encode(s)
        }
    }
}
