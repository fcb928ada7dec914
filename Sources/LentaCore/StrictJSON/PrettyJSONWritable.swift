/// Something written as a JSON object member by member, straight into the output: a value
/// (`PrettyJSONWritable`), or a catalog row written without becoming one (`scan --json`'s items).
public protocol PrettyJSONObject {
    /// Its members, in ascending order of the keys' UTF-8 bytes (checked in debug builds).
    func writeMembers(_ members: inout PrettyJSONMembers) throws
}

/// A value that writes its own members for `PrettyJSONEncoder`, straight into the output, instead
/// of building a tree through `Encoder` and sorting it: the catalog's items, thousands of which
/// `scan --json` prints (building the tree cost more than the rest of an unchanged rescan, issue 31).
/// What it writes must be what its `encode(to:)` writes; `PrettyJSONWritableTests` compares the two
/// through Foundation's encoder on values with every optional set.
public protocol PrettyJSONWritable: PrettyJSONObject, Encodable {}

/// The members of one object being written: `"key" : value` lines at one indent, nil values left
/// out as a synthesised `encodeIfPresent` leaves them out.
public struct PrettyJSONMembers {
    var out: [UInt8] = []
    let indent: Int
    /// Where the text written so far goes once it passes a chunk's size, between the elements of
    /// an array (nil: kept whole, for `PrettyJSONEncoder.encode`).
    private let stream: PrettyJSONStream?
    private var count = 0
    #if DEBUG
    private var lastKey: [UInt8] = []
    #endif

    init(indent: Int, stream: PrettyJSONStream? = nil) {
        self.indent = indent
        self.stream = stream
    }

    /// Hands the text written so far on when it fills a chunk.
    private mutating func flushIfFull() throws {
        guard let stream, out.count >= stream.chunkSize else { return }
        try stream.consume(out)
        out.removeAll(keepingCapacity: true)
    }

    /// Writes `value` as an object at `indent`, its members through `writeMembers`.
    static func writeObject(_ value: some PrettyJSONObject, indent: Int, into out: inout [UInt8]) throws {
        // Not through `writeObject(indent:into:_:)`: the closure of `value.writeMembers` boxes a
        // copy of the value, each time (called from another module, the generic is not specialised).
        out.append("{\n")
        var nested = PrettyJSONMembers(indent: indent + 2)
        swap(&nested.out, &out)
        defer { swap(&nested.out, &out) }
        try value.writeMembers(&nested)
        nested.out.appendObjectEnd(indent: indent)
    }

    /// An object at `indent` whose members `members` writes.
    static func writeObject(indent: Int, into out: inout [UInt8], _ members: (inout PrettyJSONMembers) throws -> Void) rethrows {
        out.append("{\n")
        var nested = PrettyJSONMembers(indent: indent + 2)
        swap(&nested.out, &out)
        defer { swap(&nested.out, &out) }
        try members(&nested)
        nested.out.appendObjectEnd(indent: indent)
    }

    /// A member's line up to its value (`,` and a new line after the first, the indent, the key),
    /// and the value, in one reservation of the output.
    /// Inlined into each writer, its value's closure with it (a call and a closure context for
    /// each of an item's ~45 members).
    @inline(__always)
    private mutating func member(_ key: StaticString, valueCapacity: Int, _ value: (inout OutputSpan<UInt8>) -> Void) {
        #if DEBUG
        let bytes = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        assert(count == 0 || lastKey.lexicographicallyPrecedes(bytes), "\(key) written after \(String(decoding: lastKey, as: UTF8.self))")
        lastKey = Array(bytes)
        #endif
        let first = count == 0, indent = self.indent
        count += 1
        out.append(addingCapacity: OutputSpan<UInt8>.memberStartCapacity(key, indent: indent) + valueCapacity) { line in
            line.appendMemberStart(key, indent: indent, first: first)
            value(&line)
        }
    }

    public mutating func write(_ key: StaticString, _ value: String?) {
        guard var value else { return }
        value.withUTF8 { bytes in
            member(key, valueCapacity: OutputSpan<UInt8>.quotedCapacity(bytes.count)) { $0.appendQuoted(bytes) }
        }
    }

