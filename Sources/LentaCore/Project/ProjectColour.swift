/// A colour for text and title cards: `"#RRGGBB"`, `"#RRGGBBAA"` (alpha last), or one of
/// the names in `ProjectColour.named`. Written back as its name when it has one, else as hex.
public struct ProjectColour: Hashable, Sendable, CustomStringConvertible, StrictJSONConvertible, Codable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = ProjectColour(red: 0, green: 0, blue: 0)
    public static let white = ProjectColour(red: 255, green: 255, blue: 255)

    /// The names lenta knows, in the order they are preferred when writing.
    public static let named: [(name: String, colour: ProjectColour)] = [
        ("black", .black), ("white", .white),
        ("grey", ProjectColour(red: 128, green: 128, blue: 128)), ("gray", ProjectColour(red: 128, green: 128, blue: 128)),
        ("red", ProjectColour(red: 255, green: 0, blue: 0)), ("green", ProjectColour(red: 0, green: 128, blue: 0)),
        ("blue", ProjectColour(red: 0, green: 0, blue: 255)), ("yellow", ProjectColour(red: 255, green: 255, blue: 0)),
        ("transparent", ProjectColour(red: 0, green: 0, blue: 0, alpha: 0)),
    ]

    /// From a name (lower case) or `#RRGGBB` / `#RRGGBBAA` (hex digits in either case).
    public init?(text: String) {
        if let entry = Self.named.first(where: { $0.name == text }) {
            self = entry.colour
            return
        }
        let hex = Array(text.utf8)
        guard hex.first == UInt8(ascii: "#"), hex.count == 7 || hex.count == 9 else { return nil }
        var bytes: [UInt8] = []
        var i = 1
        while i < hex.count {
            guard let byte = UInt8(String(decoding: hex[i..<i + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
            i += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    }

    /// Its name, else `#RRGGBB`, else `#RRGGBBAA`.
    public var description: String {
        if let entry = Self.named.first(where: { $0.colour == self }) { return entry.name }
        let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + parts.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard case .string(let s) = value else {
            reader.mismatch("a colour (\"#RRGGBB\" or a name)", value, at: path)
            return nil
        }
        guard let colour = ProjectColour(text: s) else {
            var message = "\(DiagnosticText.quoted(s)) is not a colour ("
            if let guess = ProjectSuggestion.closest(to: s, in: Self.named.map(\.name)) { message += "did you mean \"\(guess)\"? " }
            message += "write \"#RRGGBB\", \"#RRGGBBAA\" or a name: \(Self.named.map(\.name).joined(separator: ", ")))"
            reader.report(path, message)
            return nil
        }
        self = colour
    }

    public var json: StrictJSON.Value { .string(description) }

    public init(from decoder: Decoder) throws {
        let text = try String(from: decoder)
        guard let colour = ProjectColour(text: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(text) is not a colour"))
        }
        self = colour
    }

    public func encode(to encoder: Encoder) throws { try description.encode(to: encoder) }
}
