import Foundation
import LentaCore
import LentaMedia
import LentaRender
import LentaTestSupport
import Testing

/// The music ducks under a clip's speech, not only under its presence: −24 dB while someone
/// speaks, −12 dB in the clip's pauses, whole before and after.
@Suite("Ducking under speech", .enabled(if: SyntheticSpeech.espeak != nil && AudioFixtures.hasFFmpeg, "needs espeak-ng and the ffmpeg CLI"))
struct SpeechDuckingTests {
    typealias F = AudioFixtures

    @Test("music at −24 dB under a sentence, −12 dB in the pause between two, 0 dB before the clip")
    func followsSpeech() throws {
        let folder = try TemporaryFolder()
        let (clip, spoken) = try SpeechAwarePartTests.clip(in: folder)
        // 6 kHz: above the wind under the clip, where the voice has little energy.
        try F.writeWAV(F.tone(hertz: 6000, seconds: 3, channels: 2, amplitude: 0.4), channels: 2, to: folder.path("m.wav"))
        let photo = try F.photo(in: folder)
        let project = ProjectFile(
            music: [MusicTrack(path: "m.wav", loop: true)],
            items: [ProjectItem(path: photo, duration: 2),
                    ProjectItem(path: URL(fileURLWithPath: clip).lastPathComponent, trim: TrimRange(0, 12)),
                    ProjectItem(path: photo, duration: 2)])
        let timeline = F.timeline(project)
        let mixer = try AudioMixer(story: ResolvedStory.resolve(project, in: folder.url), timeline: timeline)
        let l = F.channel(try F.mixAll(mixer), 0)
        let open = F.amplitude(of: 6000, in: l, seconds: 0.2...1.5)
        #expect(abs(open - 0.4) < 0.02)
        func dB(_ range: ClosedRange<Double>) -> Double { 20 * log10(F.amplitude(of: 6000, in: l, seconds: range) / open) }
        // The clip starts at 2 s on the story's clock.
        let second = spoken[1]
        let speaking = dB((2 + second.start + 0.5)...(2 + second.end - 0.5))
        #expect(abs(speaking - AudioMixer.speechDuckingDecibels) < 1.5, "under speech: \(speaking) dB")
        let pause = (2 + spoken[0].end + 0.5)...(2 + second.start - 0.4)
        #expect(abs(dB(pause) - AudioMixer.duckingDecibels) < 1.0, "in the pause: \(dB(pause)) dB")
        #expect(abs(dB(15.0...15.8)) < 0.2)
    }
}
