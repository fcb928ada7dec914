/// The byte-level pieces of the pretty JSON text, written into an `OutputSpan` that the caller
/// reserved once for a whole member: `scan --json` writes about a hundred pieces an item, and an
/// `Array.append(contentsOf:)` for each cost more than the bytes themselves (issue 31).
/// Each piece states the most bytes it can write, so a reservation is never short.
extension OutputSpan where Element == UInt8 {
    /// Spaces, one level of the two-space indent each.
    mutating func appendPad(_ n: Int) {
        append(repeating: UInt8(ascii: " "), count: n)
    }

    /// A literal's bytes (keys, `true`, separators).
    mutating func append(_ text: StaticString) {
        append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The room checked once for the run, not byte by byte as `append` checks it (keys and
    /// separators, one checked byte at a time, were 6.9 M of the 86 M instructions `scan --json`
    /// of 1,785 items added; issue 31).
    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        precondition(freeCapacity >= bytes.count, "a JSON piece wrote more than it reserved")
        guard let source = bytes.baseAddress else { return }
        withUnsafeMutableBufferPointer { buffer, initialized in
            guard let target = buffer.baseAddress else { return }
            (target + initialized).initialize(from: source, count: bytes.count)
            initialized += bytes.count
        }
    }

    /// At most `6 * count + 2` bytes: every byte may become `\u00xx`.
    static func quotedCapacity(_ count: Int) -> Int { 6 * count + 2 }

    /// A JSON string literal: quotes, backslashes and control characters escaped (`\b`, `\f`,
    /// `\n`, `\r`, `\t`, else `\u00xx`), nothing else — slashes and non-ASCII as they are.
    mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        // Most strings (paths, names, times) need no escape and are copied whole.
        if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            append(bytes: bytes)
            append(UInt8(ascii: "\""))
            return
        }
        for byte in bytes {
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                append(byte)
                continue
            }
            append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
            case 0x0A: append(UInt8(ascii: "n"))
            case 0x0D: append(UInt8(ascii: "r"))
            case 0x09: append(UInt8(ascii: "t"))
            case 0x08: append(UInt8(ascii: "b"))
            case 0x0C: append(UInt8(ascii: "f"))
            default:
                append("u00")
                append(Self.hexDigit(byte >> 4))
                append(Self.hexDigit(byte & 0xF))
            }
        }
        append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// At most 20 digits and a sign.
    static var decimalCapacity: Int { 21 }

    mutating func appendDecimal(magnitude: UInt64, negative: Bool) {
        if negative { append(UInt8(ascii: "-")) }
        var divisor: UInt64 = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        var rest = magnitude
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    mutating func appendDecimal(_ value: some FixedWidthInteger) {
        // Every integer the writer sees fits 64 bits; wider ones would need their own digits.
        appendDecimal(magnitude: UInt64(truncatingIfNeeded: value.magnitude), negative: value < 0)
    }

    /// Swift's shortest round-tripping form of a finite number with a whole number's `.0`
    /// dropped, as Foundation writes it; at most `text`'s length.
    mutating func appendNumber(_ text: UnsafeBufferPointer<UInt8>) {
        let whole = text.count > 2 && text[text.count - 2] == UInt8(ascii: ".") && text[text.count - 1] == UInt8(ascii: "0")
        append(bytes: UnsafeBufferPointer(rebasing: text[..<(whole ? text.count - 2 : text.count)]))
    }
}

extension Array where Element == UInt8 {
    /// A string's JSON literal, in one reservation.
    mutating func appendQuoted(_ s: String) {
        var s = s
        s.withUTF8 { bytes in
            append(addingCapacity: OutputSpan<UInt8>.quotedCapacity(bytes.count)) { $0.appendQuoted(bytes) }
        }
    }

    mutating func appendPad(_ n: Int) {
        append(addingCapacity: n) { $0.appendPad(n) }
    }

    mutating func append(_ text: StaticString) {
        append(addingCapacity: text.utf8CodeUnitCount) { $0.append(text) }
    }

    mutating func appendDecimal(_ value: some FixedWidthInteger) {
        append(addingCapacity: OutputSpan<UInt8>.decimalCapacity) { $0.appendDecimal(value) }
    }

    mutating func appendNumber(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            append(addingCapacity: bytes.count) { $0.appendNumber(bytes) }
        }
    }
}
