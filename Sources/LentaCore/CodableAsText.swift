/// A value written in JSON as its text (`"2024-05-03T14:22:09"`, `"+01:00"`, `"2024-05-03"`),
/// read back by the same parser people's input goes through.
public protocol CodableAsText: Codable, CustomStringConvertible {
    init?(codableText: String)
    /// What the text is, for the error when it is not one ("a UTC offset").
    static var textKind: String { get }
}

extension CodableAsText {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        let text = try c.decode(String.self)
        guard let value = Self(codableText: text) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription: "not \(Self.textKind): \(text)")
        }
        self = value
    }
}
