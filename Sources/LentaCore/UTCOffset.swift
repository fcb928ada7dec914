/// A UTC offset such as `+02:00`, in whole seconds east of Greenwich.
public struct UTCOffset: Hashable, CodableAsText, Sendable {
    public var seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    /// Real offsets lie between -12:00 and +14:00; allow a little slack for historical zones.
    public var isPlausible: Bool { (-15 * 3600...15 * 3600).contains(seconds) }

    /// Parses `Z`, `+02:00`, `+0200`, `+02`, `-04:30`.
    public init?(_ text: Substring) {
        let t = text.trimmingSpaces
        if t == "Z" || t == "z" { self.init(seconds: 0); return }
        guard let sign = t.first, sign == "+" || sign == "-" else { return nil }
        let digits = t.dropFirst().filter { $0 != ":" }
        guard digits.allSatisfy(\.isASCIIDigit), digits.count == 2 || digits.count == 4,
              let h = Int(digits.prefix(2)), let m = Int(digits.dropFirst(2).isEmpty ? "0" : String(digits.dropFirst(2))),
              h <= 15, m < 60 else { return nil }
        self.init(seconds: (sign == "-" ? -1 : 1) * (h * 3600 + m * 60))
    }

    public init?(_ text: String) { self.init(Substring(text)) }

    public var description: String {
        guard hasFixedWidthText else {
            let a = seconds.magnitude
            return (seconds < 0 ? "-" : "+") + pad(Int(a / 3600)) + ":" + pad(Int(a % 3600 / 60))
        }
        // Written by position: `scan --json` writes one for most items (concatenation cost 2,000 instructions).
        return String(unsafeUninitializedCapacity: 6) { buffer in
            var text = OutputSpan(buffer: buffer, initializedCount: 0)
            appendText(to: &text)
            return text.finalize(for: buffer)
        }
    }

    /// Whether its hours have two digits: the six bytes `appendText` writes.
    var hasFixedWidthText: Bool { seconds.magnitude / 3600 < 100 }

    /// `description` of an offset with `hasFixedWidthText` (`+02:00`), into the output.
    func appendText(to text: inout OutputSpan<UInt8>) {
        let a = seconds.magnitude, hours = UInt8(a / 3600), minutes = UInt8(a % 3600 / 60)
        text.append(seconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        text.append(UInt8(ascii: "0") + hours / 10)
        text.append(UInt8(ascii: "0") + hours % 10)
        text.append(UInt8(ascii: ":"))
        text.append(UInt8(ascii: "0") + minutes / 10)
        text.append(UInt8(ascii: "0") + minutes % 10)
    }

    public init?(codableText: String) { self.init(codableText[...]) }
    public static let textKind = "a UTC offset"
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        let s = Substring(self)
        guard let start = s.firstIndex(where: { !$0.isWhitespace && $0 != "\0" }) else { return s[s.endIndex...] }
        let end = s.lastIndex(where: { !$0.isWhitespace && $0 != "\0" }) ?? start
        return s[start...end]
    }
}
