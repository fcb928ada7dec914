/// One thing wrong (or doubtful) in a project file, with the JSON path it concerns:
/// `items[3].kenBurns.to: width must be in (0, 1]`.
public struct ProjectProblem: Hashable, Codable, Sendable, CustomStringConvertible {
    public enum Severity: String, Codable, Sendable, CaseIterable, Comparable {
        /// The project cannot be rendered as written.
        case error
        /// It can, but probably not as meant (a photo's volume, a transition after the last item).
        case warning

        public static func < (a: Severity, b: Severity) -> Bool { a == .error && b == .warning }
    }

    /// The JSON path, `items[3].kenBurns.to`; the root for the document as a whole.
    public var path: JSONPath
    public var message: String
    public var severity: Severity

    public init(path: JSONPath, message: String, severity: Severity = .error) {
        self.path = path
        self.message = message
        self.severity = severity
    }

    public init(_ path: JSONPath, _ message: String, severity: Severity = .error) {
        self.init(path: path, message: message, severity: severity)
    }

    enum CodingKeys: String, CodingKey { case path, message, severity }

    /// The path is written as in messages (`"items[3].kenBurns.to"`), as `lenta validate --json` prints it.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path.description, forKey: .path)
        try container.encode(message, forKey: .message)
        try container.encode(severity, forKey: .severity)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = JSONPath(parsing: try container.decode(String.self, forKey: .path))
        message = try container.decode(String.self, forKey: .message)
        severity = try container.decode(Severity.self, forKey: .severity)
    }

    public var isError: Bool { severity == .error }

    /// `items[3].kenBurns.to: width must be in (0, 1]`; a warning reads
    /// `items[4].volume: warning: a photo has no sound; volume is ignored`.
    public var description: String {
        let text = severity == .warning ? "warning: " + message : message
        return path.components.isEmpty ? text : "\(path): \(text)"
    }
}
