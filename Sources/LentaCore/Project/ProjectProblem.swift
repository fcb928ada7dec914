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

    /// The JSON path, `items[3].kenBurns.to`; empty for the document as a whole.
    public var path: String
    public var message: String
    public var severity: Severity

    public init(path: String, message: String, severity: Severity = .error) {
        self.path = path
        self.message = message
        self.severity = severity
    }

    public init(_ path: ProjectJSON.Path, _ message: String, severity: Severity = .error) {
        self.init(path: path.description, message: message, severity: severity)
    }

    public var isError: Bool { severity == .error }

    /// `items[3].kenBurns.to: width must be in (0, 1]`; a warning reads
    /// `items[4].volume: warning: a photo has no sound; volume is ignored`.
    public var description: String {
        let text = severity == .warning ? "warning: " + message : message
        return path.isEmpty ? text : "\(path): \(text)"
    }
}
