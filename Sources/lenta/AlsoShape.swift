import ArgumentParser
import LentaCore
import LentaRender

/// `--also NAME` or `--also NAME=PATH`: one more output preset rendered in the same pass, written
/// to PATH, or beside the story's own output as `story.NAME.mp4`.
struct AlsoShape: ExpressibleByArgument, Equatable {
    let preset: String
    let path: String?

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = parts.first, !name.isEmpty else { return nil }
        preset = String(name)
        if parts.count == 2 {
            guard !parts[1].isEmpty else { return nil }
            path = String(parts[1])
        } else {
            path = nil
        }
    }

    /// A shape written beside the story's output (a project's `output.also`).
    init(preset: String, path: String? = nil) {
        self.preset = preset
        self.path = path
    }

    /// The story's shapes: the project's `output.also` and `commandLine` (`--also`), a preset in
    /// both once, written where the command line says.
    static func merging(_ commandLine: [AlsoShape], into project: ProjectFile, main: String) -> [AlsoShape] {
        StorySetup.alsoNames(project: project, adding: commandLine.map(\.preset), main: main).map { name in
            commandLine.first { $0.preset == name } ?? AlsoShape(preset: name)
        }
    }

    /// The MP4 it writes, for a story written to `main`.
    func output(besides main: String) -> String {
        path ?? StoryShape.outputPath(preset: preset, besides: main)
    }

    static let help = ArgumentHelp(
        "Also render the story in another output preset, in the same pass (repeatable): NAME writes story.NAME.mp4 beside the story's MP4, NAME=PATH writes PATH.",
        valueName: "name[=path]")

    /// Usage errors (exit 2) in a list of `--also`: an unknown or broken preset (with the known
    /// ones), a preset named twice, or the story's own. `main` is the story's own preset name
    /// when known.
    static func check(_ shapes: [AlsoShape], main: String?, library: PresetLibrary = .standard) throws {
        var seen: Set<String> = []
        for shape in shapes {
            if let path = shape.path { try OutputName.check(path) }
            do {
                _ = try library.outputPreset(named: shape.preset)
            } catch {
                throw ValidationError("--also: \(error)")
            }
            guard seen.insert(shape.preset).inserted else { throw ValidationError("--also \(shape.preset) is given twice.") }
            if shape.preset == main { throw ValidationError("--also \(shape.preset) is the story's own preset (-o already writes it).") }
        }
    }
}
