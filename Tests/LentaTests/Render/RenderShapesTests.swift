import Foundation
@testable import LentaAuto
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// `render --also` / `auto --also`: a story in several shapes in one pass — each source decoded
/// once, each shape's frames what its own render makes (within the encoder's loss), each shape
/// written by its own encoder with the same sound.
@Suite("Render shapes in one pass")
struct RenderShapesTests {
    static let land = RenderFixture.preset(width: 320, height: 180)
    static let portrait = named(RenderFixture.preset(width: 180, height: 320), "small-portrait")
    static let square = named(RenderFixture.preset(width: 240, height: 240), "small-square")

    static func named(_ preset: OutputPreset, _ name: String) -> OutputPreset {
        var preset = preset
        preset.name = name
        return preset
    }

    /// Two JPEGs (one landscape filling, with a caption; one upright on its blurred backdrop) and
    /// a clip with sound, crossfaded: every kind of layer and the sound.
    static func story(_ fixture: RenderFixture) throws -> (ResolvedStory, [String]) {
        try SyntheticMedia.jpeg(width: 1280, height: 960, exif: nil, to: fixture.folder.path("a.jpg"))
        try SyntheticMedia.jpeg(width: 960, height: 1280, exif: nil, to: fixture.folder.path("b.jpg"))
        try SyntheticMedia.video(SyntheticVideo(width: 160, height: 120, frameRate: 30, seconds: 1, withAudio: true),
                                 to: fixture.folder.path("c.mp4"))
        let story = try fixture.story([
            "lenta": 1,
            "defaults": ["transition": ["type": "crossfade", "duration": 0.2]],
            "items": [
                ["path": "a.jpg", "duration": 0.6, "fit": "fill", "text": ["content": "Belém"]],
                ["path": "b.jpg", "duration": 0.6, "fit": "blur"],
                ["path": "c.mp4", "trim": [0.1, 0.7]],
            ],
        ] as [String: Any])
        let paths = ["a.jpg", "b.jpg", "c.mp4"].map { fixture.folder.url.appendingPathComponent($0).standardizedFileURL.path }
        return (story, paths)
    }

    /// Every frame of an MP4, decoded.
    static func frames(_ path: String, count: Int) throws -> [PlanarFrame] {
        let reader = try VideoReader(path: path, threads: 1)
        // The frame shown half a frame after frame n's time is frame n.
        return try (0..<count).map { try reader.frame(at: Rational(Int64(2 * $0 + 1), 60)) }
    }

    static func meanAbsoluteDifference(_ a: PlanarFrame, _ b: PlanarFrame) -> Double {
        var total = 0
        for i in a.y.indices { total += abs(Int(a.y[i]) - Int(b.y[i])) }
        return Double(total) / Double(a.y.count)
    }

