import Foundation
import Testing
import LentaCore
import LentaMedia
import LentaRender
import LentaTestSupport

@Suite("Audio mix")
struct AudioMixerTests {
    typealias F = AudioFixtures

    private func photos(_ count: Int, seconds: Double, in folder: TemporaryFolder) throws -> [ProjectItem] {
        let name = try F.photo(in: folder)
        return (0..<count).map { _ in ProjectItem(path: name, duration: seconds) }
    }

    private func mixer(_ project: ProjectFile, _ folder: TemporaryFolder) throws -> (AudioMixer, StoryTimeline) {
        let timeline = F.timeline(project)
        return (try AudioMixer(story: ResolvedStory.resolve(project, in: folder.url), timeline: timeline), timeline)
    }

    @Test("a looped track fills the story exactly, with no click where it wraps")
    func loop() throws {
        let folder = try TemporaryFolder()
        // 1.013 s of 330 Hz: the wave is cut mid-cycle at the file's end.
        try F.writeWAV(F.tone(hertz: 330, seconds: 1.013, channels: 2, amplitude: 0.5), channels: 2, to: folder.path("loop.wav"))
        let project = ProjectFile(music: [MusicTrack(path: "loop.wav", loop: true)], items: try photos(5, seconds: 1.3, in: folder))
        let (mixer, timeline) = try mixer(project, folder)
        #expect(mixer.hasAudio)
        let x = try F.mixAll(mixer, chunk: 1601)
        #expect(x.count == timeline.sampleCount * 2)
        #expect(timeline.sampleCount == 312_000)
        let l = F.channel(x, 0)
        // Music all the way to the end (no fade-out asked for).
        #expect(F.rms(l, seconds: 6.3...6.49) > 0.3)
        // A clean 330 Hz tone at 0.5 moves at most 2π·330/48000·0.5 ≈ 0.0216 per sample;
        // a butt splice at the wrap would jump by up to ~0.4.
        #expect(F.maxJump(l) < 0.03)
        // The level holds through the loop points (equal-power blend of two unrelated phases).
        for wrap in [1.013 - 0.02, 2 * (1.013 - 0.02)] {
            #expect(F.rms(l, seconds: (wrap - 0.005)...(wrap + 0.025)) > 0.2)
        }
    }

