/// A JSON array of strings as `JSONEncoder` writes it compactly (`["a","b\/c"]`) whose strings
/// hold no escape but `\"`, `\\` and `\/`, no control character, and are UTF-8: how the catalog
/// keeps an item's warnings, written as the `[String]` it reads as writes (`"b/c"`), without
/// reading it into strings first (a fifth of a library's items carry one or two). Any other
/// text is nil here, and read into strings by the caller.
public struct CompactStringArrayText {
    let bytes: UnsafeBufferPointer<UInt8>

    public init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard Self.isPlain(bytes) else { return nil }
        self.bytes = bytes
    }

    /// Each string's bytes between its quotes, escapes as they are.
    func forEachString(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 2, i = 2
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""):
                body(UnsafeBufferPointer(rebasing: bytes[start..<i]))
                start = i + 3  // past `","`
                i = start
            default: i += 1
            }
        }
    }

    /// `[]`, or `["…"]`, `["…","…"]`… with only the escapes above, nothing below 0x20, UTF-8.
    private static func isPlain(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard b.count >= 2, b[0] == UInt8(ascii: "["), b[b.count - 1] == UInt8(ascii: "]") else { return false }
        if b.count == 2 { return true }
        var i = 1
        while true {
            guard i < b.count - 1, b[i] == UInt8(ascii: "\"") else { return false }
            i += 1
            // The string, up to its closing quote.
            while true {
                guard i < b.count - 1 else { return false }
                let byte = b[i]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    guard i + 1 < b.count - 1, [UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/")].contains(b[i + 1]) else { return false }
                    i += 2
                } else if byte < 0x20 {
                    return false
                } else if byte < 0x80 {
                    i += 1
                } else {
                    guard let length = JSONTextBytes.utf8SequenceLength(b, at: i) else { return false }
                    i += length
                }
            }
            i += 1
            if i == b.count - 1 { return true }
            guard b[i] == UInt8(ascii: ",") else { return false }
            i += 1
        }
    }
}

extension JSONTextBytes {
    /// The length of the well-formed UTF-8 sequence of more than one byte at `i` (The Unicode
    /// Standard, table 3-7: no overlong form, surrogate or value past U+10FFFF), or nil.
    static func utf8SequenceLength(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let lead = b[i]
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool { i + k < b.count && range.contains(b[i + k]) }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : nil
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : nil
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default: return nil
        }
    }
}

extension PrettyJSONMembers {
    /// The strings of a compact array, as `write(_:_: [String])` writes the strings it reads as:
    /// the escapes `\"` and `\\` as they are, `\/` as `/`.
    public mutating func write(_ key: StaticString, _ strings: CompactStringArrayText) {
        var count = 0
        strings.forEachString { _ in count += 1 }
        let indent = self.indent
        write(key, arrayOf: count) { out in
            var i = 0
            strings.forEachString { string in
                PrettyJSONEncoder.startElement(i, indent: indent, into: &out)
                i += 1
                out.append(addingCapacity: string.count + 2) { text in
                    text.append(UInt8(ascii: "\""))
                    // Runs between the escapes copied whole.
                    var run = 0, k = 0
                    while k < string.count {
                        guard string[k] == UInt8(ascii: "\\") else { k += 1; continue }
                        let slash = string[k + 1] == UInt8(ascii: "/")
                        text.append(bytes: UnsafeBufferPointer(rebasing: string[run..<(slash ? k : k + 2)]))
                        if slash { text.append(UInt8(ascii: "/")) }
                        k += 2
                        run = k
                    }
                    text.append(bytes: UnsafeBufferPointer(rebasing: string[run..<k]))
                    text.append(UInt8(ascii: "\""))
                }
            }
        }
    }
}
