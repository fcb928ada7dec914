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
    /// `file`: the file the line is about (its subject may show it quoted), which a media error
    /// about that same file does not name again; `context` comes first ("unreadable, skipped").
    static func error(_ error: any Error, about subject: String? = nil, file: String? = nil, context: String? = nil) -> Diagnostic {
        Diagnostic(severity: .error, subject: subject, message: words(error, file: file, context: context))
    }

    /// An error that did not stop the run, told as `error(_:about:file:context:)` tells one.
    static func warning(_ error: any Error, about subject: String? = nil, file: String? = nil, context: String? = nil) -> Diagnostic {
        Diagnostic(severity: .warning, subject: subject, message: words(error, file: file, context: context))
    }

    private static func words(_ error: any Error, file: String?, context: String?) -> String {
        let text: String
        if let media = error as? MediaError, media.path.isEmpty || media.path == file {
            text = "\(media.operation): \(media.reason)"
        } else {
            text = "\(error)"
        }
        return context.map { "\($0): \(text)" } ?? text
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

extension Diagnostic {
    /// A file a scan could not read: its error as thrown when this run read it, else the words
    /// the catalog kept. `subject`: how the file is shown (default: its path).
    init(_ file: UnreadableFile, shownAs subject: String? = nil, context: String? = nil) {
        let subject = subject ?? file.path
        if let error = file.error {
            self = .error(error, about: subject, file: file.path, context: context)
        } else {
            self = .error(context.map { "\($0): \(file.reason)" } ?? file.reason, about: subject)
        }
    }
}