    @Test("one pass with two more shapes: each output's decoded frames are its own render's; each source opened once for all shapes (a photo once per JPEG reduction level)")
    func matchesSeparateRenders() throws {
        let fixture = try RenderFixture()
        let (story, paths) = try Self.story(fixture)
        let presets = [Self.land, Self.portrait, Self.square]

        // Each shape alone; the first also counts what one shape opens.
        var alone: [String] = []
        var opensForOne: [Int?] = []
        for (k, preset) in presets.enumerated() {
            if k == 0 { for path in paths { ContainerOpens.watch(path) } }
            let output = fixture.folder.path("alone-\(preset.name).mp4")
            try StorySetup.renderer(story: story, preset: preset, threads: 2).render(to: output, encoderThreads: 1)
            if k == 0 { opensForOne = paths.map { ContainerOpens.count(of: $0) } }
            alone.append(output)
        }

        for path in paths { ContainerOpens.watch(path) }
        defer { for path in paths { ContainerOpens.unwatch(path) } }
        let renderer = try StorySetup.renderer(story: story, preset: Self.land, also: [Self.portrait, Self.square], threads: 2)
        let outputs = ["one.mp4", "one-portrait.mp4", "one-square.mp4"].map(fixture.folder.path)
        try renderer.render(to: outputs[0], also: Array(outputs.dropFirst()), encoderThreads: 1)
        let opensForThree = paths.map { ContainerOpens.count(of: $0) }
        // One shape: a photo opened for its centre of interest (a.jpg, `fill`) and its pixels; the
        // clip for its pictures and its sound. Three shapes: the clip and b.jpg as often as for one;
        // a.jpg's centre of interest found once and its pixels decoded once per JPEG reduction
        // level the shapes need (two here: 1/2 for one shape, whole for the others) — against
        // 2 + 1 + 2 opens for each of three separate renders.
        #expect(opensForOne == [2, 1, 2])
        #expect(opensForThree == [3, 1, 2])
        let count = renderer.frameCount
        #expect(count == 42, "0.6 + 0.6 + 0.6 s − 2 × 0.2 s crossfades at 30 fps")
        for (k, preset) in presets.enumerated() {
            let reader = try VideoReader(path: outputs[k], threads: 1)
            #expect(reader.width == preset.width && reader.height == preset.height, "\(preset.name)")
            let together = try Self.frames(outputs[k], count: count)
            let separate = try Self.frames(alone[k], count: count)
            var worstPSNR = 99.0, meanDifference = 0.0
            for (a, b) in zip(together, separate) {
                worstPSNR = min(worstPSNR, Golden.psnr(a, b))
                meanDifference += Self.meanAbsoluteDifference(a, b) / Double(count)
            }
            // Each shape's picture is exactly what its own render decodes and draws, so the encoder
            // (deterministic) makes the same frames: no difference at all, not only within its loss.
            #expect(worstPSNR == 99, "\(preset.name): worst frame \(worstPSNR) dB")
            #expect(meanDifference == 0, "\(preset.name): mean absolute luma difference \(meanDifference)")
            // The same sound in every output: encoded once for the three, each output's the
            // samples its own render encodes.
            #expect(try AudioDecoder.hasAudioStream(path: outputs[k]), "\(preset.name) has the story's sound")
            let sound = try Self.sound(outputs[k]), own = try Self.sound(alone[k])
            let same = sound == own
            #expect(sound.count > 48_000 && same, "\(preset.name): \(sound.count / 2) samples")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.url.path).allSatisfy { !$0.hasPrefix(".") },
                "no temporary file left")
    }

    @Test("a clip larger than some shapes need: decoded once, each shape reads it at the size its own render reduces it to (half, another fraction, whole), and its frames are that render's, bit for bit")
    func sharedClipAtEachShapesSize() throws {
        let fixture = try RenderFixture()
        // 640×360, graded (a look and an adjustment: the table reads the decoder's frame, halved
        // for the landscape shape): alone, the 320×180 shape reduces it to 1/2, the 240×240 one
        // (`fill`, 2/3 of its height: 0.44 of its pixels) through libswscale, and the portrait
        // one (8/9) takes it whole.
        try SyntheticMedia.video(SyntheticVideo(width: 640, height: 360, frameRate: 30, seconds: 1, withAudio: false),
                                 to: fixture.folder.path("wide.mp4"))
        try SyntheticMedia.jpeg(width: 1280, height: 960, exif: nil, to: fixture.folder.path("a.jpg"))
        let story = try fixture.story([
            "lenta": 1,
            "defaults": ["transition": ["type": "crossfade", "duration": 0.2], "fit": "fill"],
            "items": [
                ["path": "wide.mp4", "trim": [0.1, 0.7], "look": "warm", "adjust": ["contrast": 1.1], "text": ["content": "Sintra"]],
                ["path": "a.jpg", "duration": 0.6],
            ],
        ] as [String: Any])
        let clip = fixture.folder.url.appendingPathComponent("wide.mp4").standardizedFileURL.path
        let presets = [Self.land, Self.portrait, Self.square]
        var alone: [String] = []
        for preset in presets {
            let output = fixture.folder.path("alone-\(preset.name).mp4")
            try StorySetup.renderer(story: story, preset: preset, threads: 2).render(to: output, encoderThreads: 1)
            alone.append(output)
        }
        ContainerOpens.watch(clip)
        defer { ContainerOpens.unwatch(clip) }
        let renderer = try StorySetup.renderer(story: story, preset: Self.land, also: [Self.portrait, Self.square], threads: 2)
        let outputs = ["one.mp4", "one-portrait.mp4", "one-square.mp4"].map(fixture.folder.path)
        try renderer.render(to: outputs[0], also: Array(outputs.dropFirst()), encoderThreads: 1)
        #expect(ContainerOpens.count(of: clip) == 1, "the clip decoded once for the three shapes")
        let count = renderer.frameCount
        #expect(count == 30)
        for (k, preset) in presets.enumerated() {
            let together = try Self.frames(outputs[k], count: count), separate = try Self.frames(alone[k], count: count)
            let differing = zip(together, separate).filter { $0.y != $1.y || $0.u != $1.u || $0.v != $1.v }.count
            #expect(differing == 0, "\(preset.name): \(differing) of \(count) frames differ from its own render's")
        }
    }

