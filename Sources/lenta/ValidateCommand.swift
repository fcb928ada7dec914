import ArgumentParser
import Foundation
import LentaCatalog
import LentaCore
import LentaLibrary

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a project file: every problem, with its JSON path.",
        discussion: """
            Paths in the project are relative to its folder; media files are opened to tell photos \
            from videos and to learn videos' lengths. Exits 2 when there is an error, 0 when the \
            project is valid (warnings allowed).
            """)

    @Argument(help: ArgumentHelp("The project file.", valueName: "story.json"))
    var project: String

    @OptionGroup var output: OutputOptions
    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let url = URL(fileURLWithPath: project)
        let report = ProjectFile.check(url, validator: ProjectLoader.validator(namingPlaces: false))
        if output.json {
            try JSONOutput.print(ValidateOutput(file: project, report: report))
        } else {
            print(Terminal.printable(ValidateOutput.text(file: project, report: report)))
        }
        // Documents and personal data in a hand-written project: what the catalog knows of a
        // file (when there is one and it holds the file), else what analysing the photo shows.
        if let story = report.project {
            let path = catalogOptions.catalogPath
            let catalog = FileManager.default.fileExists(atPath: path) ? try? Catalog(path: path) : nil
            var unread: [Diagnostic] = []
            let findings = try libraryCall {
                try SensitiveItems.find(in: story, folder: url.deletingLastPathComponent(), catalog: catalog,
                                        unread: { path, error in unread.append(Diagnostic.unread(path, error)) })
            }
            Diagnostics.report(unread)
            Diagnostics.report(findings.map { Diagnostic.warning($0.warning, about: $0.path) })
        }
        if !report.isValid { throw ExitCode(2) }
    }

}

/// What `lenta validate --json` prints.
struct ValidateOutput: Encodable {
    var file: String
    var valid: Bool
    var items: Int?
    /// Seconds, when known.
    var length: Double?
    var errors: Int
    var warnings: Int
    var problems: [ProjectProblem]

    init(file: String, report: ProjectReport) {
        self.file = file
        valid = report.isValid
        items = report.project?.items.count
        length = report.length.map { ($0 * 1000).rounded() / 1000 }
        errors = report.errors.count
        warnings = report.warnings.count
        problems = report.problems
    }

    /// One line a problem, `story.json: items[3].kenBurns.to: width must be in (0, 1]`, then
    /// `story.json: valid (12 items, total length 41.5 s)` or `story.json: 2 errors, 1 warning`.
    static func text(file: String, report: ProjectReport) -> String {
        var lines = report.problems.map { Diagnostic($0, in: file).line }
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        if report.isValid, let project = report.project {
            var summary = "\(file): valid (\(count(project.items.count, "item"))"
            if let length = report.length { summary += ", total length \(((length * 1000).rounded() / 1000).description) s" }
            summary += ")"
            if !report.warnings.isEmpty { summary += ", \(count(report.warnings.count, "warning"))" }
            lines.append(summary)
        } else {
            var summary = "\(file): \(count(report.errors.count, "error"))"
            if !report.warnings.isEmpty { summary += ", \(count(report.warnings.count, "warning"))" }
            lines.append(summary)
        }
        return lines.joined(separator: "\n")
    }
}