    public mutating func write(_ key: StaticString, _ value: Bool?) {
        guard let value else { return }
        member(key, valueCapacity: 5) { $0.append(value ? "true" : "false") }
    }

    public mutating func write<I: FixedWidthInteger>(_ key: StaticString, _ value: I?) {
        guard let value else { return }
        member(key, valueCapacity: OutputSpan<UInt8>.decimalCapacity) { $0.appendDecimal(value) }
    }

    /// Bytes as the `String` made of them (`String(decoding:as:)`, which repairs what is not
    /// UTF-8) writes: a catalog column's text, in place when it is ASCII (nothing to repair).
    public mutating func write(_ key: StaticString, utf8 bytes: UnsafeBufferPointer<UInt8>?) {
        guard let bytes else { return }
        let kind = JSONTextBytes.classify(bytes)
        guard !kind.nonASCII else { return write(key, String(decoding: bytes, as: UTF8.self)) }
        member(key, valueCapacity: OutputSpan<UInt8>.quotedCapacity(bytes.count)) { $0.appendQuoted(bytes, escapes: kind.needsEscape) }
    }

    /// A string of at most `capacity` bytes none of which needs an escape, written by `text`
    /// straight into the output (dates, offsets).
    mutating func write(_ key: StaticString, plainText capacity: Int, _ text: (inout OutputSpan<UInt8>) -> Void) {
        member(key, valueCapacity: capacity + 2) { line in
            line.append(UInt8(ascii: "\""))
            text(&line)
            line.append(UInt8(ascii: "\""))
        }
    }

    public mutating func write(_ key: StaticString, _ value: Double?) throws {
        guard let value else { return }
        guard value.isFinite else { _ = try PrettyJSONEncoder.numberText(value, path: [PrettyJSONKey(key)]); return }
        member(key, valueCapacity: OutputSpan<UInt8>.numberCapacity) { $0.appendNumber(value) }
    }

    /// A string-backed enum, written as its raw value as `Codable` writes it.
    public mutating func write<E: RawRepresentable>(_ key: StaticString, _ value: E?) where E.RawValue == String {
        write(key, value?.rawValue)
    }

    public mutating func write(_ key: StaticString, _ value: [String]?) {
        guard let value else { return }
        let indent = self.indent
        write(key, arrayOf: value.count) { out in
            for (i, string) in value.enumerated() {
                PrettyJSONEncoder.startElement(i, indent: indent, into: &out)
                out.appendQuoted(string)
            }
        }
    }

    /// An array of `count` elements, which `elements` writes after their `startElement`s.
    mutating func write(_ key: StaticString, arrayOf count: Int, _ elements: (inout [UInt8]) -> Void) {
        guard count > 0 else {
            // Foundation's empty array, `[`, an empty line, `]` at the member's indent, in one piece.
            let indent = self.indent
            member(key, valueCapacity: 4 + indent) { line in
                line.append("[\n\n")
                line.appendPad(indent)
                line.append(UInt8(ascii: "]"))
            }
            return
        }
        member(key, valueCapacity: 0) { _ in }
        out.append("[\n")
        elements(&out)
        PrettyJSONEncoder.endArray(indent: indent, into: &out)
    }

    /// An array of values that write their own members, handed over one at a time by `elements`
    /// as they are read (a library's items are never all in memory), the text handed on by
    /// chunks between them when streamed.
    public mutating func write<W: PrettyJSONObject>(_ key: StaticString, each elements: ((W) throws -> Void) throws -> Void) throws {
        member(key, valueCapacity: 0) { _ in }
        let indent = self.indent
        var i = 0
        out.append("[\n")
        try elements { value in
            try Self.writeElement(value, i, indent: indent, into: &out)
            i += 1
            try flushIfFull()
        }
        PrettyJSONEncoder.endArray(indent: indent, into: &out)
    }

    /// Element `i` of an array of objects that is the value of a member at `indent`.
    static func writeElement(_ value: some PrettyJSONObject, _ i: Int, indent: Int, into out: inout [UInt8]) throws {
        PrettyJSONEncoder.startElement(i, indent: indent, into: &out)
        try writeObject(value, indent: indent + 2, into: &out)
    }

