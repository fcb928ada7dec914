/// Where a value sits in a JSON document, written as in messages: `items[3].kenBurns.to`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    /// The document itself.
    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    public func appending(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }
    public static func + (path: JSONPath, key: String) -> JSONPath { path.appending(key) }
    public static func + (path: JSONPath, index: Int) -> JSONPath { path.appending(index) }

    /// `items[3].kenBurns.to`; a key that is not a plain name is quoted: `items[0]["my key"]`.
    /// The root is the empty string.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let i): text += "[\(i)]"
            case .key(let key):
                if JSONPath.isPlainName(key) {
                    text += text.isEmpty ? key : "." + key
                } else {
                    text += "[" + DiagnosticText.quoted(key, limit: 40) + "]"
                }
            }
        }
        return text
    }

    /// Whether `other` is this path or lies inside it.
    public func contains(_ other: JSONPath) -> Bool {
        other.components.count >= components.count && Array(other.components.prefix(components.count)) == components
    }

    static func isPlainName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "$" || first == "_" || first.properties.isAlphabetic else { return false }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}

extension JSONPath {
    /// Reads back what `description` wrote: `items[3].kenBurns.to`, `items[0]["my key"]` (for a
    /// path that arrives as text, as in `lenta validate --json` output).
    public init(parsing text: String) {
        var components: [Component] = []
        var scalars = Array(text.unicodeScalars)[...]
        var name = String.UnicodeScalarView()
        func flush() {
            if !name.isEmpty { components.append(.key(String(name))); name = String.UnicodeScalarView() }
        }
        while let c = scalars.first {
            scalars = scalars.dropFirst()
            switch c {
            case ".":
                flush()
            case "[":
                flush()
                if scalars.first == "\"" {
                    scalars = scalars.dropFirst()
                    var key = String.UnicodeScalarView()
                    while let k = scalars.first, k != "\"" {
                        scalars = scalars.dropFirst()
                        if k == "\\", let next = scalars.first {
                            scalars = scalars.dropFirst()
                            key.append(next == "n" ? "\n" : next == "t" ? "\t" : next == "r" ? "\r" : next)
                        } else {
                            key.append(k)
                        }
                    }
                    scalars = scalars.dropFirst()  // the closing quote
                    components.append(.key(String(key)))
                } else {
                    var digits = ""
                    while let d = scalars.first, d != "]" { digits.unicodeScalars.append(d); scalars = scalars.dropFirst() }
                    components.append(.index(Int(digits) ?? 0))
                }
                if scalars.first == "]" { scalars = scalars.dropFirst() }
            default:
                name.append(c)
            }
        }
        flush()
        self.init(components)
    }
}
