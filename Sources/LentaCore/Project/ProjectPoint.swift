/// A point `[x, y]` normalised to the frame: `[0.5, 0.5]` is its centre.
public struct ProjectPoint: Hashable, Codable, Sendable, StrictJSONConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let componentNames = ["x", "y"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let n = reader.numbers(value, at: path, names: Self.componentNames) else { return nil }
        self.init(x: n[0], y: n[1])
    }

    public var json: StrictJSON.Value { .array([.number(x), .number(y)]) }

    public init(from decoder: Decoder) throws {
        let v = try [Double](from: decoder)
        guard v.count == 2 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected [x, y]"))
        }
        self.init(x: v[0], y: v[1])
    }

    public func encode(to encoder: Encoder) throws { try [x, y].encode(to: encoder) }
}
