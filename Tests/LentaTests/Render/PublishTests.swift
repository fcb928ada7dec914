import Foundation
import LentaCore
import LentaMedia
@testable import LentaRender
import LentaTestSupport
import Testing

/// What a published story carries, checked on the rendered MP4 with ffprobe and ffmpeg as a
/// user's player would read it: codecs (HEVC tagged hvc1, AV1, hardware with a software
/// fallback), chapters and metadata, subtitles, and loudness measured by ffmpeg's ebur128.
enum PublishFixture {
    static let ffprobe = RenderFixture.which("ffprobe")
    static let ffmpeg = RenderFixture.which("ffmpeg")
    static var hasTools: Bool { ffprobe != nil && ffmpeg != nil }

    /// Runs a tool; its status, stdout and stderr.
    static func run(_ tool: String?, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        guard let tool else { return (-1, "", "not installed") }
        let result = try LentaCLI.runTool(URL(fileURLWithPath: tool), arguments)
        return (result.status, result.stdout, result.stderr)
    }

    /// ffprobe's JSON for `sections` (`-show_streams`, `-show_chapters`, `-show_format`).
    static func probe(_ path: String, _ sections: [String]) throws -> [String: Any] {
        let result = try run(ffprobe, ["-v", "error", "-of", "json"] + sections + [path])
        let parsed = (try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]) ?? [:]
        if parsed.isEmpty { Issue.record("ffprobe \(path): status \(result.status), \(result.err) \(result.out.prefix(300))") }
        return parsed
    }

    /// Decodes every video frame with the ffmpeg CLI: the count, or nil when decoding failed.
    static func decodedFrames(_ path: String) throws -> Int? {
        let result = try run(ffmpeg, ["-v", "error", "-nostdin", "-i", path, "-map", "0:v:0", "-f", "framemd5", "-"])
        guard result.status == 0, result.err.isEmpty else { return nil }
        return result.out.split(separator: "\n").filter { !$0.hasPrefix("#") }.count
    }

    /// Integrated loudness (LUFS) and true peak (dBTP) of a file's sound, from ffmpeg's ebur128.
    static func loudness(_ path: String) throws -> (integrated: Double, truePeak: Double)? {
        let result = try run(ffmpeg, ["-hide_banner", "-nostats", "-nostdin", "-i", path, "-map", "0:a:0",
                                      "-af", "ebur128=peak=true", "-f", "null", "-"])
        guard let summary = result.err.range(of: "Summary:") else { return nil }
        let text = result.err[summary.upperBound...]
        func value(after label: String) -> Double? {
            guard let r = text.range(of: label) else { return nil }
            return text[r.upperBound...].split(separator: " ", omittingEmptySubsequences: true).first.flatMap { Double($0) }
        }
        guard let i = value(after: "I:"), let peak = value(after: "Peak:") else { return nil }
        return (i, peak)
    }

    /// Two photos in Lisbon on 3 May (the second with a caption) and one in Sintra on 5 May, with
    /// their EXIF dates, offsets and positions; 1 s each, cuts, no title card.
    static func trip(_ fixture: RenderFixture, preset: String, extra: [String: Any] = [:]) throws -> String {
        let shots: [(String, String, GeoPoint)] = [
            ("a.jpg", "2024:05:03 10:12:07", GeoPoint(latitude: 38.7075, longitude: -9.1364)),
            ("b.jpg", "2024:05:03 11:30:00", GeoPoint(latitude: 38.7115, longitude: -9.1300)),
            ("c.jpg", "2024:05:05 15:00:00", GeoPoint(latitude: 38.7876, longitude: -9.3906)),
        ]
        for (name, date, point) in shots {
            try SyntheticMedia.jpeg(width: 320, height: 240, exif: SyntheticExif(dateTimeOriginal: date, offsetTimeOriginal: "+01:00", gps: point),
                                    to: fixture.folder.path(name))
        }
        var project: [String: Any] = [
            "lenta": 1,
            "title": "Lisbon & Sintra",
            "output": ["preset": preset, "width": 320, "height": 180],
            "defaults": ["photoDuration": 1.0, "transition": ["type": "cut"], "kenBurns": "none"],
            "items": [
                ["path": "a.jpg"],
                ["path": "b.jpg", "text": ["content": "Alfama at noon"]],
                ["path": "c.jpg", "text": ["content": "Palácio da Pena"]],
            ],
        ]
        for (k, v) in extra { project[k] = v }
        return try fixture.project(project)
    }
}

