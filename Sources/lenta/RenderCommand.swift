import ArgumentParser
import Foundation
import LentaCatalog
import LentaCore
import LentaLibrary
import LentaMedia
import LentaRender

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Encode a project file to an MP4 story.",
        discussion: """
            The project is validated first: a bad project exits 2 with every problem. The MP4 is \
            written under a temporary name beside the output and renamed into place when complete; \
            an interrupted render leaves nothing behind. --preset replaces the project's output \
            preset and its changes to it. The sound is brought to the preset's loudness (default \
            -14 LUFS, true peak at most -1 dBTP); the MP4 carries the title, the first capture time, \
            the trip's place (ISO 6709) and a chapter per place or day. When the preset's encoder \
            cannot open (a graphics card's, on a machine without one), its fallback is used and \
            a line says so.

            --also NAME renders the story in another output preset in the same pass (repeat it \
            for more): each photo and clip is decoded once for every shape, the sound mixed once, \
            and each MP4 encoded by its own encoder, with its own chapters (and subtitles). NAME \
            writes story.NAME.mp4 beside -o (lenta render s.json -o trip.mp4 --also \
            portrait-1080p writes trip.portrait-1080p.mp4); NAME=PATH writes PATH. Such a preset \
            is used as it is, and must have the story's frame rate, sound, loudness target and \
            dynamic range (a preset that differs is refused, exit 2: render it separately). The \
            project's output.also names shapes the same way (as bare NAMEs); a preset in both is \
            rendered once, where --also says.
            """)

    @Argument(help: ArgumentHelp("The project file.", valueName: "story.json"))
    var project: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The MP4 to write.", valueName: "story.mp4"))
    var output: String

    @Option(help: ArgumentHelp("An output preset (lenta presets lists them).", valueName: "name"))
    var preset: String?

    @Option(help: AlsoShape.help)
    var also: [AlsoShape] = []

    @Option(help: ArgumentHelp("Also write the captions and place names: srt or vtt beside the MP4 (story.srt), or mov_text, a track inside it.",
                               valueName: "format"))
    var subtitles: SubtitleFormat?

    @Flag(help: "No progress and no warnings on stderr (for cron).")
    var quiet = false

    @Option(help: ArgumentHelp("Threads for compositing and encoding (default: one per processor).", valueName: "n"))
    var threads: Int?

    /// Beside it, shaky clips' transforms (the render reads no catalog, only that folder).
    @OptionGroup var catalogOptions: CatalogOptions

    func validate() throws {
        try OutputName.check(output)
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1.") }
        try AlsoShape.check(also, main: preset)
    }

    func run() throws {
        FFmpegLogging.silence()
        let story = try LoadedStory(path: project, preset: preset, quiet: quiet, catalog: catalogOptions.catalogPath)
        try story.refuseOverwritingInputs(with: output)
        let shapes = try story.alsoShapes(AlsoShape.merging(also, into: story.project, main: story.preset.name), besides: output)
        for (_, path) in shapes { try story.refuseOverwritingInputs(with: path) }
        let outputs = [output] + shapes.map(\.path)
        try Self.refuseNonRegularOutputs(outputs, subtitles: subtitles)
        InterruptCleanup.install()
        // What a render killed outright (SIGKILL, power loss) left of these outputs before.
        for removed in outputs.flatMap({ StaleTemporaryFiles.remove(besideOutput: $0) }) where !quiet {
            Diagnostics.report(.warning("removed, left by an interrupted render", about: DiagnosticText.path(removed)))
        }
        let renderer: StoryRenderer
        do {
            renderer = try StorySetup.renderer(story: story.resolved, preset: story.preset, also: shapes.map(\.preset), threads: threads ?? 0)
        } catch {
            throw CommandFailure(error, about: project)
        }
        if subtitles == .movText, let cues = renderer.publishing?.cues {
            renderer.metadata.subtitleTrack = cues
            for k in renderer.also.indices { renderer.also[k].metadata.subtitleTrack = renderer.also[k].publishing.cues }
        }
        let bar = Terminal.ProgressBar(label: "Rendering", enabled: !quiet && Terminal.stderrIsTerminal)
        var sidecars: [String] = []
        do {
            try renderer.render(to: output, also: shapes.map(\.path), encoderThreads: threads ?? 0, notice: { line, file in
                if !quiet { Diagnostics.report(.warning(line, about: file)) }
            }, progress: { done, total in bar.update(done, of: total) })
            if let subtitles {
                let publishings = [renderer.publishing] + renderer.also.map(\.publishing)
                for (publishing, file) in zip(publishings, outputs) {
                    if let sidecar = try publishing?.writeSidecar(subtitles, besides: file) { sidecars.append(sidecar) }
                }
            }
        } catch {
            bar.finish()
            throw CommandFailure(error)
        }
        bar.finish()
        if !quiet, Terminal.stderrIsTerminal {
            let seconds = Double(renderer.frameCount) * Double(story.preset.fps.denominator) / Double(story.preset.fps.numerator)
            let presets = [story.preset] + shapes.map(\.preset)
            for (file, preset) in zip(outputs, presets) {
                Terminal.error("Wrote \(file) (\(renderer.frameCount) frames, \(String(format: "%.2f", seconds)) s, \(preset.name))")
            }
            if let plan = renderer.loudness {
                Terminal.error(String(format: "Loudness %.1f LUFS → %.1f LUFS (%+.1f dB), true peak %.1f dBTP",
                                      plan.before.integrated, plan.after.integrated, plan.gain, plan.after.truePeak))
            }
            for sidecar in sidecars { Terminal.error("Wrote \(sidecar)") }
        }
    }
}

