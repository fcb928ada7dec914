/// Text a user supplied — a file name, a JSON key or value, a word read from a file — as it may
/// appear in a message: invisible and control characters escaped, bytes that are not UTF-8
/// shown as `\xE9`, and cut to a readable length, so a message never carries raw binary or a
/// 5,000-character string to a terminal or a log. The one place messages quote such text.
public enum DiagnosticText {
    /// Longest quoted text, in characters, before it is cut.
    public static let maximumCharacters = 80
    /// Longest message, in characters (README, "Fuzzing"): a warning made of a file's text is cut here.
    public static let maximumMessageCharacters = 1_900

    /// `s` escaped and, past `limit` characters, cut: `abc… (5000 characters)`.
    public static func value(_ s: String, limit: Int = maximumCharacters) -> String {
        let (shown, cut) = escaped(s, limit: limit, quote: false)
        return shown + cut
    }

    /// `s` escaped, cut, in double quotes: `"caf\u{301}"`, `"abc…" (5000 characters)`.
    public static func quoted(_ s: String, limit: Int = maximumCharacters) -> String {
        let (shown, cut) = escaped(s, limit: limit, quote: true)
        return "\"" + shown + "\"" + cut
    }

    /// The first `limit` characters escaped, and what says the rest was cut (empty if none was).
    private static func escaped(_ s: String, limit: Int, quote: Bool) -> (String, String) {
        var out = ""
        var shown = 0
        var index = s.startIndex
        while index < s.endIndex, shown < limit {
            if quote, s[index] == "\"" { out += "\\\"" } else { escape(s[index], into: &out) }
            shown += 1
            index = s.index(after: index)
        }
        guard index < s.endIndex else { return (out, "") }
        return (out + "…", " (\(s.count) characters)")
    }

    /// A file name or path given as bytes (POSIX names need not be UTF-8): valid UTF-8 as text,
    /// every other byte as `\xNN` (`caf\xE9.jpg`), escaped and cut like `value`.
    public static func path(bytes: [UInt8], limit: Int = 240) -> String {
        var out = ""
        var shown = 0, i = 0
        while i < bytes.count {
            guard shown < limit else { return out + "… (\(bytes.count) bytes)" }
            var length = 0
            for n in 1...4 where i + n <= bytes.count {
                if let s = String(validating: bytes[i..<(i + n)], as: UTF8.self), s.unicodeScalars.count == 1 { length = n; break }
            }
            if length > 0, let scalar = String(decoding: bytes[i..<(i + length)], as: UTF8.self).unicodeScalars.first {
                escape(Character(scalar), into: &out)
                i += length
            } else {
                out += "\\x" + hex(UInt32(bytes[i]), digits: 2)
                i += 1
            }
            shown += 1
        }
        return out
    }

    /// A path as Swift holds it (Foundation gives names that are not UTF-8 with U+FFFD or as
    /// they decode): escaped and cut, with a longer limit than a value as paths are long.
    public static func path(_ path: String, limit: Int = 240) -> String { value(path, limit: limit) }

    private static func escape(_ character: Character, into out: inout String) {
        for scalar in character.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\\": out += "\\\\"
            default:
                if FilePathBytes.isByte(scalar) {
                    out += "\\x" + hex(scalar.value & 0xFF, digits: 2)  // a file name's byte that is not UTF-8
                } else if isVisible(scalar) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "\\u{" + hex(scalar.value, digits: 4) + "}"
                }
            }
        }
    }

    /// Letters, marks, numbers, punctuation, symbols and spaces; not controls, formatting
    /// characters (other than the joiners emoji need), separators other than space, private
    /// use, unassigned code points or noncharacters.
    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\u{200D}" || scalar == "\u{200C}" || scalar == "\u{FE0F}" { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: return false
        case .spaceSeparator: return scalar == " " || scalar == "\u{00A0}" || scalar == "\u{202F}"
        default: return !scalar.properties.isNoncharacterCodePoint
        }
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
