import LentaCore
import LentaMedia

/// A problem to tell the user: what it is about (a file; a file and a JSON path), how grave,
/// and what. Libraries hand back values (reports, warnings, errors); the command line turns
/// them into diagnostics.
struct Diagnostic {
    enum Severity { case error, warning }

    var severity: Severity
    /// The file (or file and JSON path) concerned; nil for the run as a whole.
    var subject: String?
    var message: String

    static func warning(_ message: String, about subject: String? = nil) -> Diagnostic {
        Diagnostic(severity: .warning, subject: subject, message: message)
    }

    static func error(_ message: String, about subject: String? = nil) -> Diagnostic {
        Diagnostic(severity: .error, subject: subject, message: message)
    }

    /// An error as it is finally told: the one place a library's typed error becomes words.
    static func error(_ error: any Error, about subject: String? = nil) -> Diagnostic {
        Diagnostic(severity: .error, subject: subject, message: "\(error)")
    }

    /// The one format, as compilers and the project file's problems write it:
    /// `photos/a.jpg: warning: capture date is in the future`, `story.json: items[3].path: file not found`.
    var line: String {
        let text = severity == .warning ? "warning: " + message : message
        guard let subject, !subject.isEmpty else { return text }
        return "\(subject): \(text)"
    }
}

/// The one way the command line prints diagnostics: one line each on stderr (data stays on
/// stdout), after swift-format's DiagnosticsEngine.
enum Diagnostics {
    static func report(_ diagnostic: Diagnostic) { Terminal.error(diagnostic.line) }

    static func report(_ diagnostics: [Diagnostic]) { diagnostics.forEach(report) }
}

extension Diagnostic {
    /// A photo that may hold text and could not be read (`IMG_0042.jpg: warning: not read for
    /// text and codes: decode JPEG for analysis: …; a story may show what it says`).
    static func unread(_ path: String, _ error: any Error) -> Diagnostic {
        let why = (error as? MediaError).map { "\($0.operation): \($0.reason)" } ?? "\(error)"
        return .warning("not read for text and codes: \(why); a story may show what it says", about: path)
    }

    /// A project file's problem: `story.json: items[4].volume: warning: a photo has no sound`.
    init(_ problem: ProjectProblem, in file: String) {
        severity = problem.severity == .warning ? .warning : .error
        subject = problem.path.components.isEmpty ? file : "\(file): \(problem.path)"
        message = problem.message
    }
}
