import Foundation
import LentaCore
import LentaMedia
@testable import LentaRender
import LentaTestSupport
import Testing

/// `"motion": true`: a Live or Motion Photo plays its motion, with its sound, trimmed like a clip;
/// validation explains `motion` on an item that has none.
@Suite("Motion render", .serialized)
struct MotionRenderTests {
    /// A Google Motion Photo whose 2 s movie (30 fps, 440 Hz tone) is appended to the JPEG, and a
    /// Live Photo pair of the same movie beside a HEIC.
    static func media(_ fixture: RenderFixture) throws {
        let movie = SyntheticVideo(width: 320, height: 240, frameRate: 30, seconds: 2, withAudio: true)
        try SyntheticMotionPhoto.write(width: 320, height: 240, exif: SyntheticExif(dateTimeOriginal: "2024:05:04 11:31:30"),
                                       movie: movie, layout: .googleDirectory, to: fixture.folder.path("motion.jpg"))
        var exif = SyntheticExif(dateTimeOriginal: "2024:05:04 11:31:30", offsetTimeOriginal: "+01:00")
        exif.appleContentIdentifier = "6B2F0C83-0F4E-4C4A-9D0B-0C1D2E3F4A5B"
        try SyntheticMedia.heic(width: 320, height: 240, exif: exif, to: fixture.folder.path("IMG_0007.HEIC"))
        var live = movie
        live.container = .mov
        live.metadata = ["com.apple.quicktime.content.identifier": "6B2F0C83-0F4E-4C4A-9D0B-0C1D2E3F4A5B"]
        try SyntheticMedia.video(live, to: fixture.folder.path("IMG_0007.MOV"))
        try SyntheticMedia.jpeg(width: 320, height: 240, exif: nil, to: fixture.folder.path("plain.jpg"))
    }