@Suite("Publish: codecs", .serialized)
struct PublishCodecTests {
    /// Whether this machine has a graphics card NVENC or VA-API could open.
    static let hasGraphicsDevice = ["/dev/nvidia0", "/dev/dri/renderD128"].contains { FileManager.default.fileExists(atPath: $0) }

    func render(preset: String) throws -> (fixture: RenderFixture, story: String, output: String, result: LentaCLI.Result) {
        let fixture = try RenderFixture()
        let story = try PublishFixture.trip(fixture, preset: preset)
        let output = fixture.folder.path("out.mp4")
        return (fixture, story, output, try LentaCLI.run(["render", story, "-o", output]))
    }

    @Test("HEVC: x265, tagged hvc1, decodes to every frame", .enabled(if: PublishFixture.hasTools))
    func hevc() throws {
        let (fixture, _, output, result) = try render(preset: "landscape-1080p-hevc")
        defer { withExtendedLifetime(fixture) {} }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "x265 must not talk on stderr: \(result.stderr)")
        let streams = try PublishFixture.probe(output, ["-show_streams"])["streams"] as? [[String: Any]] ?? []
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(video["codec_name"] as? String == "hevc")
        #expect(video["codec_tag_string"] as? String == "hvc1")
        #expect(video["pix_fmt"] as? String == "yuv420p")
        #expect(try PublishFixture.decodedFrames(output) == 90)
    }

    @Test("AV1: SVT-AV1 decodes to every frame, quietly", .enabled(if: PublishFixture.hasTools))
    func av1() throws {
        let (fixture, _, output, result) = try render(preset: "landscape-1080p-av1")
        defer { withExtendedLifetime(fixture) {} }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "SVT-AV1 must not talk on stderr: \(result.stderr)")
        let streams = try PublishFixture.probe(output, ["-show_streams"])["streams"] as? [[String: Any]] ?? []
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(video["codec_name"] as? String == "av1")
        #expect(try PublishFixture.decodedFrames(output) == 90)
    }

    @Test("hardware: without a graphics card, NVENC and VA-API fall back to x265 with one line",
          .enabled(if: PublishFixture.hasTools && !hasGraphicsDevice))
    func hardwareFallsBack() throws {
        let (fixture, story, output, result) = try render(preset: "landscape-1080p-hevc-hw")
        defer { withExtendedLifetime(fixture) {} }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: output))
        let notice = String(lines.first ?? "")
        #expect(notice.contains("hevc_nvenc cannot open") && notice.contains("hevc_vaapi cannot open") && notice.hasSuffix("using libx265"),
                "\(notice)")
        let streams = try PublishFixture.probe(output, ["-show_streams"])["streams"] as? [[String: Any]] ?? []
        #expect(streams.first { $0["codec_type"] as? String == "video" }?["codec_tag_string"] as? String == "hvc1")
        #expect(try PublishFixture.decodedFrames(output) == 90)
        // --quiet keeps it off stderr (cron).
        let quiet = try LentaCLI.run(["render", story, "-o", output, "--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test("an encoder this FFmpeg lacks falls back to the next, and none left is an error naming each")
    func fallbackChain() throws {
        let fixture = try RenderFixture()
        var preset = RenderFixture.preset()
        preset.video.codec = "h264_no_such_encoder"
        preset.video.fallback = ["libx264"]
        let path = fixture.folder.path("out.mp4")
        let writer = try StoryWriter(path: path, preset: preset, audio: false)
        #expect(writer.videoEncoderName == "libx264")
        #expect(writer.encoderNotice == "h264_no_such_encoder cannot open (this FFmpeg has no 'h264_no_such_encoder' encoder); using libx264")
        preset.video.fallback = ["h264_none_either"]
        let error = #expect(throws: MediaError.self) { _ = try StoryWriter(path: fixture.folder.path("other.mp4"), preset: preset, audio: false) }
        #expect(error?.reason.contains("h264_no_such_encoder cannot open") == true && error?.reason.contains("h264_none_either cannot open") == true,
                "\(String(describing: error))")
    }

    @Test("presets: the fallback writes the same codec, CRF by codec, loudness in range; speed names map per encoder")
    func presetChecks() throws {
        var preset = RenderFixture.preset()
        preset.video.codec = "hevc_nvenc"
        preset.video.fallback = ["libx264"]
        preset.loudness = -3
        let messages = preset.problems().map(\.description)
        #expect(messages.contains { $0.hasPrefix("video.fallback[0]") && $0.contains("does not write hevc") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("loudness") }, "\(messages)")
        var av1 = RenderFixture.preset()
        av1.video.codec = "libsvtav1"
        av1.video.crf = 60
        #expect(av1.problems().isEmpty, "\(av1.problems())")
        av1.video.codec = "libx264"
        #expect(av1.problems().map(\.path.description) == ["video.crf"])
        #expect(VideoEncoderKind(encoder: "libsvtav1").speedSetting("medium") == "7")
        #expect(VideoEncoderKind(encoder: "h264_nvenc").speedSetting("veryslow") == "p7")
        #expect(VideoEncoderKind(encoder: "libx265").speedSetting("fast") == "fast")
        #expect(VideoEncoderKind(encoder: "hevc_vaapi").speedSetting("fast") == nil)
        for name in PresetLibrary(directory: PresetLibrary.sourceTreePresets).outputPresetNames() {
            _ = try PresetLibrary(directory: PresetLibrary.sourceTreePresets).outputPreset(named: name)
        }
    }
}

