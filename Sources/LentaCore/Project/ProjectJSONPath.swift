extension ProjectJSON {
    /// Where a value sits in a JSON document, written as in messages: `items[3].kenBurns.to`.
    public struct Path: Hashable, Sendable, CustomStringConvertible {
        public enum Component: Hashable, Sendable {
            case key(String)
            case index(Int)
        }

        public var components: [Component]

        public init(_ components: [Component] = []) { self.components = components }

        /// The document itself.
        public static let root = Path()

        public func appending(_ key: String) -> Path { Path(components + [.key(key)]) }
        public func appending(_ index: Int) -> Path { Path(components + [.index(index)]) }
        public static func + (path: Path, key: String) -> Path { path.appending(key) }
        public static func + (path: Path, index: Int) -> Path { path.appending(index) }

        /// `items[3].kenBurns.to`; a key that is not a plain name is quoted: `items[0]["my key"]`.
        /// The root is the empty string.
        public var description: String {
            var text = ""
            for component in components {
                switch component {
                case .index(let i): text += "[\(i)]"
                case .key(let key):
                    if Path.isPlainName(key) {
                        text += text.isEmpty ? key : "." + key
                    } else {
                        text += "[" + DiagnosticText.quoted(key, limit: 40) + "]"
                    }
                }
            }
            return text
        }

        /// Whether `other` is this path or lies inside it.
        public func contains(_ other: Path) -> Bool {
            other.components.count >= components.count && Array(other.components.prefix(components.count)) == components
        }

        static func isPlainName(_ key: String) -> Bool {
            guard let first = key.unicodeScalars.first, first == "$" || first == "_" || first.properties.isAlphabetic else { return false }
            return key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
    }
}