    @Test("tracks play one after another and the last one is cut at the story's end")
    func sequenceAndCut() throws {
        let folder = try TemporaryFolder()
        try F.writeWAV(F.tone(hertz: 440, seconds: 0.6, channels: 2), channels: 2, to: folder.path("a.wav"))
        try F.writeWAV(F.tone(hertz: 660, seconds: 10, channels: 2), channels: 2, to: folder.path("b.wav"))
        let project = ProjectFile(music: [MusicTrack(path: "a.wav"), MusicTrack(path: "b.wav")],
                                  items: try photos(2, seconds: 1.5, in: folder))
        let (mixer, timeline) = try mixer(project, folder)
        let l = F.channel(try F.mixAll(mixer, chunk: 1000), 0)
        #expect(l.count == timeline.sampleCount)
        #expect(F.amplitude(of: 440, in: l, seconds: 0.05...0.55) > 0.45)
        #expect(F.amplitude(of: 660, in: l, seconds: 0.05...0.55) < 0.01)
        #expect(F.amplitude(of: 660, in: l, seconds: 0.65...2.9) > 0.45)
        #expect(F.amplitude(of: 440, in: l, seconds: 0.65...2.9) < 0.01)
        // The second track starts on the first's last sample: its first cycle is at sample 28 800.
        let second = Array(l[28_800..<(28_800 + 2_400)])
        let reference = (0..<2_400).map { Float(0.5 * sin(2 * .pi * 660 * Double($0) / 48_000)) }
        let worst = zip(second, reference).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 0.001)
    }

    @Test("music starts `start` seconds into its file")
    func musicStart() throws {
        let folder = try TemporaryFolder()
        try F.writeWAV(F.tone(hertz: 1000, seconds: 3, channels: 2, onset: 1.25, length: 0.5), channels: 2, to: folder.path("m.wav"))
        let project = ProjectFile(music: [MusicTrack(path: "m.wav", start: 0.75)], items: try photos(1, seconds: 2, in: folder))
        let (mixer, _) = try mixer(project, folder)
        let l = F.channel(try F.mixAll(mixer), 0)
        #expect(F.onset(l, threshold: 0.01) == 24_000 + 1)  // sample 0 of a sine is 0
    }

    @Test("fade-in rises from silence to full over fadeIn; fade-out ends on the story's last sample")
    func fades() throws {
        let folder = try TemporaryFolder()
        try F.writeWAV(F.tone(hertz: 1000, seconds: 10, channels: 2, amplitude: 0.5), channels: 2, to: folder.path("m.wav"))
        let project = ProjectFile(music: [MusicTrack(path: "m.wav", fadeIn: 1, fadeOut: 1)], items: try photos(2, seconds: 2, in: folder))
        let (mixer, timeline) = try mixer(project, folder)
        let l = F.channel(try F.mixAll(mixer, chunk: 777), 0)
        #expect(l.count == 192_000 && timeline.sampleCount == 192_000)
        let full = 0.5 / 2.0.squareRoot()
        #expect(F.rms(l, seconds: 0...0.01) < 0.02 * full)
        // Equal power: sin(π/4) of full level halfway through.
        #expect(abs(F.rms(l, seconds: 0.49...0.51) / full - 0.5.squareRoot()) < 0.03)
        #expect(abs(F.rms(l, seconds: 1.0...1.1) / full - 1) < 0.01)
        #expect(abs(F.rms(l, seconds: 2.9...3.0) / full - 1) < 0.01)
        #expect(abs(F.rms(l, seconds: 3.49...3.51) / full - 0.5.squareRoot()) < 0.03)
        #expect(F.rms(l, seconds: 3.99...4.0) < 0.02 * full)
        #expect(abs(l[l.count - 1]) < 0.002)
    }

    @Test("music ducks by 12 dB only while a clip with sound plays")
    func ducking() throws {
        let folder = try TemporaryFolder()
        try F.writeWAV(F.tone(hertz: 1000, seconds: 3, channels: 2, amplitude: 0.4), channels: 2, to: folder.path("m.wav"))
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 3, withAudio: true), to: folder.path("sound.mp4"))
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 3), to: folder.path("mute.mp4"))
        let photo = try F.photo(in: folder)
        let project = ProjectFile(
            music: [MusicTrack(path: "m.wav", loop: true)],
            items: [ProjectItem(path: photo, duration: 2),
                    ProjectItem(path: "sound.mp4", trim: TrimRange(0, 2)),
                    ProjectItem(path: photo, duration: 2),
                    ProjectItem(path: "mute.mp4", trim: TrimRange(0, 2)),
                    ProjectItem(path: "sound.mp4", trim: TrimRange(0, 2), volume: 0),
                    ProjectItem(path: photo, duration: 2)])
        let (mixer, _) = try mixer(project, folder)
        let l = F.channel(try F.mixAll(mixer), 0)
        let open = F.amplitude(of: 1000, in: l, seconds: 0.2...1.6)
        #expect(abs(open - 0.4) < 0.01)
        func dB(_ a: Double) -> Double { 20 * log10(a / open) }
        // Under the clip with sound (its 440 Hz tone is there too).
        #expect(abs(dB(F.amplitude(of: 1000, in: l, seconds: 2.1...3.9)) - AudioMixer.duckingDecibels) < 0.2)
        #expect(F.amplitude(of: 440, in: l, seconds: 2.1...3.9) > 0.2)
        // Back up after the release, and not ducked under a clip without sound or at volume 0.
        #expect(abs(dB(F.amplitude(of: 1000, in: l, seconds: 4.4...5.6))) < 0.1)
        #expect(abs(dB(F.amplitude(of: 1000, in: l, seconds: 6.0...9.9))) < 0.1)
        #expect(F.amplitude(of: 440, in: l, seconds: 6.0...9.9) < 0.001)
        // The ramps are smooth: down over the 0.3 s before the clip, up over the 0.3 s after.
        #expect(abs(dB(F.amplitude(of: 1000, in: l, seconds: 1.55...1.65))) < 0.5)
        let midRamp = F.amplitude(of: 1000, in: l, seconds: 1.84...1.86) / open
        #expect(abs(midRamp - (1 + pow(10, -12.0 / 20)) / 2) < 0.03)
    }

    @Test("a cut between clips has no click; a crossfade keeps the loudness")
    func cutsAndCrossfades() throws {
        let folder = try TemporaryFolder()
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 3, withAudio: true), to: folder.path("a.mp4"))
        let photo = try F.photo(in: folder)
        // Trims that cut the 440 Hz tone at unrelated phases on both sides of each cut.
        let project = ProjectFile(items: [
            ProjectItem(path: photo, duration: 1),
            ProjectItem(path: "a.mp4", trim: TrimRange(0.1234, 1.1)),
            ProjectItem(path: "a.mp4", trim: TrimRange(1.5111, 2.5), transition: ProjectTransition(type: .crossfade, duration: 0.5)),
            ProjectItem(path: "a.mp4", trim: TrimRange(0.3, 1.8)),
            ProjectItem(path: photo, duration: 1)])
        let (mixer, timeline) = try mixer(project, folder)
        let x = try F.mixAll(mixer)
        #expect(x.count == timeline.sampleCount * 2)
        let l = F.channel(x, 0)
        // The tone itself moves at most 2π·440/48000·0.25 ≈ 0.0144 per sample, up to √2 times that
        // mid-crossfade where the two phases of the same tone add (0.0204); without the fades, the
        // cuts here would jump by 0.24 (photo → clip at 0.1234 s) and 0.17 (clip → clip at 1.5111 s).
        #expect(F.maxJump(l) < 0.021)
        for cut in [timeline.segments[1].firstSample, timeline.segments[2].firstSample, timeline.segments[4].firstSample] {
            #expect(F.maxJump(Array(l[(cut - 300)..<(cut + 300)])) < 0.0145, "at the cut at sample \(cut)")
        }
        // Silence on the photos, the tone on the clips.
        #expect(F.rms(l, seconds: 0...0.99) == 0)
        #expect(abs(F.rms(l, seconds: 1.1...1.9) - 0.25 / 2.0.squareRoot()) < 0.005)
        // Across the crossfade the two (unrelated) phases sum to about the same power.
        let overlap = timeline.segments[2]
        let mid = Double(overlap.endSample - 12_000) / 48_000
        #expect(F.rms(l, seconds: (mid - 0.1)...(mid + 0.1)) > 0.1)
        #expect(F.rms(l, seconds: (mid - 0.1)...(mid + 0.1)) < 0.27)
    }

    @Test("the mix does not depend on the chunk size, and stays inside [-1, 1]")
    func chunking() throws {
        let folder = try TemporaryFolder()
        try F.writeWAV(F.tone(hertz: 250, seconds: 0.9, channels: 2, amplitude: 0.95), channels: 2, to: folder.path("m.wav"))
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 2, withAudio: true), to: folder.path("a.mp4"))
        let photo = try F.photo(in: folder)
        let project = ProjectFile(
            defaults: ProjectDefaults(transition: ProjectTransition(type: .crossfade, duration: 0.4)),
            music: [MusicTrack(path: "m.wav", volume: 2, fadeIn: 0.5, fadeOut: 0.7, loop: true)],
            items: [ProjectItem(path: photo, duration: 1.5), ProjectItem(path: "a.mp4", trim: TrimRange(0.2, 1.9), volume: 2),
                    ProjectItem(path: photo, duration: 1.5)])
        let (a, _) = try mixer(project, folder)
        let (b, _) = try mixer(project, folder)
        let x = try F.mixAll(a, chunk: 1000), y = try F.mixAll(b, chunk: 4801)
        #expect(x == y)
        #expect(x.allSatisfy { abs($0) <= 1 })
        #expect((x.map(abs).max() ?? 0) > 0.9)
    }

    @Test("the mix kept on disk reads back sample for sample, in any order, silence outside the story; its file has no name")
    func spilled() throws {
        let folder = try TemporaryFolder()
        try F.writeWAV(F.tone(hertz: 250, seconds: 0.9, channels: 2, amplitude: 0.5), channels: 2, to: folder.path("m.wav"))
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 2, withAudio: true), to: folder.path("a.mp4"))
        let photo = try F.photo(in: folder)
        let project = ProjectFile(
            defaults: ProjectDefaults(transition: ProjectTransition(type: .crossfade, duration: 0.4)),
            music: [MusicTrack(path: "m.wav", loop: true)],
            items: [ProjectItem(path: photo, duration: 1.5), ProjectItem(path: "a.mp4", trim: TrimRange(0.2, 1.9)),
                    ProjectItem(path: photo, duration: 1.5)])
        let (a, _) = try mixer(project, folder)
        let (b, _) = try mixer(project, folder)
        let expected = try F.mixAll(b, chunk: 4801)
        let n = a.sampleCount
        let scratch = try TemporaryFolder()
        let spill = try SpilledSoundTrack(mixing: a, sampleCount: n, scratchFolder: scratch.url.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty, "the scratch file kept a name")
        #expect(spill.hasAudio)

        let ranges = stride(from: 0, to: n, by: 3001).map { $0 ..< min(n, $0 + 3001) }
        var parts: [Int: [Float]] = [:]
        for range in ranges.reversed() { parts[range.lowerBound] = try spill.samples(range) }
        #expect(ranges.flatMap { parts[$0.lowerBound] ?? [] } == expected)
        #expect(expected.contains { $0 != 0 })

        let edge = try spill.samples(n - 10 ..< n + 10)
        #expect(Array(edge[0 ..< 20]) == Array(expected[(2 * n - 20)...]))
        #expect(edge[20...].allSatisfy { $0 == 0 })
        #expect(try spill.samples(-5 ..< 0) == [Float](repeating: 0, count: 10))

        do {
            _ = try SpilledSoundTrack(mixing: b, sampleCount: n, scratchFolder: folder.path("gone"))
            Issue.record("kept the mix in a folder that does not exist")
        } catch {
            #expect("\(error)".contains(folder.path("gone")), "\(error)")
        }
    }

    @Test("a story of photos and silent clips has no sound; a missing music file is named")
    func nothingToHear() throws {
        let folder = try TemporaryFolder()
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 1), to: folder.path("mute.mp4"))
        let photo = try F.photo(in: folder)
        let project = ProjectFile(items: [ProjectItem(path: photo, duration: 1), ProjectItem(path: "mute.mp4")])
        let timeline = StoryTimeline(project: project, fps: Rational(30)) { _ in 1 }
        let story = try ResolvedStory.resolve(project, in: folder.url)
        let mixer = try AudioMixer(story: story, timeline: timeline)
        #expect(!mixer.hasAudio)
        let x = try F.mixAll(mixer)
        #expect(x.count == 96_000 * 2 && x.allSatisfy { $0 == 0 })

        // Validation would stop a missing file; the mix must still name one that went away since.
        var withMusic = story
        withMusic.music = [ResolvedMusic(track: MusicTrack(path: "music/gone.mp3"), url: folder.url.appendingPathComponent("music/gone.mp3"))]
        do {
            _ = try AudioMixer(story: withMusic, timeline: timeline)
            Issue.record("mixed a missing music file")
        } catch {
            #expect("\(error)".contains(folder.url.appendingPathComponent("music/gone.mp3").path))
        }
    }

    /// A 40-item story with crossfades, and a clip late in it trimmed at 0.5 s.
    private func longStory(clip: String, in folder: TemporaryFolder) throws -> ProjectFile {
        let photo = try F.photo(in: folder)
        var items: [ProjectItem] = (0..<40).map { i in
            ProjectItem(path: photo, duration: 0.7 + Double(i % 3) * 0.111)
        }
        items[36] = ProjectItem(path: clip, trim: TrimRange(0.5, 2.5))
        return ProjectFile(defaults: ProjectDefaults(transition: ProjectTransition(type: .crossfade, duration: 0.3)), items: items)
    }

    @Test("sync: a clip's sound lands on the exact story sample its trim says, late in a long story")
    func syncByPhase() throws {
        let folder = try TemporaryFolder()
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 3, withAudio: true), to: folder.path("clip.mp4"))
        let project = try longStory(clip: "clip.mp4", in: folder)
        let (mixer, timeline) = try mixer(project, folder)
        let l = F.channel(try F.mixAll(mixer), 0)
        #expect(l.count == timeline.sampleCount)
        guard let segment = timeline.segments.first(where: { $0.content == .item(index: 36) }) else {
            Issue.record("no segment for the clip"); return
        }
        // Story sample firstSample + k plays the clip's sample 24 000 + k: 0.25·sin(2π·440·(24000+k)/48000).
        let start = segment.firstSample + 24_000
        let reference = (0..<4_800).map { Float(0.25 * sin(2 * .pi * 440 * Double(24_000 + 24_000 + $0) / 48_000)) }
        #expect(F.bestLag(l, start: start, reference: reference, maxLag: 50) == 0)
    }

    @Test("sync: a beep at 1.000 s of a clip trimmed at 0.5 plays with the clip's frame of 1.000 s, late in a long story",
          .enabled(if: AudioFixtures.hasFFmpeg))
    func syncByBeep() throws {
        let folder = try TemporaryFolder()
        _ = try F.beepClip(seconds: 3, beepAt: 1.0, in: folder, name: "beep")
        let project = try longStory(clip: "beep.mp4", in: folder)
        let (mixer, timeline) = try mixer(project, folder)
        let l = F.channel(try F.mixAll(mixer), 0)
        guard let segment = timeline.segments.first(where: { $0.content == .item(index: 36) }) else {
            Issue.record("no segment for the clip"); return
        }
        #expect(segment.start.doubleValue > 18)
        // The clip's frame of 1.000 s (its frame 30) first shows in the story's frame
        // ceil((start + 0.5) × fps), the first whose time maps to clip time ≥ 1.000 s.
        let markerTime = (segment.start + Rational(1, 2)) * timeline.fps
        let markerFrame = markerTime.floor + (markerTime.denominator == 1 ? 0 : 1)
        let videoTime = Double(markerFrame) / timeline.fps.doubleValue
        guard let beep = F.onset(l, threshold: 0.05, from: segment.firstSample) else {
            Issue.record("no beep"); return
        }
        let audioTime = Double(beep) / 48_000
        #expect(abs(audioTime - videoTime) * 48_000 < 1024, "beep at \(audioTime) s, its frame at \(videoTime) s")
        // And to the sample (the sine starts at 0, so its first loud sample is 1 in).
        #expect(abs(beep - (segment.firstSample + 24_000)) <= 8, "beep at sample \(beep), expected \(segment.firstSample + 24_000)")
    }
}
