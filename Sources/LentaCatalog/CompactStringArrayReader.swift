/// A JSON array of strings as `JSONEncoder` writes it compactly (`["a","b\/c","\u0001"]`: no
/// spaces, every escape JSON has), read by its bytes. Nil for anything else, which the caller
/// leaves to `JSONDecoder`; `ItemWarningsColumnTests` holds the two to the same reading.
struct CompactStringArrayReader {
    let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func read() -> [String]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var strings: [String] = []
        if take(UInt8(ascii: "]")) { return at == bytes.count ? strings : nil }
        while true {
            guard let string = readString() else { return nil }
            strings.append(string)
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "]")), at == bytes.count else { return nil }
            return strings
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard at < bytes.count, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    private mutating func readString() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = at
        // Without escapes the string is the bytes between the quotes.
        while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\") {
            guard bytes[at] >= 0x20 else { return nil }
            at += 1
        }
        guard at < bytes.count else { return nil }
        var text = Array(bytes[start..<at])
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { return nil }
                let escape = bytes[at]
                at += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = readUnicodeEscape() else { return nil }
                    text.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                text.append(byte)
            }
        }
        return nil
    }

    /// `XXXX` after `\u`, or a surrogate pair `XXXX\uXXXX`; a lone surrogate is left to `JSONDecoder`.
    private mutating func readUnicodeEscape() -> Unicode.Scalar? {
        guard let unit = readHex4() else { return nil }
        if (0xD800..<0xDC00).contains(unit) {
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = readHex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(unit)
    }

    private mutating func readHex4() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }
}
