import Foundation

/// The JSON every `--json` output prints: byte for byte what Foundation's `JSONEncoder` writes
/// with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (two-space indents, `"key" : value`,
/// keys sorted by their UTF-8 bytes, `3.0` as `3`, Foundation's defaults for `Date`, `Data` and
/// `URL`), so scripts reading it see no change — in a fraction of the time: Foundation's encoder
/// boxes every value and sorts through `String` comparison, which made writing `scan --json` of
/// 2,000 items cost as much as the rest of an unchanged rescan (bench/README, issue 31).
public struct PrettyJSONEncoder: Sendable {
    public init() {}

    /// The value as JSON text, without a final newline.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let root = Slot()
        try root.encode(value, path: [])
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        guard let node = root.node else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        try Self.write(node, indent: 0, into: &out)
        return out
    }

    // MARK: The tree

    /// A value being encoded: a scalar kept as it came (turned into text only when written, so
    /// encoding allocates for containers alone), or a container still being filled.
    enum Node {
        case null
        case bool(Bool)
        case string(String)
        case integer(Int64)
        case unsigned(UInt64)
        /// A finite number's shortest text (`3.0`: its whole `.0` dropped when written).
        case number(String)
        case array(ArrayBox)
        case object(ObjectBox)
        /// A value that writes its own members when the tree is written.
        case writable(any PrettyJSONWritable)
    }

    final class ArrayBox {
        var elements: [Node] = []
    }

    final class ObjectBox {
        var members: [(key: String, node: Node)] = []
    }

    /// Where one value goes while its `encode(to:)` runs.
    final class Slot {
        var node: Node?

        func encode<T: Encodable>(_ value: T, path: [CodingKey]) throws {
            node = try PrettyJSONEncoder.node(value, path: path)
        }
    }

    /// A value's node: scalars directly (metatype comparisons, not dynamic casts, since most
    /// values here are nested structs), anything else through its `encode(to:)`.
    static func node<T: Encodable>(_ value: T, path: [CodingKey]) throws -> Node {
        if T.self == String.self, let v = value as? String { return .string(v) }
        if T.self == Double.self, let v = value as? Double { return try number(v, path: path) }
        if T.self == Int.self, let v = value as? Int { return .integer(Int64(v)) }
        if T.self == Date.self, let v = value as? Date { return try number(v.timeIntervalSinceReferenceDate, path: path) }
        if T.self == Data.self, let v = value as? Data { return .string(v.base64EncodedString()) }
        if T.self == URL.self, let v = value as? URL { return .string(v.absoluteString) }
        if let v = value as? any PrettyJSONWritable { return .writable(v) }
        let slot = Slot()
        try value.encode(to: ValueEncoder(slot: slot, codingPath: path))
        // A value that encoded nothing is written as an empty object, as Foundation writes it.
        return slot.node ?? .object(ObjectBox())
    }

    // MARK: Encoder

    struct ValueEncoder: Encoder {
        let slot: Slot
        var codingPath: [CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            let box: ObjectBox
            if case .object(let existing) = slot.node { box = existing } else { box = ObjectBox(); slot.node = .object(box) }
            return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
        }

        func unkeyedContainer() -> UnkeyedEncodingContainer {
            let box: ArrayBox
            if case .array(let existing) = slot.node { box = existing } else { box = ArrayBox(); slot.node = .array(box) }
            return Unkeyed(box: box, codingPath: codingPath)
        }

        func singleValueContainer() -> SingleValueEncodingContainer { Single(slot: slot, codingPath: codingPath) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: ObjectBox
        var codingPath: [CodingKey]

        private func put(_ node: Node, _ key: Key) { box.members.append((key.stringValue, node)) }
        mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath + [key]), key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { put(try PrettyJSONEncoder.node(value, path: codingPath + [key]), key) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let nested = ObjectBox()
            put(.object(nested), key)
            return KeyedEncodingContainer(Keyed<NestedKey>(box: nested, codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            let nested = ArrayBox()
            put(.array(nested), key)
            return Unkeyed(box: nested, codingPath: codingPath + [key])
        }
        mutating func superEncoder() -> Encoder { SuperEncoder(box: box, key: "super", codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> Encoder { SuperEncoder(box: box, key: key.stringValue, codingPath: codingPath + [key]) }
    }

    /// A superclass's encoder: its value becomes the member `key` once it has encoded.
    struct SuperEncoder: Encoder {
        let box: ObjectBox
        let key: String
        var codingPath: [CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        private func slot() -> ObjectBox {
            let nested = ObjectBox()
            box.members.append((key, .object(nested)))
            return nested
        }
        func container<K: CodingKey>(keyedBy type: K.Type) -> KeyedEncodingContainer<K> {
            KeyedEncodingContainer(Keyed<K>(box: slot(), codingPath: codingPath))
        }
        func unkeyedContainer() -> UnkeyedEncodingContainer {
            let nested = ArrayBox()
            box.members.append((key, .array(nested)))
            return Unkeyed(box: nested, codingPath: codingPath)
        }
        func singleValueContainer() -> SingleValueEncodingContainer { MemberValue(box: box, key: key, codingPath: codingPath) }
    }

    /// A superclass's single value, written as the member `key`.
    struct MemberValue: SingleValueEncodingContainer {
        let box: ObjectBox
        let key: String
        var codingPath: [CodingKey]
        private func put(_ node: Node) { box.members.append((key, node)) }
        mutating func encodeNil() throws { put(.null) }
        mutating func encode(_ value: Bool) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: String) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Double) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Float) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Int) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Int8) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Int16) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Int32) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Int64) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: UInt) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: UInt8) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: UInt16) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: UInt32) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: UInt64) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode<T: Encodable>(_ value: T) throws { put(try PrettyJSONEncoder.node(value, path: codingPath)) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: ArrayBox
        var codingPath: [CodingKey]
        var count: Int { box.elements.count }

        private func put(_ node: Node) { box.elements.append(node) }
        mutating func encodeNil() throws { put(.null) }
        mutating func encode(_ value: Bool) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: String) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Double) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Float) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Int) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Int8) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Int16) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Int32) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: Int64) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: UInt) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: UInt8) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: UInt16) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: UInt32) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode(_ value: UInt64) throws { put(try PrettyJSONEncoder.node(scalar: value, path: codingPath)) }
        mutating func encode<T: Encodable>(_ value: T) throws { put(try PrettyJSONEncoder.node(value, path: codingPath)) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = ObjectBox()
            put(.object(nested))
            return KeyedEncodingContainer(Keyed<NestedKey>(box: nested, codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            let nested = ArrayBox()
            put(.array(nested))
            return Unkeyed(box: nested, codingPath: codingPath)
        }
        mutating func superEncoder() -> Encoder {
            let nested = ObjectBox()
            put(.object(nested))
            return SuperEncoder(box: nested, key: "super", codingPath: codingPath)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let slot: Slot
        var codingPath: [CodingKey]
        mutating func encodeNil() throws { slot.node = .null }
        mutating func encode(_ value: Bool) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: String) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: Double) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: Float) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: Int) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: Int8) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: Int16) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: Int32) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: Int64) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: UInt) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: UInt8) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: UInt16) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: UInt32) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode(_ value: UInt64) throws { slot.node = try PrettyJSONEncoder.node(scalar: value, path: codingPath) }
        mutating func encode<T: Encodable>(_ value: T) throws { slot.node = try PrettyJSONEncoder.node(value, path: codingPath) }
    }

    static func node(scalar v: Bool, path: @autoclosure () -> [CodingKey]) throws -> Node { .bool(v) }
    static func node(scalar v: String, path: @autoclosure () -> [CodingKey]) throws -> Node { .string(v) }
    static func node(scalar v: Double, path: @autoclosure () -> [CodingKey]) throws -> Node { try number(v, path: path()) }
    static func node(scalar v: Float, path: @autoclosure () -> [CodingKey]) throws -> Node {
        guard v.isFinite else {
            throw EncodingError.invalidValue(v, .init(codingPath: path(), debugDescription: "Unable to encode Float.\(v) directly in JSON."))
        }
        return .number(v.description)
    }
    static func node<I: FixedWidthInteger & SignedInteger>(scalar v: I, path: @autoclosure () -> [CodingKey]) throws -> Node { .integer(Int64(v)) }
    static func node<I: FixedWidthInteger & UnsignedInteger>(scalar v: I, path: @autoclosure () -> [CodingKey]) throws -> Node { .unsigned(UInt64(v)) }

    static func number(_ d: Double, path: @autoclosure () -> [CodingKey]) throws -> Node {
        .number(try numberText(d, path: path()))
    }

    /// Swift's shortest round-tripping form (its whole `.0` is dropped when written, as
    /// Foundation writes it); JSON has no infinities or NaN.
    static func numberText(_ d: Double, path: @autoclosure () -> [CodingKey]) throws -> String {
        guard d.isFinite else {
            throw EncodingError.invalidValue(d, .init(codingPath: path(), debugDescription: "Unable to encode Double.\(d) directly in JSON."))
        }
        return d.description
    }

    // MARK: Writing

    static func write(_ node: Node, indent: Int, into out: inout [UInt8]) throws {
        switch node {
        case .null: out.append("null")
        case .bool(let v): out.append(v ? "true" : "false")
        case .string(let v): out.appendQuoted(v)
        case .integer(let v): out.appendDecimal(v)
        case .unsigned(let v): out.appendDecimal(v)
        case .number(let text): out.appendNumber(text)
        case .array(let box):
            try writeArray(count: box.elements.count, indent: indent, into: &out) { i, out in
                try write(box.elements[i], indent: indent + 2, into: &out)
            }
        case .object(let box):
            out.append("{\n")
            // Keys by their UTF-8 bytes, as Foundation sorts them (String's `<` is that order for
            // ASCII keys, and compares them in bulk); the sort is stable, so of a key encoded twice
            // the last value is the one written, as with Foundation.
            let ascii = box.members.allSatisfy { isASCII($0.key) }
            let members = box.members.enumerated().sorted { a, b in
                if a.element.key == b.element.key { return a.offset < b.offset }
                return ascii ? a.element.key < b.element.key : a.element.key.utf8.lexicographicallyPrecedes(b.element.key.utf8)
            }
            var first = true
            for (i, member) in members.enumerated() {
                if i + 1 < members.count, members[i + 1].element.key == member.element.key { continue }
                if !first { out.append(",\n") }
                first = false
                out.appendPad(indent + 2)
                out.appendQuoted(member.element.key)
                out.append(" : ")
                try write(member.element.node, indent: indent + 2, into: &out)
            }
            out.append("\n")
            out.appendPad(indent)
            out.append("}")
        case .writable(let value):
            try PrettyJSONMembers.writeObject(value, indent: indent, into: &out)
        }
    }

    /// An array's layout, each element on its own line one level in (`[`, a blank line, `]`
    /// when empty, as Foundation writes it).
    static func writeArray(count: Int, indent: Int, into out: inout [UInt8],
                           element: (Int, inout [UInt8]) throws -> Void) rethrows {
        out.append("[\n")
        for i in 0..<count {
            startElement(i, indent: indent, into: &out)
            try element(i, &out)
        }
        endArray(indent: indent, into: &out)
    }

    /// Before an array's element `i` (after its `[\n`): the separator after the one before, and
    /// the indent; `endArray` after the last.
    static func startElement(_ i: Int, indent: Int, into out: inout [UInt8]) {
        if i > 0 { out.append(",\n") }
        out.appendPad(indent + 2)
    }

    static func endArray(indent: Int, into out: inout [UInt8]) {
        out.append(addingCapacity: indent + 2) { line in
            line.append(0x0A)
            line.appendPad(indent)
            line.append(UInt8(ascii: "]"))
        }
    }

    private static func isASCII(_ s: String) -> Bool {
        var ascii = true
        for byte in s.utf8 where byte >= 0x80 { ascii = false; break }
        return ascii
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (`\b`, `\f`,
    /// `\n`, `\r`, `\t`, else `\u00xx`), nothing else — slashes and non-ASCII as they are.
    public static func quoted(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        out.appendQuoted(s)
        return out
    }
}