    @Test("the sizes a shared clip is read at: each shape's own reduction, each once, in shape order")
    func sharedClipScales() {
        let shape = { (width: Int, height: Int) in
            { (w: Double, h: Double) in
                ItemGeometry(pictureWidth: w, pictureHeight: h, crop: nil, rotation: 0, fit: .fill, motion: .still,
                             outputWidth: width, outputHeight: height)
            }
        }
        // A 2160p clip: halved for 1080p landscape and square, whole for portrait (8/9 of it).
        #expect(ClipLayer.sharedScales(width: 3840, height: 2160, geometries: [shape(1920, 1080), shape(1080, 1920), shape(1080, 1080)]) == [0.5, 1])
        // A 1080p clip: whole for all.
        #expect(ClipLayer.sharedScales(width: 1920, height: 1080, geometries: [shape(1920, 1080), shape(1080, 1920)]) == [1])
    }

    /// Every sample of an MP4's sound, decoded.
    static func sound(_ path: String) throws -> [Float] {
        try AudioDecoder(path: path).read(upTo: 48_000 * 60)
    }

    @Test("one pass encodes the sound once for the shapes that ask for the same sound, once more for each other sound; each output's sound is its own render's")
    func soundEncodedOncePerSetting() throws {
        var quieter = Self.named(Self.portrait, "small-portrait-48k")
        quieter.audio.bitrate = Self.land.audio.bitrate / 2
        let grouped = try SharedSound(presets: [Self.land, Self.portrait, quieter, Self.square], path: "/tmp/x.mp4")
        #expect(grouped.encoders.count == 2)
        #expect(grouped.encoderOfOutput == [0, 0, 1, 0])

        let fixture = try RenderFixture()
        let (story, _) = try Self.story(fixture)
        let alone = try [Self.land, quieter].map { preset in
            let output = fixture.folder.path("alone-\(preset.name).mp4")
            try StorySetup.renderer(story: story, preset: preset, threads: 2).render(to: output, encoderThreads: 1)
            return output
        }
        let renderer = try StorySetup.renderer(story: story, preset: Self.land, also: [quieter], threads: 2)
        let outputs = [fixture.folder.path("one.mp4"), fixture.folder.path("one-48k.mp4")]
        try renderer.render(to: outputs[0], also: [outputs[1]], encoderThreads: 1)
        let sounds = try outputs.map(Self.sound), own = try alone.map(Self.sound)
        let same = (sounds[0] == own[0], sounds[1] == own[1]), differ = sounds[0] != sounds[1]
        #expect(same.0 && same.1, "each output's sound is its own render's")
        #expect(differ, "48 and 96 kbit/s differ")
    }

