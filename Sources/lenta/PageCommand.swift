import ArgumentParser
import Foundation
import LentaAuto
import LentaMedia

struct Page: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a static page to watch the stories of a folder on (lenta auto writes it too).",
        discussion: """
            One self-contained HTML file: newest first, grouped by year, each story with a poster \
            frame taken from its MP4 (written beside it as NAME.poster.png), its title, dates and \
            places, length and chapters, playing in the page's video player. Links are relative: \
            the page works from the disk (file://) and from any plain web server. No network, no framework.
            """)

    @Argument(help: ArgumentHelp("The stories folder (MP4s, as lenta auto writes them).", valueName: "stories-folder"))
    var stories: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The page to write (default: STORIES/index.html).", valueName: "file"))
    var output: String?

    func validate() throws {
        if let output { try OutputName.check(output) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: stories, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("'\(stories)' is not a folder.")
        }
    }

    func run() throws {
        FFmpegLogging.silence()
        let result: StoriesPage.Result
        do {
            result = try StoriesPage.make(folder: stories, output: output)
        } catch {
            throw CommandFailure("cannot write the stories page", underlying: error)
        }
        Diagnostics.report(result.problems.map { Diagnostic.warning("left out of the page: \($0.reason)", about: $0.file) })
        print("Wrote \(result.page): \(result.entries.count) stor\(result.entries.count == 1 ? "y" : "ies")")
    }
}
