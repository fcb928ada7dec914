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
        Self.write(node, indent: 0, into: &out)
        return out
    }

    // MARK: The tree

    /// A value being encoded: a finished scalar's text, or a container still being filled.
    enum Node {
        case scalar([UInt8])
        case array(ArrayBox)
        case object(ObjectBox)
    }

    final class ArrayBox {
        var elements: [Slot] = []
    }

    final class ObjectBox {
        var members: [(key: String, slot: Slot)] = []
        /// The slot of a key, made on first use (a key encoded twice keeps the last value, as Foundation's does).
        func slot(_ key: String) -> Slot {
            if let found = members.last(where: { $0.key == key }) { return found.slot }
            let slot = Slot()
            members.append((key, slot))
            return slot
        }
    }

    /// Where one value goes; containers fill theirs in place, as an `Encoder` requires.
    final class Slot {
        var node: Node?

        func encode<T: Encodable>(_ value: T, path: [CodingKey]) throws {
            // Metatype comparisons, not dynamic casts: most values here are nested structs.
            if T.self == String.self, let v = value as? String {
                node = .scalar(PrettyJSONEncoder.quoted(v))
            } else if T.self == Double.self, let v = value as? Double {
                node = .scalar(try PrettyJSONEncoder.number(v, path: path))
            } else if T.self == Date.self, let v = value as? Date {
                node = .scalar(try PrettyJSONEncoder.number(v.timeIntervalSinceReferenceDate, path: path))
            } else if T.self == Data.self, let v = value as? Data {
                node = .scalar(PrettyJSONEncoder.quoted(v.base64EncodedString()))
            } else if T.self == URL.self, let v = value as? URL {
                node = .scalar(PrettyJSONEncoder.quoted(v.absoluteString))
            } else {
                try value.encode(to: ValueEncoder(slot: self, codingPath: path))
            }
        }
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

        func slot(_ key: Key) -> Slot { box.slot(key.stringValue) }
        mutating func encodeNil(forKey key: Key) throws { slot(key).node = .scalar(PrettyJSONEncoder.null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: String, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: Double, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: Float, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: Int, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { slot(key).node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath + [key])) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try slot(key).encode(value, path: codingPath + [key]) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            ValueEncoder(slot: slot(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            ValueEncoder(slot: slot(key), codingPath: codingPath + [key]).unkeyedContainer()
        }
        mutating func superEncoder() -> Encoder { ValueEncoder(slot: box.slot("super"), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> Encoder { ValueEncoder(slot: slot(key), codingPath: codingPath + [key]) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: ArrayBox
        var codingPath: [CodingKey]
        var count: Int { box.elements.count }

        private func next() -> Slot {
            let slot = Slot()
            box.elements.append(slot)
            return slot
        }
        mutating func encodeNil() throws { next().node = .scalar(PrettyJSONEncoder.null) }
        mutating func encode(_ value: Bool) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: String) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Double) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Float) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Int) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Int8) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Int16) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Int32) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Int64) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: UInt) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: UInt8) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: UInt16) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: UInt32) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: UInt64) throws { next().node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try next().encode(value, path: codingPath) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            ValueEncoder(slot: next(), codingPath: codingPath).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { ValueEncoder(slot: next(), codingPath: codingPath).unkeyedContainer() }
        mutating func superEncoder() -> Encoder { ValueEncoder(slot: next(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let slot: Slot
        var codingPath: [CodingKey]
        mutating func encodeNil() throws { slot.node = .scalar(PrettyJSONEncoder.null) }
        mutating func encode(_ value: Bool) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: String) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Double) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Float) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Int) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Int8) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Int16) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Int32) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: Int64) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: UInt) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: UInt8) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: UInt16) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: UInt32) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode(_ value: UInt64) throws { slot.node = .scalar(try PrettyJSONEncoder.text(value, path: codingPath)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try slot.encode(value, path: codingPath) }
    }

    // MARK: Writing

    static func write(_ node: Node, indent: Int, into out: inout [UInt8]) {
        switch node {
        case .scalar(let text):
            out.append(contentsOf: text)
        case .array(let box):
            out.append(UInt8(ascii: "["))
            out.append(UInt8(ascii: "\n"))
            for (i, slot) in box.elements.enumerated() {
                if i > 0 { out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")]) }
                pad(indent + 2, &out)
                if let node = slot.node { write(node, indent: indent + 2, into: &out) } else { out.append(contentsOf: "{\n\n".utf8); pad(indent + 2, &out); out.append(UInt8(ascii: "}")) }
            }
            out.append(UInt8(ascii: "\n"))
            pad(indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let box):
            out.append(UInt8(ascii: "{"))
            out.append(UInt8(ascii: "\n"))
            // Keys by their UTF-8 bytes, as Foundation sorts them.
            let members = box.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")]) }
                pad(indent + 2, &out)
                out.append(contentsOf: quoted(member.key))
                out.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
                if let node = member.slot.node { write(node, indent: indent + 2, into: &out) } else { out.append(contentsOf: "{\n\n".utf8); pad(indent + 2, &out); out.append(UInt8(ascii: "}")) }
            }
            out.append(UInt8(ascii: "\n"))
            pad(indent, &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func pad(_ n: Int, _ out: inout [UInt8]) {
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n))
    }

    static let null = Array("null".utf8)
    static func text(_ v: Bool, path: [CodingKey]) throws -> [UInt8] { Array((v ? "true" : "false").utf8) }
    static func text(_ v: String, path: [CodingKey]) throws -> [UInt8] { quoted(v) }
    static func text(_ v: Double, path: [CodingKey]) throws -> [UInt8] { try number(v, path: path) }
    static func text(_ v: Float, path: [CodingKey]) throws -> [UInt8] {
        guard v.isFinite else {
            throw EncodingError.invalidValue(v, .init(codingPath: path, debugDescription: "Unable to encode Float.\(v) directly in JSON."))
        }
        return trimmedWhole(Array(v.description.utf8))
    }
    static func text<I: FixedWidthInteger>(_ v: I, path: [CodingKey]) throws -> [UInt8] { Array(String(v).utf8) }

    /// Swift's shortest round-tripping form with a whole number's `.0` dropped, as Foundation writes it.
    static func number(_ d: Double, path: [CodingKey]) throws -> [UInt8] {
        guard d.isFinite else {
            throw EncodingError.invalidValue(d, .init(codingPath: path, debugDescription: "Unable to encode Double.\(d) directly in JSON."))
        }
        return trimmedWhole(Array(d.description.utf8))
    }

    private static func trimmedWhole(_ text: [UInt8]) -> [UInt8] {
        guard text.count > 2, text[text.count - 2] == UInt8(ascii: "."), text[text.count - 1] == UInt8(ascii: "0") else { return text }
        return Array(text.dropLast(2))
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped (`\b`, `\f`,
    /// `\n`, `\r`, `\t`, else `\u00xx`), nothing else — slashes and non-ASCII as they are.
    public static func quoted(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}
