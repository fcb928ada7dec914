import Foundation
import LentaCore
import LentaMedia
@testable import LentaRender
import LentaTestSupport
import Testing

/// `lenta render` and `lenta frame` as a user runs them: exact length, goldens of the decoded
/// output, sound in sync, bad projects, bit-identical frames, no half-written files.
@Suite("Render command", .serialized)
struct RenderCommandTests {
    static let ffprobe = RenderFixture.which("ffprobe")

    /// Two synthetic photos (one turned by EXIF), a clip, crossfades and a cut: 3.0 s at 30 fps.
    static func story(_ fixture: RenderFixture, withSound: Bool = false) throws -> String {
        try SyntheticMedia.jpeg(width: 640, height: 480, exif: nil, to: fixture.folder.path("one.jpg"))
        try SyntheticMedia.jpeg(width: 640, height: 480, exif: SyntheticExif(orientation: 6), to: fixture.folder.path("two.jpg"))
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 25, seconds: 2, withAudio: withSound),
                                 to: fixture.folder.path("clip.mp4"))
        return try fixture.project([
            "lenta": 1,
            "output": ["preset": "preview", "width": 320, "height": 180],
            "defaults": ["transition": ["type": "crossfade", "duration": 0.3]],
            "items": [
                ["path": "one.jpg", "duration": 1.0, "kenBurns": ["from": [0, 0, 1, 1], "to": [0.1, 0.1, 0.8, 0.8], "easing": "inOut"]],
                ["path": "two.jpg", "duration": 1.5, "rotate": 3.0, "transition": ["type": "cut"]],
                ["path": "clip.mp4", "trim": [0.2, 1.0], "fit": "fit"],
            ],
        ])
    }

    static func probe(_ path: String) throws -> [[String: Any]] {
        guard let ffprobe else { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = ["-v", "error", "-of", "json", "-count_frames", "-show_streams", path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return json?["streams"] as? [[String: Any]] ?? []
    }

    static func leftovers(_ fixture: RenderFixture) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixture.folder.url.path).filter { $0.contains(".partial-") }
    }

    @Test("render: the MP4 is as long as the project says, to the frame", .enabled(if: ffprobe != nil))
    func durationToTheFrame() throws {
        let fixture = try RenderFixture()
        let story = try Self.story(fixture)
        let result = try LentaCLI.run(["render", story, "-o", fixture.folder.path("out.mp4"), "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let streams = try Self.probe(fixture.folder.path("out.mp4"))
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(video["nb_read_frames"] as? String == "90")  // (1.0 + 1.5 + 0.8 − 0.3) × 30
        // x264 takes `profile` as a ceiling: the preview preset's ultrafast uses no High tools.
        #expect(["High", "Constrained Baseline"].contains(video["profile"] as? String ?? ""))
        #expect(video["pix_fmt"] as? String == "yuv420p")
        #expect(video["width"] as? Int == 320 && video["height"] as? Int == 180)
        #expect(!streams.contains { $0["codec_type"] as? String == "audio" })  // no sound in this story
        #expect(try Self.leftovers(fixture).isEmpty)
    }

    @Test("render: the clip's sound is kept, AAC 48 kHz stereo, as long as the video (within an AAC frame)",
          .enabled(if: ffprobe != nil))
    func soundInSync() throws {
        let fixture = try RenderFixture()
        let story = try Self.story(fixture, withSound: true)
        let result = try LentaCLI.run(["render", story, "-o", fixture.folder.path("out.mp4"), "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let streams = try Self.probe(fixture.folder.path("out.mp4"))
        let audio = try #require(streams.first { $0["codec_type"] as? String == "audio" })
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(audio["codec_name"] as? String == "aac")
        #expect(audio["sample_rate"] as? String == "48000")
        #expect(audio["channels"] as? Int == 2)
        let a = Double(audio["duration"] as? String ?? "") ?? 0, v = Double(video["duration"] as? String ?? "") ?? 0
        #expect(abs(a - v) <= 1024.0 / 48000 + 1e-3, "audio \(a) s, video \(v) s")
    }

    @Test("render: decoded output frames match the goldens and lenta frame's pictures")
    func goldenFrames() throws {
        let fixture = try RenderFixture()
        let story = try Self.story(fixture)
        let output = fixture.folder.path("out.mp4")
        let result = try LentaCLI.run(["render", story, "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let reader = try VideoReader(path: output)
        var measured: [String: [Int]] = [:]
        for n in stride(from: 0, to: 90, by: 9) {
            // The frame shown half a frame after frame n's time is frame n.
            let decoded = try reader.frame(at: Rational(Int64(2 * n + 1), 60))
            measured[String(n)] = Golden.blockMeans(decoded)
            // FATE-style: the encoded frame is lenta frame's picture, up to the encoder's loss.
            let png = fixture.folder.path("f\(n).png")
            let frameRun = try LentaCLI.run(["frame", story, "--at", String(Double(n) / 30 + 0.001), "-o", png])
            #expect(frameRun.status == 0, "\(frameRun.stderr)")
            let reference = try PhotoDecoder(path: png).decode(scale: 1)
            #expect(Golden.psnr(decoded, reference) > 30, "frame \(n): PSNR \(Golden.psnr(decoded, reference)) dB")
        }
        try Golden.check("render-basic", measured, tolerance: 4)
    }

    @Test("a bad project exits 2 with every problem and writes nothing")
    func badProject() throws {
        let fixture = try RenderFixture()
        _ = try fixture.solidPhoto("a.png", 10, 20, 30)
        let story = try fixture.project(["lenta": 1, "items": [
            ["path": "missing.jpg"],
            ["path": "a.png", "kenBurns": ["from": [0, 0, 1, 1], "to": [0, 0, 1.5, 1]], "fit": "stretch"],
        ]])
        for command in [["render", story, "-o", fixture.folder.path("out.mp4")], ["frame", story, "--at", "0", "-o", fixture.folder.path("f.png")]] {
            let result = try LentaCLI.run(command)
            #expect(result.status == 2)
            #expect(result.stderr.contains("items[0].path: file not found: missing.jpg"), "\(result.stderr)")
            #expect(result.stderr.contains("items[1].kenBurns.to: width must be in (0, 1] (is 1.5)"), "\(result.stderr)")
            #expect(result.stderr.contains("items[1].fit"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("out.mp4")))
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("f.png")))
        let unknownPreset = try LentaCLI.run(["render", story, "-o", fixture.folder.path("out.mp4"), "--preset", "nope"])
        #expect(unknownPreset.status == 2)
    }

    @Test("lenta frame is bit-identical run to run and with 1 or 2 threads")
    func frameIsBitIdentical() throws {
        let fixture = try RenderFixture()
        let story = try Self.story(fixture)
        var outputs: [Data] = []
        for (i, threads) in [1, 2, 2].enumerated() {
            // 0.85 s: inside the crossfade from the Ken Burns photo to the rotated one.
            let path = fixture.folder.path("f\(i).png")
            let result = try LentaCLI.run(["frame", story, "--at", "0.85", "-o", path, "--threads", String(threads)])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
        #expect(outputs[0].starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let late = try LentaCLI.run(["frame", story, "--at", "3.0", "-o", fixture.folder.path("late.png")])
        #expect(late.status == 2)
        #expect(late.stderr.contains("past the story's end"))
    }

    @Test("an interrupted render leaves neither the MP4 nor a temporary file")
    func interruptedRenderLeavesNothing() throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.jpeg(width: 640, height: 480, exif: nil, to: fixture.folder.path("one.jpg"))
        let story = try fixture.project(["lenta": 1, "output": ["preset": "preview"],
                                         "items": [["path": "one.jpg", "duration": 600.0]]])
        let process = Process()
        process.executableURL = LentaCLI.binary
        process.arguments = ["render", story, "-o", fixture.folder.path("out.mp4"), "--quiet", "--threads", "1"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the temporary file exists and has grown.
        let deadline = Date().addingTimeInterval(60)
        var partial: String?
        while Date() < deadline, process.isRunning {
            if let name = try Self.leftovers(fixture).first,
               let size = try? FileManager.default.attributesOfItem(atPath: fixture.folder.path(name))[.size] as? Int, size > 0 {
                partial = name
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(partial != nil, "the render never started writing")
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try Self.leftovers(fixture).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("out.mp4")))
    }
}
