import Foundation

extension StrictJSON {
    /// A value that JSON cannot hold (a NaN or infinite number), with where it was.
    public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: JSONPath
        public var description: String { "\(path): a number that is not finite cannot be written as JSON" }
    }

    /// Stable, human-editable JSON text: two-space indents, object keys sorted by their UTF-8
    /// bytes, arrays of plain values (rectangles, trims) on one line, numbers in their shortest
    /// exact form (`0.1`, `4.0`), no escaped slashes, and a final newline.
    public static func write(_ value: Value) throws -> String {
        var text = ""
        try write(value, indent: 0, path: .root, into: &text)
        text += "\n"
        return text
    }

    static func write(_ value: Value, indent: Int, path: JSONPath, into text: inout String) throws {
        switch value {
        case .null: text += "null"
        case .bool(let b): text += b ? "true" : "false"
        case .integer(let i): text += String(i)
        case .number(let d): text += try numberText(d, path: path)
        case .string(let s): text += quoted(s)
        case .array(let elements):
            if elements.isEmpty { text += "[]"; return }
            if elements.allSatisfy(\.isScalar) {
                text += "["
                for (i, element) in elements.enumerated() {
                    if i > 0 { text += ", " }
                    try write(element, indent: indent, path: path + i, into: &text)
                }
                text += "]"
                return
            }
            let inner = String(repeating: " ", count: indent + 2)
            text += "[\n"
            for (i, element) in elements.enumerated() {
                text += inner
                try write(element, indent: indent + 2, path: path + i, into: &text)
                text += i == elements.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { text += "{}"; return }
            let inner = String(repeating: " ", count: indent + 2)
            let sorted = members.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
            text += "{\n"
            for (i, member) in sorted.enumerated() {
                text += inner + quoted(member.key) + ": "
                try write(member.value, indent: indent + 2, path: path + member.key, into: &text)
                text += i == sorted.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "}"
        }
    }

    /// Swift's shortest round-tripping form, which is valid JSON for every finite number
    /// (`4.0`, `0.1`, `1e-05`, `1e+16`); it does not depend on the locale.
    static func numberText(_ d: Double, path: JSONPath) throws -> String {
        guard d.isFinite else { throw WriteError(path: path) }
        if d == 0 { return "0.0" }
        return d.description
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, nothing else.
    public static func quoted(_ s: String) -> String {
        // One escaper for every JSON string lenta writes (the project file and `--json`).
        String(decoding: PrettyJSONEncoder.quoted(s), as: UTF8.self)
    }
}

extension StrictJSON.Value {
    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }
}