@Suite("Publish: chapters, metadata, subtitles", .serialized)
struct PublishMetadataTests {
    @Test("the MP4 has a chapter per place, the title, the first capture time and the trip's place",
          .enabled(if: PublishFixture.hasTools))
    func chaptersAndTags() throws {
        let fixture = try RenderFixture()
        let story = try PublishFixture.trip(fixture, preset: "preview")
        let output = fixture.folder.path("out.mp4")
        let result = try LentaCLI.run(["render", story, "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let probe = try PublishFixture.probe(output, ["-show_chapters", "-show_format"])
        let chapters = probe["chapters"] as? [[String: Any]] ?? []
        let titles = chapters.map { ($0["tags"] as? [String: String])?["title"] ?? "" }
        #expect(titles == ["Lisbon", "Sintra"])
        #expect(chapters.map { $0["start_time"] as? String ?? "" } == ["0.000000", "2.000000"])
        #expect(chapters.map { $0["end_time"] as? String ?? "" } == ["2.000000", "3.000000"])
        let tags = (probe["format"] as? [String: Any])?["tags"] as? [String: String] ?? [:]
        #expect(tags["title"] == "Lisbon & Sintra")
        #expect(tags["creation_time"] == "2024-05-03T09:12:07Z")  // 10:12:07 at +01:00
        #expect(tags["com.apple.quicktime.creationdate"] == "2024-05-03T10:12:07+0100")
        // The place nearest to the others: the first Lisbon photo (the second is 600 m farther east).
        #expect(tags["com.apple.quicktime.location.ISO6709"] == "+38.7075-009.1364/")
        #expect(tags["location"]?.hasPrefix("+38.7075-009.1364") == true)
    }

    @Test("day chapters are titled with the date and the places of the day")
    func dayChapters() throws {
        let fixture = try RenderFixture()
        let story = try PublishFixture.trip(fixture, preset: "preview")
        let resolved = try fixture.story(Data(contentsOf: URL(fileURLWithPath: story)))
        var preset = RenderFixture.preset()
        preset.chapters = .day
        let publishing = StoryPublishing(compositor: StoryCompositor(story: resolved, preset: preset))
        #expect(publishing.metadata.chapters == [
            StoryChapter(start: Rational(0), end: Rational(2), title: "3 May 2024 · Lisbon"),
            StoryChapter(start: Rational(2), end: Rational(3), title: "5 May 2024 · Sintra"),
        ])
        preset.chapters = .off
        let none = StoryPublishing(compositor: StoryCompositor(story: resolved, preset: preset))
        #expect(none.metadata.chapters.isEmpty)
    }

