import Foundation
@testable import LentaAuto
import LentaCore
import LentaMedia
import LentaRender
import LentaTestSupport
import Testing

/// A project file's `output.also`: more shapes of the story, read and written like every other
/// output setting, validated at their paths, rendered by `render` and `auto` beside the story.
@Suite("Render shapes from the project file")
struct ProjectAlsoTests {
    static let presets = PresetLibrary(directory: PresetLibrary.sourceTreePresets)

    static func problems(_ output: ProjectOutput) -> [String] {
        let project = ProjectFile(output: output, items: [ProjectItem(path: "a.jpg", duration: 2)])
        return ProjectValidator(presets: presets).report(project).problems.map(\.description)
    }

    @Test("output.also is read, written back and type-checked at its path")
    func readsAndWrites() throws {
        let json = #"{"lenta": 1, "output": {"preset": "landscape-1080p", "also": ["portrait-1080p", "square-1080p"]}, "items": [{"path": "a.jpg"}]}"#
        let project = try ProjectFile.decode(Data(json.utf8))
        #expect(project.output?.also == ["portrait-1080p", "square-1080p"])
        let again = try ProjectFile.decode(try StrictJSON.write(project.json).data(using: .utf8) ?? Data())
        #expect(again == project)
        #expect(ProjectOutput(preset: "preview").json == ProjectOutput(preset: "preview", also: nil).json)

        do {
            _ = try ProjectFile.decode(Data(#"{"lenta": 1, "output": {"also": ["portrait-1080p", 3]}, "items": [{"path": "a.jpg"}]}"#.utf8))
            Issue.record("a number among the names is refused")
        } catch let error as ProjectFileError {
            #expect(error.problems.map(\.path.description) == ["output.also[1]"], "\(error)")
        }
    }

    @Test("every problem of output.also at its path: unknown (did you mean), twice, the story's own, a different frame rate / dynamic range")
    func validation() {
        #expect(Self.problems(ProjectOutput(also: ["portrait-1080p", "square-1080p", "preview"])).isEmpty)
        let problems = Self.problems(ProjectOutput(also: ["square-1080p", "portrait-108p", "square-1080p", "landscape-1080p", "landscape-4k-hlg", ""]))
        #expect(problems.count == 5, "\(problems)")
        #expect(problems.contains { $0.hasPrefix(#"output.also[1]: unknown preset "portrait-108p" (did you mean "portrait-1080p"?"#) }, "\(problems)")
        #expect(problems.contains(#"output.also[2]: "square-1080p" is listed twice (also at output.also[0])"#), "\(problems)")
        #expect(problems.contains { $0.hasPrefix(#"output.also[3]: "landscape-1080p" is the story's own preset"#) }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix(#"output.also[4]: preset "landscape-4k-hlg" cannot be rendered in the story's pass: its dynamic range, hlg"#)
                                    && $0.hasSuffix("render it separately") }, "\(problems)")
        #expect(problems.contains("output.also[5]: must not be empty"), "\(problems)")

        // The story's own preset as changed by the project: 25 fps, which the shapes are not.
        let slow = Self.problems(ProjectOutput(preset: "portrait-1080p", fps: OutputFrameRate(25), also: ["square-1080p"]))
        #expect(slow.count == 1 && slow[0].hasPrefix(#"output.also[0]: preset "square-1080p" cannot be rendered in the story's pass: its frame rate, 30 fps, is not the story's 25 fps"#),
                "\(slow)")
    }

    /// Pictures decoded from an MP4 until they repeat: its frame count (each frame's own time
    /// is asked for half a frame in; past the end the last frame comes back).
    static func frameCount(_ path: String, limit: Int = 120) throws -> Int {
        let reader = try VideoReader(path: path, threads: 1)
        var times: Set<Rational> = []
        for n in 0..<limit { times.insert(try reader.timedFrame(at: Rational(Int64(2 * n + 1), 60)).time) }
        return times.count
    }

    @Test("lenta render: the project's shapes beside -o, with --also's; a preset in both once, where --also says; --preset's own left out")
    func render() throws {
        let fixture = try RenderFixture()
        let env = ["LENTA_PRESETS": try RenderShapesTests.smallPresets(in: fixture)]
        let a = try fixture.solidPhoto("a.png", 200, 40, 40, width: 400, height: 300)
        let b = try fixture.solidPhoto("b.png", 40, 40, 200, width: 300, height: 400)
        let story = try fixture.project(["lenta": 1, "output": ["preset": "small-land", "also": ["small-portrait", "small-square"]],
                                         "items": [["path": a, "duration": 0.3], ["path": b, "duration": 0.3]]])
        let out = fixture.folder.path("out.mp4")
        let run = try LentaCLI.run(["render", story, "-o", out, "--also", "small-square=" + fixture.folder.path("sq.mp4"), "--quiet"],
                                   environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        for (file, size) in [("out.mp4", (320, 180)), ("out.small-portrait.mp4", (180, 320)), ("sq.mp4", (240, 240))] {
            let reader = try VideoReader(path: fixture.folder.path(file), threads: 1)
            #expect(reader.width == size.0 && reader.height == size.1, "\(file)")
            #expect(try Self.frameCount(fixture.folder.path(file)) == 18, "\(file): 0.6 s at 30 fps")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("out.small-square.mp4")), "the command line's path wins")

        // Rendered in a preset the project lists as a shape: the story's MP4 is that shape.
        let other = fixture.folder.path("p.mp4")
        let portrait = try LentaCLI.run(["render", story, "-o", other, "--preset", "small-portrait", "--quiet"], environment: env)
        #expect(portrait.status == 0, "\(portrait.stderr)")
        #expect(try VideoReader(path: other, threads: 1).width == 180)
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("p.small-portrait.mp4")))
        #expect(FileManager.default.fileExists(atPath: fixture.folder.path("p.small-square.mp4")))

        // A bad output.also stops the render before any work, every problem at its path.
        let bad = try fixture.project(["lenta": 1, "output": ["preset": "small-land", "also": ["small-portrai", "small-land"]],
                                       "items": [["path": a, "duration": 0.3]]], name: "bad.json")
        let refused = try LentaCLI.run(["render", bad, "-o", fixture.folder.path("x.mp4")], environment: env)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("output.also[0]: unknown preset \"small-portrai\" (did you mean \"small-portrait\"?"), "\(refused.stderr)")
        #expect(refused.stderr.contains("output.also[1]: \"small-land\" is the story's own preset"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("x.mp4")))
    }

    @Test("lenta auto: a story's output.also shapes are rendered and kept (a missing one renders the story again)")
    func auto() throws {
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        let fixture = try RenderFixture()
        let env = ["LENTA_PRESETS": try RenderShapesTests.smallPresets(in: fixture)]
        let arguments = ["auto", lib.photos, "--out", lib.stories, "--catalog", lib.catalog, "--preset", "small-land", "--settle", "1h",
                         "--length", "5"]
        let name = AutoTests.lisbonName
        let shape = lib.stories + "/" + name + ".small-portrait.mp4"

        let first = try LentaCLI.run(arguments, environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!FileManager.default.fileExists(atPath: shape))

        try lib.editProject(name) { $0.output = ProjectOutput(preset: "small-land", also: ["small-portrait"]) }
        let second = try LentaCLI.run(arguments, environment: env)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("rendered   \(name).mp4"), "\(second.stdout)")
        let reader = try VideoReader(path: shape, threads: 1)
        #expect(reader.width == 180 && reader.height == 320)

        let third = try LentaCLI.run(arguments, environment: env)
        #expect(third.stdout.hasPrefix("unchanged  \(name).mp4"), "\(third.stdout)")

        try FileManager.default.removeItem(atPath: shape)
        let fourth = try LentaCLI.run(arguments, environment: env)
        #expect(fourth.stdout.hasPrefix("rendered   \(name).mp4 (its small-portrait MP4 is missing)"), "\(fourth.stdout)")
        #expect(FileManager.default.fileExists(atPath: shape))
    }
}
