import Foundation

extension StrictJSON {
    /// Why text is not JSON, with the line and column (from 1) where reading stopped.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var reason: String
        public var description: String { "not valid JSON at line \(line), column \(column): \(reason)" }
    }

    /// Parses one JSON document (RFC 8259; a UTF-8 byte-order mark is skipped).
    /// - Throws: `SyntaxError` also for a document larger than `ProjectLimits.maximumProjectFileBytes`
    ///   (refused before it is read, so its size cannot cost time or memory).
    public static func parse(_ data: Data) throws -> Value {
        guard data.count <= ProjectLimits.maximumProjectFileBytes else {
            throw SyntaxError(line: 1, column: 1, reason: "the document is \(data.count >> 20) MB; a project file is at most \(ProjectLimits.maximumProjectFileBytes >> 20) MB")
        }
        var parser = Parser(bytes: [UInt8](data))
        return try parser.document()
    }

    public static func parse(_ text: String) throws -> Value { try parse(Data(text.utf8)) }

    /// Nesting deeper than this is refused rather than risking the stack.
    static let maximumDepth = 512

    struct Parser {
        let bytes: [UInt8]
        var index = 0
        var depth = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        mutating func document() throws -> Value {
            skipWhitespace()
            guard index < bytes.count else { throw error("the file is empty") }
            let value = try parseValue()
            skipWhitespace()
            guard index == bytes.count else { throw error("unexpected \(describeByte()) after the end of the document") }
            return value
        }

        func error(_ reason: String, at position: Int? = nil) -> SyntaxError {
            let end = min(position ?? index, bytes.count)
            var line = 1, column = 1
            var i = 0
            while i < end {
                if bytes[i] == UInt8(ascii: "\n") {
                    line += 1; column = 1
                } else if bytes[i] & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
            return SyntaxError(line: line, column: column, reason: reason)
        }

        func describeByte() -> String {
            guard index < bytes.count else { return "end of file" }
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
            return String(format: "byte 0x%02X", byte)
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func parseValue() throws -> Value {
            guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try parseObject()
            case UInt8(ascii: "["): return try parseArray()
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
            default: throw error("unexpected \(describeByte()), expected a value")
            }
        }

        mutating func literal(_ word: String) throws {
            let utf8 = Array(word.utf8)
            guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
                throw error("unexpected \(describeByte()), expected a value")
            }
            index += utf8.count
        }

        mutating func enter() throws {
            depth += 1
            if depth > StrictJSON.maximumDepth { throw error("nested more than \(StrictJSON.maximumDepth) levels deep") }
        }

        mutating func parseObject() throws -> Value {
            try enter()
            defer { depth -= 1 }
            index += 1
            var members: [(key: String, value: Value)] = []
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("unexpected \(describeByte()), expected a key in double quotes")
                }
                let key = try parseString()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("unexpected \(describeByte()), expected ':' after the key \(DiagnosticText.quoted(key))")
                }
                index += 1
                skipWhitespace()
                members.append((key, try parseValue()))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("unexpected \(describeByte()), expected ',' or '}'")
            }
        }

        mutating func parseArray() throws -> Value {
            try enter()
            defer { depth -= 1 }
            index += 1
            var elements: [Value] = []
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            while true {
                skipWhitespace()
                elements.append(try parseValue())
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                throw error("unexpected \(describeByte()), expected ',' or ']'")
            }
        }

        mutating func parseNumber() throws -> Value {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                throw error("a number needs a digit after '-'")
            }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    throw error("a number cannot start with 0", at: start)
                }
            } else {
                _ = digits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("a number needs digits after '.'") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("a number needs digits in its exponent") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int(text) { return .integer(integer) }
            guard let value = Double(text), value.isFinite else { throw error("the number \(text) is too large", at: start) }
            return .number(value)
        }

        mutating func parseString() throws -> String {
            let start = index
            index += 1
            var scalars = String.UnicodeScalarView()
            var runStart = index
            func flushRun(_ end: Int) throws {
                guard runStart < end else { return }
                guard let run = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                    throw error("the string is not valid UTF-8", at: runStart)
                }
                scalars.append(contentsOf: run.unicodeScalars)
            }
            while true {
                guard index < bytes.count else { throw error("the string has no closing quote", at: start) }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    try flushRun(index)
                    index += 1
                    return String(scalars)
                }
                if byte < 0x20 { throw error("a control character in a string must be escaped") }
                if byte != UInt8(ascii: "\\") { index += 1; continue }
                try flushRun(index)
                index += 1
                guard index < bytes.count else { throw error("the string has no closing quote", at: start) }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a lone UTF-16 surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone UTF-16 surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("a lone UTF-16 surrogate in \\u escape")
                    }
                    scalars.append(UnicodeScalar(code)!)
                default:
                    index -= 1
                    throw error("unknown escape \\\(describeByte().trimmingCharacters(in: ["'"]))")
                }
                runStart = index
            }
        }

        mutating func hex4() throws -> UInt32 {
            guard index + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw error("\\u needs four hex digits")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
