import ArgumentParser
import Foundation
import LentaCore
import LentaMedia
import LentaRender

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Encode a project file to an MP4 story.",
        discussion: """
            The project is validated first: a bad project exits 2 with every problem. The MP4 is \
            written under a temporary name beside the output and renamed into place when complete; \
            an interrupted render leaves nothing behind. --preset replaces the project's output \
            preset and its changes to it.
            """)

    @Argument(help: ArgumentHelp("The project file.", valueName: "story.json"))
    var project: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The MP4 to write.", valueName: "story.mp4"))
    var output: String

    @Option(help: ArgumentHelp("An output preset (lenta presets lists them).", valueName: "name"))
    var preset: String?

    @Flag(help: "No progress and no warnings on stderr (for cron).")
    var quiet = false

    @Option(help: ArgumentHelp("Threads for compositing and encoding (default: one per processor).", valueName: "n"))
    var threads: Int?

    func validate() throws {
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1.") }
    }

    func run() throws {
        FFmpegLogging.silence()
        let story = try LoadedStory(path: project, preset: preset, quiet: quiet)
        InterruptCleanup.install()
        let renderer: StoryRenderer
        do {
            renderer = try StorySetup.renderer(story: story.resolved, preset: story.preset, threads: threads ?? 0)
        } catch {
            throw CommandFailure("\(project): \(error)")
        }
        let bar = Terminal.ProgressBar(label: "Rendering", enabled: !quiet && Terminal.stderrIsTerminal)
        do {
            try renderer.render(to: output, encoderThreads: threads ?? 0) { done, total in bar.update(done, of: total) }
        } catch {
            bar.finish()
            throw CommandFailure("\(error)")
        }
        bar.finish()
        if !quiet, Terminal.stderrIsTerminal {
            let seconds = Double(renderer.frameCount) * Double(story.preset.fps.denominator) / Double(story.preset.fps.numerator)
            Terminal.error("Wrote \(output) (\(renderer.frameCount) frames, \(String(format: "%.2f", seconds)) s, \(story.preset.name))")
        }
    }
}

/// A project file validated and resolved, and its output preset chosen, or exit 2 with every
/// problem.
struct LoadedStory {
    var resolved: ResolvedStory
    var preset: OutputPreset
    var project: ProjectFile { resolved.project }

    init(path: String, preset override: String?, quiet: Bool) throws {
        let url = URL(fileURLWithPath: path)
        let report = ProjectFile.check(url, validator: StorySetup.validator())
        guard report.isValid, let story = report.story else {
            Diagnostics.report((report.problems + report.unresolved).map { Diagnostic($0, in: path) })
            throw ExitCode(2)
        }
        let project = story.project
        if !quiet { Diagnostics.report(report.warnings.map { Diagnostic($0, in: path) }) }
        do {
            self.preset = try StorySetup.outputPreset(for: project, override: override)
        } catch {
            Diagnostics.report(.error("\(error)", about: path))
            throw ExitCode(2)
        }
        resolved = story
    }
}
