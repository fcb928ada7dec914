/// The part of a video a story uses, `[in, out]` in seconds from the start of the file.
public struct TrimRange: Hashable, Codable, Sendable, StrictJSONConvertible {
    public var start: Double
    public var end: Double

    public init(_ start: Double, _ end: Double) {
        self.start = start
        self.end = end
    }

    public var length: Double { end - start }

    public static let componentNames = ["in", "out"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let n = reader.numbers(value, at: path, names: Self.componentNames) else { return nil }
        self.init(n[0], n[1])
    }

    public var json: StrictJSON.Value { .array([.number(start), .number(end)]) }

    public init(from decoder: Decoder) throws {
        let v = try [Double](from: decoder)
        guard v.count == 2 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected [in, out]"))
        }
        self.init(v[0], v[1])
    }

    public func encode(to encoder: Encoder) throws { try [start, end].encode(to: encoder) }
}