/// A project file validated and resolved, and its output preset chosen, or exit 2 with every
/// problem.
struct LoadedStory {
    var resolved: ResolvedStory
    /// The project file (outputs are checked against it and everything it names).
    var file: URL
    var preset: OutputPreset
    var project: ProjectFile { resolved.project }

    /// - Parameter catalog: the catalog whose cache holds shaky clips' transforms.
    init(path: String, preset override: String?, quiet: Bool, catalog: String) throws {
        let url = URL(fileURLWithPath: path)
        let loaded: LoadedProject
        do {
            loaded = try ProjectLoader.load(url, catalogPath: catalog)
        } catch .unreadable(_, let reason) {
            Diagnostics.report(Diagnostic(ProjectProblem(path: .root, message: reason.description), in: path))
            throw ExitCode(2)
        } catch .invalid(let error) {
            Diagnostics.report(error.problems.map { Diagnostic($0, in: path) })
            throw ExitCode(2)
        }
        if !quiet { Diagnostics.report(loaded.warnings.map { Diagnostic($0, in: path) }) }
        do {
            self.preset = try StorySetup.outputPreset(for: loaded.story.project, override: override)
        } catch {
            Diagnostics.report(.error(error, about: path))
            throw ExitCode(2)
        }
        resolved = loaded.story
        file = url
    }

    /// Exit 2 when `output` is the project file or any file the story reads.
    func refuseOverwritingInputs(with output: String) throws {
        do {
            try StoryInputs(project: project, projectFile: file).check(output: output)
        } catch {
            Diagnostics.report(.error(error))
            throw ExitCode(2)
        }
    }
}

extension Render {
    /// Every file the render will write (each MP4 and its subtitles sidecar) checked before any
    /// is written, or exit 2 naming the path.
    static func refuseNonRegularOutputs(_ outputs: [String], subtitles: SubtitleFormat?) throws {
        do {
            for (k, path) in outputs.enumerated() {
                try OutputName.refuseNonRegular(path, option: k == 0 ? "-o" : "--also")
                if let subtitles, let sidecar = StoryPublishing.sidecarPath(subtitles, besides: path) {
                    try OutputName.refuseNonRegular(sidecar, option: "--subtitles")
                }
            }
        } catch {
            Diagnostics.report(.error(error))
            throw ExitCode(2)
        }
    }
}

extension LoadedStory {
    /// The presets and outputs of `--also`, or exit 2: a preset that cannot share the pass (its
    /// frame rate…), the story's own preset again, or an output that is `main` or another's.
    func alsoShapes(_ shapes: [AlsoShape], besides main: String) throws -> [(preset: OutputPreset, path: String)] {
        guard !shapes.isEmpty else { return [] }
        do {
            if let own = shapes.first(where: { $0.preset == preset.name }) {
                throw ValidationError("--also \(own.preset) is the story's own preset (-o already writes it)")
            }
            let presets = try StorySetup.alsoPresets(shapes.map(\.preset), main: preset)
            var taken = [URL(fileURLWithPath: main).standardizedFileURL.path: "-o"]
            return try zip(shapes, presets).map { shape, preset in
                let path = shape.output(besides: main)
                let key = URL(fileURLWithPath: path).standardizedFileURL.path
                if let other = taken[key] {
                    throw ValidationError("--also \(shape.preset) would write \(DiagnosticText.path(path)), which \(other) writes too")
                }
                taken[key] = "--also \(shape.preset)"
                return (preset, path)
            }
        } catch {
            Diagnostics.report(.error(error))
            throw ExitCode(2)
        }
    }
}

extension SubtitleFormat: ExpressibleByArgument {}
