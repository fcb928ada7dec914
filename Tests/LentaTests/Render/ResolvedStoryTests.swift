import Foundation
import Glibc
import LentaCore
import LentaLibrary
import LentaMedia
@testable import LentaRender
import LentaTestSupport
import Synchronization
import Testing

/// The story is resolved once, by validation: every path a regular file before it is opened,
/// music opened as the render opens it, each look read once, and the render opening each clip's
/// file once for its pictures and once for its sound.
@Suite("Resolved story")
struct ResolvedStoryTests {
    /// A count shared with a `@Sendable` hook.
    final class Counter: Sendable {
        private let value = Mutex(0)
        func add() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    /// Runs `lenta` and gives up after `seconds`: a hang is a failure, not a stuck test run.
    static func run(_ arguments: [String], in folder: URL, seconds: Double = 30) throws -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = LentaCLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("lenta-out-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out) }
        let handle = try FileHandle(forWritingTo: out)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return nil
        }
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: out), as: UTF8.self))
    }

    @Test("a FIFO as an item or music path: validate and render stop at once, naming the JSON path")
    func userPutAFIFOAsAnItemAndAsMusic() throws {
        let folder = try TemporaryFolder()
        try SyntheticMedia.jpeg(width: 64, height: 48, exif: nil, to: folder.path("a.jpg"))
        #expect(mkfifo(folder.path("pipe.jpg"), 0o600) == 0)
        #expect(mkfifo(folder.path("pipe.m4a"), 0o600) == 0)
        let project = ProjectFile(music: [MusicTrack(path: "pipe.m4a")],
                                  items: [ProjectItem(path: "a.jpg", duration: 1), ProjectItem(path: "pipe.jpg", duration: 1)])
        try project.write(to: folder.url.appendingPathComponent("story.json"))
        for command in [["validate", "story.json"], ["render", "story.json", "-o", "out.mp4", "--quiet"]] {
            let result = try #require(try Self.run(command, in: folder.url), "lenta \(command[0]) hung on a FIFO")
            #expect(result.status == 2)
            #expect(result.output.contains("story.json: items[1].path: is a named pipe (FIFO), not a regular file: pipe.jpg"), "\(result.output)")
            #expect(result.output.contains("story.json: music[0].path: is a named pipe (FIFO), not a regular file: pipe.m4a"), "\(result.output)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.mp4")))
    }

    @Test("a FIFO as a project file or a .cube look is refused without opening it")
    func fifoProjectAndLook() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.path("story.json"), 0o600) == 0)
        let report = ProjectFile.check(folder.url.appendingPathComponent("story.json"), validator: ProjectLoader.validator())
        #expect(report.problems.map(\.description) == ["is a named pipe (FIFO), not a regular file"])

        try SyntheticMedia.jpeg(width: 64, height: 48, exif: nil, to: folder.path("a.jpg"))
        #expect(mkfifo(folder.path("grade.cube"), 0o600) == 0)
        let validator = ProjectLoader.validator().forFile(folder.url.appendingPathComponent("other.json"))
        let problems = validator.validate(ProjectFile(items: [ProjectItem(path: "a.jpg", look: "grade.cube")]))
        #expect(problems.map(\.description) == ["items[0].look: is a named pipe (FIFO), not a regular file: grade.cube"])
    }

    @Test("music that is not sound (a text file, a JPEG) is a problem at music[i].path, as the render would find")
    func userGaveMusicThatIsNotSound() throws {
        let folder = try TemporaryFolder()
        try SyntheticMedia.jpeg(width: 64, height: 48, exif: nil, to: folder.path("a.jpg"))
        try Data("root:x:0:0:root:/root:/bin/bash\n".utf8).write(to: folder.url.appendingPathComponent("passwd"))
        let tone = AudioFixtures.tone(hertz: 440, seconds: 0.5, channels: 2)
        try AudioFixtures.writeWAV(tone, channels: 2, to: folder.path("tone.wav"))
        let project = ProjectFile(music: [MusicTrack(path: "passwd"), MusicTrack(path: "a.jpg"), MusicTrack(path: "tone.wav")],
                                  items: [ProjectItem(path: "a.jpg", duration: 1)])
        let report = ProjectLoader.validator().forFile(folder.url.appendingPathComponent("story.json")).report(project)
        #expect(report.errors.map(\.path.description) == ["music[0].path", "music[1].path"])
        #expect(report.errors.allSatisfy { $0.message.hasPrefix("cannot be played: ") }, "\(report.errors)")
        #expect(report.story == nil)

        var good = project
        good.music = [MusicTrack(path: "tone.wav")]
        let story = try ResolvedStory.resolve(good, in: folder.url)
        #expect(story.music.map(\.url) == [folder.url.appendingPathComponent("tone.wav").standardizedFileURL])
        #expect(abs((story.music[0].duration ?? 0) - 0.5) < 0.01)
    }

    @Test("a .cube shared by 50 items is read and parsed once, and its problem reported at each item")
    func userSharedOneCubeLookAcrossFiftyItems() throws {
        let folder = try TemporaryFolder()
        try SyntheticMedia.jpeg(width: 64, height: 48, exif: nil, to: folder.path("a.jpg"))
        try Data("LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n".utf8)
            .write(to: folder.url.appendingPathComponent("grade.cube"))
        try Data("LUT_3D_SIZE 2\n0 0 0\n".utf8).write(to: folder.url.appendingPathComponent("broken.cube"))
        let reads = Counter()
        var validator = ProjectLoader.validator().forFile(folder.url.appendingPathComponent("story.json"))
        validator.readCube = { url, name in
            reads.add()
            return try CubeFile.read(contentsOf: url, displayName: name)
        }
        let items = (0..<50).map { _ in ProjectItem(path: "a.jpg", duration: 0.5, look: "grade.cube") }
        let story = try validator.resolvedStory(ProjectFile(items: items))
        #expect(reads.count == 1)
        #expect(story.looks.count == 1)
        #expect(story.items.allSatisfy { $0.look == story.looks["grade.cube"]?.look && $0.look != nil })
        #expect(story.looks["grade.cube"]?.file == folder.url.appendingPathComponent("grade.cube").standardizedFileURL)

        let brokenItems = (0..<3).map { _ in ProjectItem(path: "a.jpg", duration: 0.5, look: "broken.cube") }
        let problems = validator.validate(ProjectFile(items: brokenItems))
        #expect(reads.count == 2)
        #expect(problems.map(\.path.description) == ["items[0].look", "items[1].look", "items[2].look"])
        #expect(Set(problems.map(\.message)).count == 1)
    }

    @Test("a render opens each clip's file once for its pictures and once for its sound; validation once to probe it")
    func eachClipOpenedOnce() throws {
        let fixture = try RenderFixture()
        let clips = ["one.mp4", "two.mov", "three.mp4"]
        for (i, name) in clips.enumerated() {
            try SyntheticMedia.video(SyntheticVideo(width: 96, height: 64, frameRate: 25, seconds: 1.2,
                                                    container: name.hasSuffix(".mov") ? .mov : .mp4, withAudio: i != 1),
                                     to: fixture.folder.path(name))
        }
        try SyntheticMedia.video(SyntheticVideo(width: 96, height: 64, frameRate: 25, seconds: 1, withAudio: true),
                                 to: fixture.folder.path("mute.mp4"))
        try SyntheticMedia.jpeg(width: 96, height: 64, exif: nil, to: fixture.folder.path("a.jpg"))
        let paths = (clips + ["mute.mp4"]).map { fixture.folder.url.appendingPathComponent($0).standardizedFileURL.path }
        for path in paths { ContainerOpens.watch(path) }
        defer { for path in paths { ContainerOpens.unwatch(path) } }

        let data = try JSONSerialization.data(withJSONObject: [
            "lenta": 1,
            "defaults": ["transition": ["type": "crossfade", "duration": 0.3]],
            "items": [
                ["path": "one.mp4", "trim": [0.1, 1.0]],
                ["path": "a.jpg", "duration": 0.8],
                ["path": "two.mov"],
                ["path": "three.mp4", "trim": [0.2, 1.1], "volume": 0.5],
                ["path": "mute.mp4", "trim": [0, 0.8], "volume": 0],
            ],
        ] as [String: Any])
        let story = try fixture.story(data)
        #expect(paths.map { ContainerOpens.count(of: $0) } == [1, 1, 1, 1], "validation reads each header once")
        #expect(story.items.map(\.playableSound) == [true, false, false, true, true])

        for path in paths { ContainerOpens.watch(path) }
        let renderer = try StorySetup.renderer(story: story, preset: RenderFixture.preset(), threads: 2)
        let output = fixture.folder.path("story.mp4")
        try renderer.render(to: output, encoderThreads: 1)
        #expect(FileManager.default.fileExists(atPath: output))
        // one.mp4 and three.mp4: pictures and sound (once, however many loudness passes read the
        // mix); two.mov has no sound; mute.mp4 plays at volume 0.
        #expect(try #require(renderer.loudness?.passes) >= 2)
        #expect(paths.map { ContainerOpens.count(of: $0) } == [2, 1, 2, 1])
    }

    @Test("a render with another shape opens a clip at most 3 times (probe, pictures, sound) and a photo at most twice",
          arguments: [false, true])
    func clipAndPhotoOpens(alsoSquare: Bool) throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.video(SyntheticVideo(width: 96, height: 64, frameRate: 25, seconds: 1.2, withAudio: true),
                                 to: fixture.folder.path("clip.mp4"))
        try SyntheticMedia.jpeg(width: 96, height: 64, exif: nil, to: fixture.folder.path("photo.jpg"))
        let paths = ["clip.mp4", "photo.jpg"].map { fixture.folder.url.appendingPathComponent($0).standardizedFileURL.path }
        for path in paths { ContainerOpens.watch(path) }
        defer { for path in paths { ContainerOpens.unwatch(path) } }
        let story = try fixture.story([
            "lenta": 1,
            "items": [["path": "clip.mp4", "trim": [0.1, 1.0]], ["path": "photo.jpg", "duration": 0.8]],
        ] as [String: Any])
        let also = alsoSquare ? [RenderFixture.preset(width: 180, height: 180)] : []
        let renderer = try StorySetup.renderer(story: story, preset: RenderFixture.preset(), also: also, threads: 2)
        let outputs = (0 ... also.count).map { fixture.folder.path("story\($0).mp4") }
        try renderer.render(to: outputs[0], also: Array(outputs.dropFirst()), encoderThreads: 1)
        let opens = paths.map { ContainerOpens.count(of: $0) ?? -1 }
        #expect(opens[0] <= 3, "clip opened \(opens[0]) times")
        #expect(opens[1] <= 2, "photo opened \(opens[1]) times")
    }
}
