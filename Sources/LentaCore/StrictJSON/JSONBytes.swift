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

    /// The room `appendMemberStart` needs: what it writes, and 7 bytes the last of its eight
    /// spaces at a time may pass the indent by.
    static func memberStartCapacity(_ key: StaticString, indent: Int) -> Int { 2 + indent + key.utf8CodeUnitCount + 5 + 7 }

    /// A member's start: `,` and a new line after the first member, the indent, `"key" : `,
    /// stored in one pass (appended piece by piece, they cost more than the member's value).
    mutating func appendMemberStart(_ key: StaticString, indent: Int, first: Bool) {
        let keyCount = key.utf8CodeUnitCount
        precondition(indent >= 0 && freeCapacity >= Self.memberStartCapacity(key, indent: indent), "a JSON piece wrote more than it reserved")
        withUnsafeMutableBufferPointer { buffer, initialized in
            guard var at = buffer.baseAddress.map({ $0 + initialized }) else { return }
            let start = at
            if !first {
                at[0] = UInt8(ascii: ",")
                at[1] = 0x0A
                at += 2
            }
            // The indent by eight spaces at a time (`memberStartCapacity` has room for the last
            // one's bytes past it, which the key then overwrites).
            var pad = 0
            while pad < indent {
                UnsafeMutableRawPointer(at + pad).storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
                pad += 8
            }
            at += indent
            at[0] = UInt8(ascii: "\"")
            (at + 1).initialize(from: key.utf8Start, count: keyCount)
            at += 1 + keyCount
            at[0] = UInt8(ascii: "\"")
            at[1] = UInt8(ascii: " ")
            at[2] = UInt8(ascii: ":")
            at[3] = UInt8(ascii: " ")
            at += 4
            initialized += at - start
        }
    }

    /// At most `6 * count + 2` bytes: every byte may become `\u00xx`.
    static func quotedCapacity(_ count: Int) -> Int { 6 * count + 2 }

    /// A JSON string literal: quotes, backslashes and control characters escaped (`\b`, `\f`,
    /// `\n`, `\r`, `\t`, else `\u00xx`), nothing else — slashes and non-ASCII as they are.
    mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        appendQuoted(bytes, escapes: JSONTextBytes.classify(bytes).needsEscape)
    }

    /// `appendQuoted` of bytes `JSONTextBytes.classify` has looked at.
    mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, escapes: Bool) {
        // Most strings (paths, names, times) need no escape and are copied whole.
        if !escapes {
            precondition(freeCapacity >= bytes.count + 2, "a JSON piece wrote more than it reserved")
            withUnsafeMutableBufferPointer { buffer, initialized in
                guard let at = buffer.baseAddress.map({ $0 + initialized }) else { return }
                at[0] = UInt8(ascii: "\"")
                if let source = bytes.baseAddress { (at + 1).initialize(from: source, count: bytes.count) }
                at[bytes.count + 1] = UInt8(ascii: "\"")
                initialized += bytes.count + 2
            }
            return
        }
        append(UInt8(ascii: "\""))
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
        precondition(freeCapacity >= Self.decimalCapacity, "a JSON piece wrote more than it reserved")
        // The digits from the last, at the end of the room (a division by 10 is a multiplication;
        // by a power of ten found first, as before, a division each), then moved into place.
        withUnsafeMutableBufferPointer { buffer, initialized in
            guard let start = buffer.baseAddress.map({ $0 + initialized }) else { return }
            var at = Self.decimalCapacity
            var rest = magnitude
            repeat {
                at -= 1
                start[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if negative {
                at -= 1
                start[at] = UInt8(ascii: "-")
            }
            let count = Self.decimalCapacity - at
            UnsafeMutableRawPointer(start).copyMemory(from: start + at, byteCount: count)  // a memmove
            initialized += count
        }
    }

    mutating func appendDecimal(_ value: some FixedWidthInteger) {
        // Every integer the writer sees fits 64 bits; wider ones would need their own digits.
        appendDecimal(magnitude: UInt64(truncatingIfNeeded: value.magnitude), negative: value < 0)
    }

    /// Room for any finite number's text (the longest, `-2.2250738585072014e-308`, has 24 bytes).
    static var numberCapacity: Int { ShortestNumberText.capacity }

    /// A finite number as `appendNumber(_: UnsafeBufferPointer)` writes its `description`, the
    /// digits taken from `Double.write(to:)` without a `String` between (most of an item's
    /// numbers were longer than a `String` holds without allocating: `scan --json`, issue 31).
    mutating func appendNumber(_ value: Double) {
        var text = ShortestNumberText()
        value.write(to: &text)
        text.withBytes { appendNumber($0) }
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

    /// An object's last line, `}` at `indent`, in one reservation.
    mutating func appendObjectEnd(indent: Int) {
        append(addingCapacity: indent + 2) { line in
            line.append(0x0A)
            line.appendPad(indent)
            line.append(UInt8(ascii: "}"))
        }
    }

    mutating func appendNumber(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            append(addingCapacity: bytes.count) { $0.appendNumber(bytes) }
        }
    }
}

/// Where `Double.write(to:)` puts a number's text: its digits arrive as ASCII bytes
/// (`_writeASCII`, the stream's requirement the standard library's numbers write through), kept
/// in place. A `String` handed to `write` (a library that no longer writes bytes) is kept too.
struct ShortestNumberText: TextOutputStream {
    static let capacity = 32
    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var count = 0

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        let taken = min(buffer.count, Self.capacity - count)
        guard taken > 0, let source = buffer.baseAddress else { return }
        let at = count
        withUnsafeMutableBytes(of: &storage) { bytes in
            bytes.baseAddress.map { ($0 + at).copyMemory(from: source, byteCount: taken) }
        }
        count += taken
    }

    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeBytes(of: storage) { bytes in
            bytes.withMemoryRebound(to: UInt8.self) { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
    }
}

/// What a text's bytes hold that decides how it is written, found eight bytes at a time.
enum JSONTextBytes {
    /// Whether any byte must be escaped in a JSON string (a control character, `"` or `\\`),
    /// and whether any is not ASCII.
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>) -> (needsEscape: Bool, nonASCII: Bool) {
        guard let base = bytes.baseAddress else { return (false, false) }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // A high bit in a byte of `(x - n) & ~x & highs` for some byte of x below n (n ≤ 128):
        // exact as to whether there is one.
        func below(_ x: UInt64, _ n: UInt64) -> UInt64 { (x &- ones &* n) & ~x & highs }
        var escapes: UInt64 = 0, high: UInt64 = 0
        var i = 0
        while i + 8 <= bytes.count {
            let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            high |= w
            escapes |= below(w, 0x20) | below(w ^ (ones &* 0x22), 1) | below(w ^ (ones &* 0x5C), 1)
            i += 8
        }
        while i < bytes.count {
            let b = base[i]
            high |= UInt64(b)
            if b < 0x20 || b == 0x22 || b == 0x5C { escapes = 1 }
            i += 1
        }
        return (escapes != 0, high & highs != 0)
    }
}
