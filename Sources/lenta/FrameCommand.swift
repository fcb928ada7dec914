import ArgumentParser
import Foundation
import LentaCore
import LentaMedia
import LentaRender

struct Frame: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "One frame of the story as PNG, exactly as the render would encode it.",
        discussion: """
            --at T shows frame floor(T × fps). The PNG is the same, byte for byte, on every run \
            and with any --threads: a hook for golden-frame tests.
            """)

    @Argument(help: ArgumentHelp("The project file.", valueName: "story.json"))
    var project: String

    @Option(help: ArgumentHelp("Seconds into the story.", valueName: "seconds"))
    var at: Double

    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG to write.", valueName: "frame.png"))
    var output: String

    @Option(help: ArgumentHelp("An output preset (lenta presets lists them).", valueName: "name"))
    var preset: String?

    @Option(help: ArgumentHelp("Threads for compositing (default: one per processor).", valueName: "n"))
    var threads: Int?

    /// Beside it, shaky clips' transforms.
    @OptionGroup var catalogOptions: CatalogOptions

    func validate() throws {
        try OutputName.check(output)
        // Checked here, at the edge: a time no story can reach never gets into the arithmetic.
        if !(at >= 0 && at <= ProjectLimits.maximumStorySeconds) {
            throw ValidationError("--at must be a time in seconds from 0 to \(Int(ProjectLimits.maximumStorySeconds)) (is \(DiagnosticText.value(String(describing: at)))).")
        }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1.") }
    }

    func run() throws {
        FFmpegLogging.silence()
        let story = try LoadedStory(path: project, preset: preset, quiet: true, catalog: catalogOptions.catalogPath)
        try story.refuseOverwritingInputs(with: output)
        let compositor = StoryCompositor(story: story.resolved, preset: story.preset, threads: threads ?? 0)
        compositor.lookahead = 0
        let n = compositor.frameIndex(at: at)
        guard n < compositor.frameCount else {
            let length = Double(compositor.frameCount) * Double(story.preset.fps.denominator) / Double(story.preset.fps.numerator)
            Diagnostics.report(.error("--at \(at) is past the story's end (\(compositor.frameCount) frames, \(length) s)"))
            throw ExitCode(2)
        }
        do {
            try PNGExport.write(try compositor.frame(n), to: output)
        } catch {
            throw CommandFailure(error)
        }
    }
}