    /// An array whose elements were written ahead (`PrettyJSONElements` at this object's indent,
    /// from the first), their text handed over in order by `chunks`: the bytes `write(_:each:)`
    /// writes for the same elements. Streamed, each chunk goes on as it is.
    public mutating func write(_ key: StaticString, writtenElements chunks: (([UInt8]) throws -> Void) throws -> Void) throws {
        member(key, valueCapacity: 0) { _ in }
        out.append("[\n")
        try chunks { chunk in
            guard let stream else { return out.append(contentsOf: chunk) }
            if !out.isEmpty {
                try stream.consume(out)
                out.removeAll(keepingCapacity: true)
            }
            try stream.consume(chunk)
        }
        PrettyJSONEncoder.endArray(indent: indent, into: &out)
    }

    /// An array of values that write their own members.
    public mutating func write<W: PrettyJSONWritable>(_ key: StaticString, _ values: [W]?) throws {
        guard let values else { return }
        try write(key, each: { element in try values.forEach(element) })
    }

    /// A nested value that writes its own members.
    public mutating func write(_ key: StaticString, _ value: (some PrettyJSONObject)?) throws {
        guard let value else { return }
        member(key, valueCapacity: 0) { _ in }
        try Self.writeObject(value, indent: indent, into: &out)
    }

    /// A nested object whose members `members` writes (a catalog row's part that is not a value).
    public mutating func writeObject(_ key: StaticString, _ members: (inout PrettyJSONMembers) throws -> Void) rethrows {
        member(key, valueCapacity: 0) { _ in }
        try Self.writeObject(indent: indent, into: &out, members)
    }

    /// A nested value written through its `encode(to:)` (the general, slower path).
    public mutating func write(_ key: StaticString, encoding value: (some Encodable)?) throws {
        guard let value else { return }
        let node = try PrettyJSONEncoder.node(value, path: [PrettyJSONKey(key)])
        member(key, valueCapacity: 0) { _ in }
        try PrettyJSONEncoder.write(node, indent: indent, into: &out)
    }
}

/// The elements of an array of objects, written ahead of the object that holds the array (on
/// another thread: `scan --json`'s items while the scan walks the folders) and taken in chunks
/// for `PrettyJSONMembers.write(_:writtenElements:)`.
public struct PrettyJSONElements {
    /// The indent of the member whose value the array is.
    let indent: Int
    private var out: [UInt8] = []
    /// Elements written so far.
    private var count = 0

    public init(memberIndent: Int) { indent = memberIndent }

    public mutating func append(_ value: some PrettyJSONObject) throws {
        try PrettyJSONMembers.writeElement(value, count, indent: indent, into: &out)
        count += 1
    }

    /// Bytes written since the last `take`.
    public var pending: Int { out.count }

    /// The text written since the last `take`.
    public mutating func take() -> [UInt8] {
        let text = out
        out = []
        out.reserveCapacity(text.count + text.count / 4)
        return text
    }
}

/// Where a streamed JSON text goes: `consume` gets the text in pieces of at least `chunkSize`
/// bytes (the last one whatever is left), so the output of any size is never held whole.
struct PrettyJSONStream {
    let chunkSize: Int
    let consume: ([UInt8]) throws -> Void
}

extension PrettyJSONEncoder {
    /// An object's text, its members written by `members` in key order, handed to `consume` in
    /// chunks as it is written (no final newline), for an output too large to build whole:
    /// `scan --json` of a whole library. The same bytes `encode` writes for the same members.
    public static func writeObject(chunkSize: Int = 1 << 16, to consume: @escaping ([UInt8]) throws -> Void,
                                   members: (inout PrettyJSONMembers) throws -> Void) throws {
        let stream = PrettyJSONStream(chunkSize: chunkSize, consume: consume)
        var m = PrettyJSONMembers(indent: 2, stream: stream)
        m.out.reserveCapacity(chunkSize + chunkSize / 2)
        m.out.append("{\n")
        try members(&m)
        m.out.append("\n}")
        try consume(m.out)
    }
}

/// A member's key in the coding path of an error (a number JSON cannot hold).
struct PrettyJSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ key: StaticString) { stringValue = key.description }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