    @Test("--subtitles srt and vtt: a sidecar listing every caption and place with its time", .enabled(if: PublishFixture.hasTools))
    func sidecars() throws {
        let fixture = try RenderFixture()
        let story = try PublishFixture.trip(fixture, preset: "preview")
        let output = fixture.folder.path("out.mp4")
        var result = try LentaCLI.run(["render", story, "-o", output, "--quiet", "--subtitles", "srt"])
        #expect(result.status == 0, "\(result.stderr)")
        let srt = try String(contentsOfFile: fixture.folder.path("out.srt"), encoding: .utf8)
        #expect(srt == """
            1
            00:00:00,000 --> 00:00:01,000
            Lisbon

            2
            00:00:01,000 --> 00:00:02,000
            Alfama at noon

            3
            00:00:02,000 --> 00:00:03,000
            Sintra
            Palácio da Pena

            """)
        result = try LentaCLI.run(["render", story, "-o", output, "--quiet", "--subtitles", "vtt"])
        #expect(result.status == 0, "\(result.stderr)")
        let vtt = try String(contentsOfFile: fixture.folder.path("out.vtt"), encoding: .utf8)
        #expect(vtt.hasPrefix("WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nLisbon\n"))
        #expect(vtt.contains("00:00:02.000 --> 00:00:03.000\nSintra\nPalácio da Pena\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.url.path).filter { $0.contains(".partial-") }.isEmpty)
        let bad = try LentaCLI.run(["render", story, "-o", output, "--subtitles", "ass"])
        #expect(bad.status == 2)
    }

    @Test("--subtitles mov_text: a timed-text track in the MP4 with every cue", .enabled(if: PublishFixture.hasTools))
    func movText() throws {
        let fixture = try RenderFixture()
        let story = try PublishFixture.trip(fixture, preset: "preview")
        let output = fixture.folder.path("out.mp4")
        let result = try LentaCLI.run(["render", story, "-o", output, "--quiet", "--subtitles", "mov_text"])
        #expect(result.status == 0, "\(result.stderr)")
        let streams = try PublishFixture.probe(output, ["-show_streams"])["streams"] as? [[String: Any]] ?? []
        #expect(streams.contains { $0["codec_name"] as? String == "mov_text" })
        let extracted = try PublishFixture.run(PublishFixture.ffmpeg, ["-v", "error", "-nostdin", "-i", output, "-map", "0:s:0", "-f", "srt", "-"])
        #expect(extracted.status == 0, "\(extracted.err)")
        // The decoder writes the track's font as a tag, and breaks lines with CR LF; the text and
        // the times are what count.
        let text = extracted.out.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text.contains("00:00:00,000 --> 00:00:01,000\nLisbon\n"), "\(text)")
        #expect(text.contains("00:00:01,000 --> 00:00:02,000\nAlfama at noon\n"), "\(text)")
        #expect(text.contains("00:00:02,000 --> 00:00:03,000\nSintra\nPalácio da Pena\n"), "\(text)")
    }

    @Test("subtitle text: timestamps past an hour, blank lines dropped, cues in time order")
    func subtitleText() {
        let cues = [
            SubtitleCue(start: Rational(3725) + Rational(1, 2), end: Rational(3727), text: "Late\n\n  line  "),
            SubtitleCue(start: Rational(1, 3), end: Rational(2, 3), text: "Early --> arrow"),
        ]
        #expect(SubtitleFile.text(cues, format: .srt) == "1\n00:00:00,333 --> 00:00:00,667\nEarly --> arrow\n\n2\n01:02:05,500 --> 01:02:07,000\nLate\nline\n")
        #expect(SubtitleFile.text(cues, format: .vtt) == "WEBVTT\n\n00:00:00.333 --> 00:00:00.667\nEarly → arrow\n\n01:02:05.500 --> 01:02:07.000\nLate\nline\n")
    }
}

@Suite("Publish: loudness", .serialized)
struct PublishLoudnessTests {
    /// A story of two photos under `music`, rendered with the preview preset (−14 LUFS).
    func render(music samples: [Float]) throws -> (integrated: Double, truePeak: Double)? {
        let fixture = try RenderFixture()
        try AudioFixtures.writeWAV(samples, channels: 2, to: fixture.folder.path("music.wav"))
        let story = try PublishFixture.trip(fixture, preset: "preview", extra: [
            "defaults": ["photoDuration": 4.0, "transition": ["type": "cut"], "kenBurns": "none"],
            "music": [["path": "music.wav", "loop": true]],
        ])
        let output = fixture.folder.path("out.mp4")
        let result = try LentaCLI.run(["render", story, "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        return try PublishFixture.loudness(output)
    }

    @Test("a quiet mix is raised to −14 LUFS (±1 LU) with its true peak at most −1 dBTP", .enabled(if: PublishFixture.hasTools))
    func quietMixRaised() throws {
        // A 440 Hz tone at −32 dBFS: about −35 LUFS.
        let tone = AudioFixtures.tone(hertz: 440, seconds: 12, channels: 2, amplitude: 0.025)
        let measured = try #require(try render(music: tone))
        #expect(abs(measured.integrated - OutputPreset.defaultLoudness) <= 1, "\(measured)")
        #expect(measured.truePeak <= OutputPreset.truePeakCeiling, "\(measured)")
    }

    @Test("a mix with hard peaks is brought to −14 LUFS, its peaks limited under −1 dBTP", .enabled(if: PublishFixture.hasTools))
    func peakyMixLimited() throws {
        // A 440 Hz bed at −20 dBFS with a 2 ms 1 kHz click near full scale every half second (a door,
        // a clap): about −19.5 LUFS with peaks at −0.5 dBFS, so the gain that reaches −14 LUFS
        // needs the limiter on every click.
        let rate = AudioFixtures.rate
        var samples = [Float](repeating: 0, count: 12 * rate * 2)
        for i in 0..<(samples.count / 2) {
            var v = 0.1 * sin(2 * Double.pi * 440 * Double(i) / Double(rate))
            let sinceClick = i % (rate / 2)
            if sinceClick < rate / 500 { v += 0.85 * sin(2 * Double.pi * 1000 * Double(sinceClick) / Double(rate)) }
            samples[2 * i] = Float(v)
            samples[2 * i + 1] = Float(v)
        }
        let measured = try #require(try render(music: samples))
        #expect(abs(measured.integrated - OutputPreset.defaultLoudness) <= 1, "\(measured)")
        #expect(measured.truePeak <= OutputPreset.truePeakCeiling, "\(measured)")
    }

    @Test("the normalising chain keeps the sound's length and timing, sample for sample")
    func filteredTrackAligned() throws {
        final class Click: StorySoundTrack {
            var hasAudio: Bool { true }
            func samples(_ range: Range<Int>) throws -> [Float] {
                var out = [Float](repeating: 0, count: range.count * 2)
                for n in range where n >= 24_000 && n < 24_004 { out[2 * (n - range.lowerBound)] = 0.5; out[2 * (n - range.lowerBound) + 1] = 0.5 }
                return out
            }
        }
        let filters = StoryLoudness.chain(gain: 0, ceiling: -1)
        let track = try FilteredSoundTrack(Click(), filters: filters, sampleCount: 48_000, sampleRate: 48_000)
        var all: [Float] = []
        for start in stride(from: 0, to: 48_000, by: 1_601) { all += try track.samples(start..<min(48_000, start + 1_601)) }
        #expect(all.count == 96_000)
        let peak = (0..<48_000).max { abs(all[2 * $0]) < abs(all[2 * $1]) } ?? -1
        #expect((24_000...24_003).contains(peak), "the click moved to sample \(peak)")
    }

    @Test("the chain's gains are written as Foundation's %.6f would, with a point")
    func chainDecimals() {
        var generator = SystemRandomNumberGenerator()
        let values: [Double] = [0, -0.0, 1, -1, 0.5, 0.0000005, 0.0000015, -3.25, 12.345678949, -20.000000500001, 1e9 + 0.25]
            + (0..<2_000).map { _ in Double.random(in: -40...40, using: &generator) }
        for value in values {
            let foundation = String(format: "%.6f", locale: Locale(identifier: "en_US_POSIX"), value)
            #expect(StoryLoudness.decimal(value) == foundation, "\(value)")
        }
        #expect(StoryLoudness.chain(gain: -3.25, ceiling: -1).contains("volume=-3.250000dB"))
    }
}

@Suite("Publish: version")
struct PublishVersionTests {
    @Test("lenta --version names lenta and the FFmpeg, libheif and libexif it runs with")
    func version() throws {
        let result = try LentaCLI.run(["--version"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "lenta \(ToolVersion.current)")
        #expect(lines.contains { $0.hasPrefix("FFmpeg ") && $0.contains("libavcodec ") }, "\(lines)")
        #expect(lines.contains { $0.range(of: #"^libheif \d+\.\d+"#, options: .regularExpression) != nil }, "\(lines)")
        #expect(lines.contains { $0.range(of: #"^libexif \(libexif\.so\.\d+"#, options: .regularExpression) != nil }, "\(lines)")
    }
}
