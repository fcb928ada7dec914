/// A value that writes its own members for `PrettyJSONEncoder`, straight into the output, instead
/// of building a tree through `Encoder` and sorting it: the catalog's items, thousands of which
/// `scan --json` prints (building the tree cost more than the rest of an unchanged rescan, issue 31).
/// What it writes must be what its `encode(to:)` writes; `PrettyJSONWritableTests` compares the two
/// through Foundation's encoder on values with every optional set.
public protocol PrettyJSONWritable: Encodable {
    /// Its members, in ascending order of the keys' UTF-8 bytes (checked in debug builds).
    func writeMembers(_ members: inout PrettyJSONMembers) throws
}

/// The members of one object being written: `"key" : value` lines at one indent, nil values left
/// out as a synthesised `encodeIfPresent` leaves them out.
public struct PrettyJSONMembers {
    var out: [UInt8] = []
    let indent: Int
    private var count = 0
    #if DEBUG
    private var lastKey: [UInt8] = []
    #endif

    init(indent: Int) { self.indent = indent }

    /// Writes `value` as an object at `indent`, its members through `writeMembers`.
    static func writeObject(_ value: some PrettyJSONWritable, indent: Int, into out: inout [UInt8]) throws {
        out.append(UInt8(ascii: "{"))
        out.append(UInt8(ascii: "\n"))
        var members = PrettyJSONMembers(indent: indent + 2)
        swap(&members.out, &out)
        defer { swap(&members.out, &out) }
        try value.writeMembers(&members)
        members.out.append(UInt8(ascii: "\n"))
        PrettyJSONEncoder.pad(indent, &members.out)
        members.out.append(UInt8(ascii: "}"))
    }

    private mutating func key(_ key: StaticString) {
        let bytes = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        #if DEBUG
        assert(count == 0 || lastKey.lexicographicallyPrecedes(bytes), "\(key) written after \(String(decoding: lastKey, as: UTF8.self))")
        lastKey = Array(bytes)
        #endif
        let separator: StaticString = ",\n", colon: StaticString = "\" : "
        if count > 0 { out.append(contentsOf: UnsafeBufferPointer(start: separator.utf8Start, count: 2)) }
        count += 1
        PrettyJSONEncoder.pad(indent, &out)
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: bytes)
        out.append(contentsOf: UnsafeBufferPointer(start: colon.utf8Start, count: 4))
    }

    public mutating func write(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        self.key(key)
        PrettyJSONEncoder.quote(value, into: &out)
    }

    public mutating func write(_ key: StaticString, _ value: Bool?) {
        guard let value else { return }
        self.key(key)
        out.append(contentsOf: (value ? "true" : "false").utf8)
    }

    public mutating func write<I: FixedWidthInteger>(_ key: StaticString, _ value: I?) {
        guard let value else { return }
        self.key(key)
        out.append(contentsOf: String(value).utf8)
    }

    public mutating func write(_ key: StaticString, _ value: Double?) throws {
        guard let value else { return }
        guard case .number(let text) = try PrettyJSONEncoder.number(value, path: [PrettyJSONKey(key)]) else { return }
        self.key(key)
        PrettyJSONEncoder.appendNumber(text, into: &out)
    }

    /// A string-backed enum, written as its raw value as `Codable` writes it.
    public mutating func write<E: RawRepresentable>(_ key: StaticString, _ value: E?) where E.RawValue == String {
        write(key, value?.rawValue)
    }

    public mutating func write(_ key: StaticString, _ value: [String]?) {
        guard let value else { return }
        self.key(key)
        out.append(UInt8(ascii: "["))
        out.append(UInt8(ascii: "\n"))
        for (i, element) in value.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")); out.append(UInt8(ascii: "\n")) }
            PrettyJSONEncoder.pad(indent + 2, &out)
            PrettyJSONEncoder.quote(element, into: &out)
        }
        out.append(UInt8(ascii: "\n"))
        PrettyJSONEncoder.pad(indent, &out)
        out.append(UInt8(ascii: "]"))
    }

    /// A nested value that writes its own members.
    public mutating func write(_ key: StaticString, _ value: (some PrettyJSONWritable)?) throws {
        guard let value else { return }
        self.key(key)
        try Self.writeObject(value, indent: indent, into: &out)
    }

    /// A nested value written through its `encode(to:)` (the general, slower path).
    public mutating func write(_ key: StaticString, encoding value: (some Encodable)?) throws {
        guard let value else { return }
        let node = try PrettyJSONEncoder.node(value, path: [PrettyJSONKey(key)])
        self.key(key)
        try PrettyJSONEncoder.write(node, indent: indent, into: &out)
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