    @Test("motion: true plays the movie's frames, trimmed like a clip", arguments: ["motion.jpg", "IMG_0007.HEIC"])
    func framesOfTheMotion(path: String) throws {
        let fixture = try RenderFixture()
        try Self.media(fixture)
        let c = try fixture.compositor(["lenta": 1, "items": [["path": path, "motion": true, "trim": [0.5, 1.5], "fit": "fill"]]],
                                       preset: RenderFixture.preset(width: 320, height: 240))
        #expect(c.frameCount == 30)
        for n in [0, 1, 14, 29] { #expect(RenderStoryTests.frameIndex(try c.frame(n)) == 15 + n, "frame \(n)") }
        // Untrimmed, the whole motion plays.
        let whole = try fixture.compositor(["lenta": 1, "items": [["path": path, "motion": true]]],
                                           preset: RenderFixture.preset(width: 320, height: 240))
        #expect(whole.frameCount == 60)
        // Without motion, the still: no frame code, the same picture throughout.
        let still = try fixture.compositor(["lenta": 1, "items": [["path": path, "duration": 1.0, "fit": "fill", "kenBurns": "none"]]],
                                           preset: RenderFixture.preset(width: 320, height: 240))
        #expect(RenderStoryTests.frameIndex(try still.frame(0)) != 15)
        #expect(try still.frame(0) == still.frame(29))
    }

    /// The RMS of each channel pair over samples `range` of interleaved stereo.
    static func rms(_ samples: [Float], _ range: Range<Int>) -> Double {
        var sum = 0.0
        for i in range where 2 * i + 1 < samples.count { sum += Double(samples[2 * i] * samples[2 * i]) }
        return (sum / Double(max(1, range.count))).squareRoot()
    }

    @Test("render: the motion's sound is in the MP4, at the item's volume; a still is silent",
          .enabled(if: RenderCommandTests.ffprobe != nil))
    func soundOfTheMotion() throws {
        let fixture = try RenderFixture()
        try Self.media(fixture)
        // Two plays of the motion in one story, at volumes 1 and 0.5, joined by a cut: the output's
        // loudness is normalised as a whole, so the ratio between them is what volume decides.
        let story = try fixture.project([
            "lenta": 1, "output": ["preset": "preview", "width": 320, "height": 240],
            "items": [["path": "motion.jpg", "motion": true, "trim": [0.25, 1.75], "volume": 1.0, "fit": "fill", "transition": ["type": "cut"]],
                      ["path": "motion.jpg", "motion": true, "trim": [0.25, 1.75], "volume": 0.5, "fit": "fill"]],
        ])
        let out = fixture.folder.path("out.mp4")
        let result = try LentaCLI.run(["render", story, "-o", out, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let streams = try RenderCommandTests.probe(out)
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(video["nb_read_frames"] as? String == "90")
        #expect(streams.contains { $0["codec_type"] as? String == "audio" })
        // The decoded picture is the movie's: frame n of each item shows movie frame 7 + n.
        let reader = try VideoReader(path: out)
        for n in [0, 20, 44, 45, 89] {
            #expect(RenderStoryTests.frameIndex(try reader.frame(at: Rational(Int64(n), 30))) == 7 + n % 45, "frame \(n)")
        }
        let samples = try AudioFixtures.decodeAll(out)
        let levels = [Self.rms(samples, 12_000..<60_000), Self.rms(samples, 84_000..<132_000)]
        #expect(levels[0] > 0.05, "the tone is heard (RMS \(levels[0]))")
        #expect(abs(levels[1] / levels[0] - 0.5) < 0.05, "volume 0.5 halves it (\(levels))")

        let still = try fixture.project(["lenta": 1, "output": ["preset": "preview", "width": 320, "height": 240],
                                         "items": [["path": "motion.jpg", "duration": 1.0]]], name: "still.json")
        let stillOut = fixture.folder.path("still.mp4")
        #expect(try LentaCLI.run(["render", still, "-o", stillOut, "--quiet"]).status == 0)
        #expect(!(try RenderCommandTests.probe(stillOut)).contains { $0["codec_type"] as? String == "audio" })
    }

    @Test("validate: motion on an item that has none is explained; a motion item is checked as a clip")
    func validation() throws {
        let fixture = try RenderFixture()
        try Self.media(fixture)
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 1), to: fixture.folder.path("clip.mp4"))
        let story = try fixture.project([
            "lenta": 1,
            "items": [
                ["path": "motion.jpg", "motion": true, "trim": [0, 1.5], "volume": 0.8],
                ["path": "IMG_0007.HEIC", "motion": true, "trim": [0, 3.5]],
                ["path": "plain.jpg", "motion": true],
                ["path": "clip.mp4", "motion": true],
                ["path": "motion.jpg", "motion": true, "duration": 2],
                ["path": "motion.jpg", "motion": false, "duration": 2],
            ],
        ])
        let result = try LentaCLI.run(["validate", story])
        #expect(result.status == 2)
        let lines = result.stdout.split(separator: "\n").map(String.init) + result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("items[2].motion: plain.jpg has no motion (not a Live or Motion Photo)") }, "\(lines)")
        #expect(lines.contains { $0.contains("items[3].motion: clip.mp4 is a video; motion is for Live and Motion Photos") })
        #expect(lines.contains { $0.contains("items[1].trim: out (3.5) is past the end of the video (") }, "\(lines)")
        #expect(lines.contains { $0.contains("items[4].duration:") })
        #expect(!lines.contains { $0.contains("items[0]") }, "a Motion Photo's motion takes trim and volume")
        #expect(!lines.contains { $0.contains("items[5]") }, "motion: false is a plain photo")

        // Its movie deleted, a Live Photo's still is a plain photo again.
        try FileManager.default.removeItem(atPath: fixture.folder.path("IMG_0007.MOV"))
        let again = try LentaCLI.run(["validate", story])
        #expect((again.stdout + again.stderr).contains("items[1].motion: IMG_0007.HEIC has no motion (not a Live or Motion Photo)"))
    }
}