    @Test("a shape that cannot share the pass is refused, saying why: frame rate, sound, loudness, dynamic range")
    func mismatchedShapes() throws {
        var fps = Self.portrait
        fps.fps = OutputFrameRate(25)
        #expect(ShapeMismatch.find(also: fps, main: Self.land)?.difference == "its frame rate, 25 fps, is not the story's 30 fps")
        var ntsc = Self.land
        ntsc.fps = OutputFrameRate(30000, 1001)
        #expect(ShapeMismatch.find(also: ntsc, main: Self.land) != nil)
        var same = Self.portrait
        same.fps = OutputFrameRate(60, 2)
        #expect(ShapeMismatch.find(also: same, main: Self.land) == nil, "60/2 is 30 fps")
        var rate = Self.portrait
        rate.audio.sampleRate = 44_100
        #expect(ShapeMismatch.find(also: rate, main: Self.land)?.difference.contains("44100 Hz") == true)
        var loud = Self.portrait
        loud.loudness = -23
        #expect(ShapeMismatch.find(also: loud, main: Self.land)?.difference.contains("-23.0 LUFS") == true)
        var hdr = Self.portrait
        hdr.video.dynamicRange = .hlg
        #expect(ShapeMismatch.find(also: hdr, main: Self.land)?.difference == "its dynamic range, hlg, is not the story's sdr")
        // Quality, size and encoder may differ.
        var other = Self.portrait
        other.video.crf = 30
        other.video.codec = "libx265"
        #expect(ShapeMismatch.find(also: other, main: Self.land) == nil)

        let fixture = try RenderFixture()
        let story = try fixture.story(["lenta": 1, "items": [["path": try fixture.solidPhoto("a.png", 10, 20, 30)]]])
        #expect(throws: ShapeMismatch.self) { try StorySetup.renderer(story: story, preset: Self.land, also: [fps], threads: 1) }
    }

