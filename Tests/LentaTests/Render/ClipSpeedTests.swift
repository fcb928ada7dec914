import Foundation
import LentaCore
import LentaMedia
@testable import LentaRender
import LentaStories
import LentaTestSupport
import Testing

/// `speed` on a clip: validated (0.25–4, with its JSON path), the exact timeline counts the
/// clip as its trim ÷ speed, frames and sound (pitch kept by atempo) follow; a 240 fps clip is
/// chosen as a slowed second.
@Suite("Clip speed", .serialized)
struct ClipSpeedTests {
    typealias F = ProjectFixtures

    @Test("speed is validated with its path, and the timeline knows it")
    func validation() throws {
        let folder = try F.Folder()
        let fast = try folder.problems(F.example(replacing: #""volume": 0.5"#, with: #""volume": 0.5, "speed": 5"#))
        #expect(fast.contains("items[1].speed: must be in [0.25, 4]× (is 5.0)"), "\(fast)")
        let slow = try folder.problems(F.example(replacing: #""volume": 0.5"#, with: #""volume": 0.5, "speed": 0.1"#))
        #expect(slow.contains("items[1].speed: must be in [0.25, 4]× (is 0.1)"), "\(slow)")
        let typo = try folder.problems(F.example(replacing: #""volume": 0.5"#, with: #""volume": 0.5, "sped": 0.5"#))
        #expect(typo.contains { $0.hasPrefix("items[1].sped: unknown key") }, "\(typo)")
        let plain = try folder.check(F.example(replacing: #""volume": 0.5"#, with: #""volume": 0.5"#))
        let halved = try folder.check(F.example(replacing: #""volume": 0.5"#, with: #""volume": 0.5, "speed": 0.5"#))
        #expect(halved.isValid)
        // The clip's trim [1.5, 6] lasts 4.5 s at speed 1, 9 s at half speed.
        #expect(abs((halved.length ?? 0) - (plain.length ?? 0) - 4.5) < 1e-9)
    }

    @Test("the atempo chain keeps each step within 0.5…2")
    func tempoChain() {
        #expect(AudioClipTrack.tempoFilters(0.25) == "atempo=0.5,atempo=0.5")
        #expect(AudioClipTrack.tempoFilters(0.75) == "atempo=0.75")
        #expect(AudioClipTrack.tempoFilters(4) == "atempo=2,atempo=2.0")
    }

    @Test("frames follow the speed: half speed shows each source frame twice, double speed every other",
          arguments: [(0.5, [0.0, 1.0], 60), (2.0, [0.0, 2.0], 30), (0.25, [0.5, 1.0], 60)])
    func framesAtSpeed(speed: Double, trim: [Double], frames: Int) throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 30, seconds: 2), to: fixture.folder.path("clip.mp4"))
        let c = try fixture.compositor(["lenta": 1, "items": [["path": "clip.mp4", "trim": trim, "speed": speed, "fit": "fill"]]],
                                       preset: RenderFixture.preset(width: 320, height: 240))
        #expect(c.frameCount == frames)
        for n in [0, 1, 7, frames - 1] {
            let expected = Int((trim[0] * 30 + Double(n) * speed).rounded(.down))
            #expect(RenderStoryTests.frameIndex(try c.frame(n)) == expected, "frame \(n)")
        }
    }

    @Test("a 240 fps clip is chosen as a slowed second and renders to the exact length, its sound stretched",
          .enabled(if: RenderCommandTests.ffprobe != nil))
    func slowMotion() throws {
        #expect(ClipMoment.slowMotionSpeed(frameRate: 240) == 0.25)
        #expect(ClipMoment.slowMotionSpeed(frameRate: 120) == 0.25)
        #expect(ClipMoment.slowMotionSpeed(frameRate: 60) == nil)
        let candidate = { (id: Int64, rate: Double?) -> SelectionCandidate in
            var c = SelectionCandidate(id: id, kind: .video, instant: Double(id), day: nil, place: nil, duration: 3, quality: nil)
            c.frameRate = rate
            return c
        }
        var options = SelectionOptions(length: 20)
        options.titleCard = nil
        let plan = StorySelection(options: options).choose([candidate(1, 240), candidate(2, 30)])
        let slowed = try #require(plan.chosen.first { $0.id == 1 })
        #expect(slowed.speed == 0.25)
        #expect(abs((slowed.trim?.length ?? 0) - 1) < 1e-9, "one second of the source")
        #expect(abs(slowed.length - 4) < 1e-9, "four seconds of the story")
        #expect(plan.chosen.first { $0.id == 2 }?.speed == nil)

        let fixture = try RenderFixture()
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 240, seconds: 2, withAudio: true),
                                 to: fixture.folder.path("slomo.mp4"))
        let story = try fixture.project(["lenta": 1, "output": ["preset": "preview", "width": 320, "height": 240],
                                         "items": [["path": "slomo.mp4", "trim": [0.5, 1.5], "speed": 0.25, "fit": "fill"]]])
        let out = fixture.folder.path("out.mp4")
        let result = try LentaCLI.run(["render", story, "-o", out, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let streams = try RenderCommandTests.probe(out)
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(video["nb_read_frames"] as? String == "120", "4 s at 30 fps")
        let samples = try AudioFixtures.decodeAll(out)
        #expect(abs(samples.count / 2 - 4 * 48_000) <= 1024, "4 s of sound (\(samples.count / 2) samples)")
        // Pitch kept: the 440 Hz tone still crosses zero 880 times a second in the middle.
        let middle = Array(samples[(2 * 48_000 * 1)..<(2 * 48_000 * 3)])
        var crossings = 0
        for k in stride(from: 2, to: middle.count, by: 2) where (middle[k - 2] < 0) != (middle[k] < 0) { crossings += 1 }
        #expect(abs(Double(crossings) / 2 - 880) < 30, "\(crossings / 2) zero crossings a second")
        // Frame n shows source frame 120 + 2n (240 fps at a quarter speed, 30 fps out).
        let reader = try VideoReader(path: out)
        for n in [0, 10, 119] {
            #expect(RenderStoryTests.frameIndex(try reader.frame(at: Rational(Int64(n), 30))) == 120 + 2 * n, "frame \(n)")
        }
    }
}
