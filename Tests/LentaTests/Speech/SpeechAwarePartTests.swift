import Foundation
import LentaCore
import LentaLibrary
import LentaMedia
import LentaStories
import LentaTestSupport
import Testing

/// A clip of three spoken sentences at known times, still but for a burst of motion in the middle
/// of the second: the part a story takes of it begins and ends in pauses — measured on the
/// rendered story's sound — where the motion alone would have cut the sentence.
@Suite("Speech-aware clip parts", .serialized,
       .enabled(if: SyntheticSpeech.espeak != nil && AudioFixtures.hasFFmpeg, "needs espeak-ng and the ffmpeg CLI"))
struct SpeechAwarePartTests {
    /// The second longer than the part a story takes of a clip (3.2 s of a 40 s story).
    static let texts = [
        "Look at the harbour, the boats are coming in.",
        "We walked up the hill to the old castle this morning, and the whole town was below us.",
        "The view from here is wonderful, isn't it?",
    ]
    static let starts = [1.0, 5.5, 12.5]
    static let seconds = 17.0

    /// The clip, and the true utterances.
    static func clip(in folder: TemporaryFolder) throws -> (path: String, spoken: [Utterance]) {
        let (speech, spoken) = try SyntheticSpeech.sentences(texts, at: starts, seconds: seconds)
        // Light wind under it, 20 dB down.
        let (mixed, _) = SyntheticSpeech.mix(speech: speech, noise: SyntheticSpeech.background(.wind, seconds: seconds, seed: 3), snr: 20)
        let wav = folder.path("speech.wav"), out = folder.path("talk.mp4")
        try SyntheticSpeech.writeWAV(mixed, to: wav)
        // A grey picture, still but for a second of noise in the middle of the second sentence.
        let burst = (spoken[1].start + spoken[1].end) / 2
        let picture = "color=c=gray:s=320x240:r=30:d=\(seconds),format=yuv420p,"
            + "noise=alls=90:allf=t+u:enable='between(t,\(burst - 0.5),\(burst + 0.5))'"
        try AudioFixtures.runFFmpeg(["-f", "lavfi", "-i", picture, "-i", wav, "-map", "0:v", "-map", "1:a",
                                     "-c:v", "libx264", "-g", "30", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k",
                                     "-metadata", "creation_time=2024-05-03T10:00:00Z", "-shortest", out])
        return (out, spoken)
    }

    @Test("clip analysis finds the three sentences (±0.15 s); the part chosen keeps the second whole")
    func analysisAndChoice() throws {
        let folder = try TemporaryFolder()
        let (path, spoken) = try Self.clip(in: folder)
        guard case .media(let metadata) = try MetadataProbe.read(path: path, modified: 0, now: 2e9) else {
            Issue.record("not read as media"); return
        }
        let quality = try QualityAnalyser.analyse(path: path, metadata: metadata, contentHash: "x")
        let activity = try #require(quality.clip)
        let found = try #require(activity.speech)
        #expect(found.count == 3, "found \(found)")
        for (f, s) in zip(found, spoken) {
            #expect(abs(f.start - s.start) <= 0.15 && abs(f.end - s.end) <= 0.15, "found \(f), spoken \(s)")
        }
        let duration = try #require(metadata.duration)
        let part = ClipMoment.best(duration: duration, length: 3.2, activity: activity)
        #expect(spoken.containing(part.start) == nil && spoken.containing(part.end) == nil, "part \(part) cuts \(spoken)")
        #expect(part.start <= spoken[1].start && part.end >= spoken[1].end, "part \(part) leaves out some of \(spoken[1])")
        // The motion alone would have cut the sentence (so the measure above means something).
        var mute = activity
        mute.speech = nil
        let blind = ClipMoment.best(duration: duration, length: 3.2, activity: mute)
        #expect(spoken.containing(blind.start) != nil || spoken.containing(blind.end) != nil, "blind part \(blind)")
    }

    @Test("the rendered story's clip begins and ends in pauses (±0.15 s), heard by the detector on its sound")
    func renderedStory() throws {
        let folder = try TemporaryFolder()
        let media = folder.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        let sub = try TemporaryFolder()
        let (made, _) = try Self.clip(in: sub)
        let path = media + "/talk.mp4"
        try FileManager.default.copyItem(atPath: made, toPath: path)
        let catalog = folder.path("catalog.sqlite")
        let lenta = LentaCLI.Runner(catalog: catalog)
        _ = try lenta(["scan", media])
        _ = try lenta(["new", "--pick", path])
        let summaries = try JSONDecoder().decode([LentaSummary].self, from: Data(try lenta(["list", "--json"]).stdout.utf8))
        let id = try #require(summaries.first?.id)
        let story = folder.path("story.json"), output = folder.path("story.mp4")
        _ = try lenta(["project", "\(id)", "-o", story, "--no-title-card", "--length", "40", "--preset", "preview"])
        // Read as plain JSON: the test process has no presets folder to validate it against.
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: story))) as? [String: Any]
        let pair = try #require(((json?["items"] as? [[String: Any]])?.first?["trim"] as? [Double]))
        let trim = TrimRange(pair[0], pair[1])
        _ = try LentaCLI.Runner(catalog: nil)(["render", story, "-o", output, "--quiet"])

        // The story is the clip's part alone: its sound from start to end.
        let sound = try AudioFixtures.decodeAll(output)
        let finder = SpeechFinder(detector: try VoiceActivityDetector())
        finder.feed(stereo: sound)
        let heard = try #require(finder.utterances())
        let length = Double(sound.count / 2) / 48_000
        #expect(abs(length - trim.length) < 0.05, "story \(length) s, part \(trim)")
        #expect(!heard.isEmpty, "no speech in the story: part \(trim)")
        let rms = { (from: Double, to: Double) -> Double in
            let a = max(0, Int(from * 48_000)), b = min(sound.count / 2, Int(to * 48_000))
            guard b > a else { return 0 }
            var sum = 0.0
            for k in a..<b { sum += Double(sound[2 * k] * sound[2 * k]) }
            return (sum / Double(b - a)).squareRoot()
        }
        let speaking = heard.map { rms($0.start, $0.end) }.max() ?? 0
        // Where the voice is heard: 20 ms windows louder than a third of the speech (the wind under
        // it is 20 dB down). The detector itself is not asked at the edges: at a sound's very
        // start it has no noise model yet and takes anything for a voice.
        let windows = Int(length / 0.02)
        let voiced = (0..<windows).filter { rms(Double($0) * 0.02, Double($0 + 1) * 0.02) > speaking / 3 }
        let onset = Double(try #require(voiced.first)) * 0.02, offset = Double(try #require(voiced.last) + 1) * 0.02
        // The cuts are in pauses: no voice in the first or last 50 ms (two windows), and the pause
        // kept is short (the pad, plus the detector's own hangover at an end), not a second of nothing.
        #expect(onset >= 0.05 && onset <= SpeechCuts.pad + 0.15, "the story (part \(trim)) opens \(onset) s before speech")
        #expect(length - offset >= 0.05 && length - offset <= SpeechCuts.pad + 0.3,
                "the story (part \(trim)) ends \(length - offset) s after speech")
    }
}