    @Test("a shape's MP4 is named after the story's and the preset, beside it")
    func outputNames() {
        #expect(StoryShape.outputPath(preset: "portrait-1080p", besides: "story.mp4") == "story.portrait-1080p.mp4")
        #expect(StoryShape.outputPath(preset: "square-1080p", besides: "/v/Lisbon & Sintra.mp4") == "/v/Lisbon & Sintra.square-1080p.mp4")
        #expect(StoryShape.outputPath(preset: "preview", besides: "out/trip") == URL(fileURLWithPath: "out/trip.preview.mp4").path)
        #expect(StoryShape.outputPath(preset: "preview", besides: "a.b.mov") == "a.b.preview.mov")
        #expect(AutoJob.renderCommand(project: "/s/a.json", video: "/s/a.mp4", preset: nil, also: ["portrait-1080p", "square-1080p"], threads: 0)
                == "lenta render '/s/a.json' -o '/s/a.mp4' --quiet --also 'portrait-1080p' --also 'square-1080p'")
    }

    /// The presets folder with three small 30 fps presets added (for the command line).
    static func smallPresets(in fixture: RenderFixture) throws -> String {
        let folder = fixture.folder.path("presets")
        try FileManager.default.copyItem(atPath: LentaCLI.packageRoot.appendingPathComponent("presets").path, toPath: folder)
        for preset in [named(land, "small-land"), portrait, square] {
            try StrictJSON.write(preset.json).write(toFile: folder + "/output/\(preset.name).json", atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test("lenta render --also: the shapes beside -o (or where NAME=PATH says), each with its subtitles; bad --also exits 2 before any work")
    func command() throws {
        let fixture = try RenderFixture()
        let presets = try Self.smallPresets(in: fixture)
        let env = ["LENTA_PRESETS": presets]
        let a = try fixture.solidPhoto("a.png", 200, 40, 40, width: 400, height: 300)
        let b = try fixture.solidPhoto("b.png", 40, 40, 200, width: 300, height: 400)
        let story = try fixture.project(["lenta": 1, "output": ["preset": "small-land"],
                                         "items": [["path": a, "duration": 0.3, "text": ["content": "Sintra"]], ["path": b, "duration": 0.3]]])
        let out = fixture.folder.path("out.mp4")
        let run = try LentaCLI.run(["render", story, "-o", out, "--also", "small-portrait", "--also", "small-square=" + fixture.folder.path("sq.mp4"),
                                    "--subtitles", "srt", "--quiet"], environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        for (file, size) in [("out.mp4", (320, 180)), ("out.small-portrait.mp4", (180, 320)), ("sq.mp4", (240, 240))] {
            let reader = try VideoReader(path: fixture.folder.path(file), threads: 1)
            #expect(reader.width == size.0 && reader.height == size.1, "\(file)")
        }
        for sidecar in ["out.srt", "out.small-portrait.srt", "sq.srt"] {
            let text = try String(contentsOfFile: fixture.folder.path(sidecar), encoding: .utf8)
            #expect(text.contains("Sintra"), "\(sidecar)")
        }

        let refusals: [([String], String)] = [
            (["--also", "portrait-108p"], "unknown output preset \"portrait-108p\""),
            (["--also", "small-portrait", "--also", "small-portrait"], "given twice"),
            (["--also", "small-land"], "the story's own preset"),
            (["--also", "small-portrait=" + fixture.folder.path("x.mp4")], "which -o writes too"),
            (["--also", "small-portrait=" + fixture.folder.path(a)], "it is items[0] of the story")]
        for (extra, message) in refusals {
            let refused = try LentaCLI.run(["render", story, "-o", fixture.folder.path("x.mp4")] + extra, environment: env)
            #expect(refused.status == 2, "\(extra): \(refused.stderr)")
            #expect(refused.stderr.contains(message), "\(extra): \(refused.stderr)")
        }
        let unknown = try LentaCLI.run(["render", story, "-o", fixture.folder.path("x.mp4"), "--also", "nope"], environment: env)
        #expect(unknown.stderr.contains("known: ") && unknown.stderr.contains("small-portrait"), "the presets are listed")
        var slow = Self.named(Self.portrait, "small-slow")
        slow.fps = OutputFrameRate(25)
        try StrictJSON.write(slow.json).write(toFile: presets + "/output/small-slow.json", atomically: true, encoding: .utf8)
        let slower = try LentaCLI.run(["render", story, "-o", fixture.folder.path("x.mp4"), "--also", "small-slow"], environment: env)
        #expect(slower.status == 2 && slower.stderr.contains("its frame rate, 25 fps, is not the story's 30 fps"), "\(slower.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("x.mp4")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.url.path).allSatisfy { !$0.hasPrefix("x.") && !$0.hasPrefix(".") },
                "nothing written by a refused render")
    }

    @Test("lenta auto --also: every story gets the shape; a missing shape's MP4 renders the story again")
    func auto() throws {
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        let fixture = try RenderFixture()
        let env = ["LENTA_PRESETS": try Self.smallPresets(in: fixture)]
        let arguments = ["auto", lib.photos, "--out", lib.stories, "--catalog", lib.catalog, "--preset", "small-land", "--settle", "1h",
                         "--length", "5", "--also", "small-portrait"]
        let name = AutoTests.lisbonName
        let shape = lib.stories + "/" + name + ".small-portrait.mp4"

        let first = try LentaCLI.run(arguments, environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("rendered   \(name).mp4 (new)"), "\(first.stdout)")
        let reader = try VideoReader(path: shape, threads: 1)
        #expect(reader.width == 180 && reader.height == 320)

        let second = try LentaCLI.run(arguments, environment: env)
        #expect(second.stdout.hasPrefix("unchanged  \(name).mp4"), "\(second.stdout)")

        try FileManager.default.removeItem(atPath: shape)
        let third = try LentaCLI.run(arguments, environment: env)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(third.stdout.hasPrefix("rendered   \(name).mp4 (its small-portrait MP4 is missing)"), "\(third.stdout)")
        #expect(FileManager.default.fileExists(atPath: shape))

        let json = try LentaCLI.run(arguments + ["--dry-run", "--json"], environment: env)
        let report = try JSONDecoder().decode(AutoJob.Report.self, from: Data(json.stdout.utf8))
        #expect(report.stories.first?.alsoVideos == [shape])
        #expect(report.stories.first?.state == .unchanged)

        let bad = try LentaCLI.run(arguments + ["--also", "portrait-1080p=x.mp4"], environment: env)
        #expect(bad.status == 2 && bad.stderr.contains("give the preset's name only"), "\(bad.stderr)")
    }
}
