import Foundation
import Testing
import LentaCore
import LentaMedia
import LentaTestSupport

@Suite("Audio decoding")
struct AudioDecoderTests {
    typealias F = AudioFixtures

    @Test("44.1 kHz mono WAV comes out as 48 kHz stereo: the same length, tone and level on both sides")
    func resampledMono() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("mono.wav")
        try F.writeWAV(F.tone(hertz: 440, seconds: 2, rate: 44_100, amplitude: 0.5), channels: 1, rate: 44_100, to: path)
        let decoder = try AudioDecoder(path: path)
        #expect(decoder.sourceSampleRate == 44_100)
        #expect(decoder.sourceChannelCount == 1)
        #expect(abs((decoder.duration ?? 0) - 2) < 1e-6)
        let x = try F.decodeAll(path)
        #expect(abs(x.count / 2 - 96_000) <= 1)
        let l = F.channel(x, 0), r = F.channel(x, 1)
        #expect(l == r)
        #expect(abs(F.frequency(of: l, seconds: 0.1...1.9) - 440) < 0.05)
        // Mono goes to both sides at −3 dB (equal power).
        #expect(abs(F.amplitude(of: 440, in: l, seconds: 0.1...1.9) - 0.5 * 0.5.squareRoot()) < 0.005)
    }

    @Test("5.1 is folded down: the front left reaches only the left, the centre both sides at −3 dB")
    func surroundDownmix() throws {
        let folder = try TemporaryFolder()
        let tone = F.tone(hertz: 500, seconds: 1, amplitude: 0.5)
        var fl = [Float](repeating: 0, count: tone.count * 6), fc = fl
        for i in tone.indices {
            fl[i * 6] = tone[i]      // FL
            fc[i * 6 + 2] = tone[i]  // FC
        }
        // FL FR FC LFE BL BR
        try F.writeWAV(fl, channels: 6, channelMask: 0x3F, to: folder.path("fl.wav"))
        try F.writeWAV(fc, channels: 6, channelMask: 0x3F, to: folder.path("fc.wav"))
        let a = try F.decodeAll(folder.path("fl.wav")), b = try F.decodeAll(folder.path("fc.wav"))
        #expect(a.count == tone.count * 2 && b.count == tone.count * 2)
        let al = F.amplitude(of: 500, in: F.channel(a, 0), seconds: 0.1...0.9)
        let ar = F.amplitude(of: 500, in: F.channel(a, 1), seconds: 0.1...0.9)
        #expect(al > 0.1)
        #expect(ar < 0.001)
        let bl = F.amplitude(of: 500, in: F.channel(b, 0), seconds: 0.1...0.9)
        let br = F.amplitude(of: 500, in: F.channel(b, 1), seconds: 0.1...0.9)
        #expect(abs(bl - br) < 1e-4)
        #expect(abs(bl / al - 0.5.squareRoot()) < 0.01)
        #expect(max(F.channel(a, 0).map(abs).max() ?? 0, F.channel(b, 0).map(abs).max() ?? 0) <= 0.5)
    }

    static let encoderOptions: [(String, [String])] = [
        ("mp3", ["-c:a", "libmp3lame", "-b:a", "192k"]),
        ("m4a", ["-c:a", "aac", "-b:a", "160k"]),
        ("flac", ["-c:a", "flac"]),
        ("ogg", ["-c:a", "libvorbis", "-q:a", "5"]),
        ("opus", ["-c:a", "libopus", "-b:a", "128k"]),
    ]

    @Test("MP3, AAC, FLAC, Vorbis and Opus decode to the right length, onset and tone",
          .enabled(if: AudioFixtures.hasFFmpeg), arguments: encoderOptions.map(\.0))
    func formats(_ ext: String) throws {
        let folder = try TemporaryFolder()
        let wav = folder.path("source.wav"), path = folder.path("music.\(ext)")
        // 0.5 s of silence, then 1.5 s of 440 Hz: 2 s, 88 200 samples at 44.1 kHz.
        try F.writeWAV(F.tone(hertz: 440, seconds: 2, rate: 44_100, channels: 2, amplitude: 0.5, onset: 0.5),
                       channels: 2, rate: 44_100, to: wav)
        let options = Self.encoderOptions.first { $0.0 == ext }?.1 ?? []
        try F.runFFmpeg(["-i", wav] + options + [path])

        let decoder = try AudioDecoder(path: path)
        #expect(abs((decoder.duration ?? 0) - 2) < 0.05, "\(ext): container duration \(decoder.duration ?? -1)")
        let x = try F.decodeAll(path)
        let l = F.channel(x, 0)
        // To the sample for lossless and for codecs whose priming and padding the file records.
        #expect(abs(l.count - 96_000) <= 1, "\(ext): \(l.count) samples")
        let onset = F.onset(l, threshold: 0.05) ?? -1
        #expect(abs(onset - 24_000) <= 48, "\(ext): the tone starts at sample \(onset)")
        #expect(abs(F.frequency(of: l, seconds: 0.7...1.8) - 440) < 0.2)
        #expect(abs(F.amplitude(of: 440, in: l, seconds: 0.7...1.8) - 0.5) < 0.03)
    }

    @Test("a synthetic clip's AAC sound is the writer's 440 Hz tone, in phase from its first sample")
    func clipSound() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("clip.mp4")
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 2, withAudio: true), to: path)
        let decoder = try AudioDecoder(path: path)
        #expect(decoder.codecName == "aac")
        let x = try F.decodeAll(path)
        let l = F.channel(x, 0)
        #expect(abs(l.count - 96_000) <= 1)
        #expect(abs(F.frequency(of: l, seconds: 0.2...1.8) - 440) < 0.05)
        // The writer's tone is 0.25·sin(2π·440·n/48000) from sample 0: encoder priming dropped.
        let reference = (0..<4800).map { Float(0.25 * sin(2 * .pi * 440 * Double(48_000 + $0) / 48_000)) }
        #expect(F.bestLag(l, start: 48_000, reference: reference, maxLag: 50) == 0)
    }

    @Test("a seek lands on the same samples as reading through, forwards and backwards")
    func seeking() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("clip.mp4")
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 5, withAudio: true), to: path)
        let all = try F.decodeAll(path)
        let decoder = try AudioDecoder(path: path)
        for target in [150_000, 30_000, 200_001, 12_345, 0] {
            try decoder.seek(toSample: target)
            #expect(decoder.position == target)
            let part = try decoder.read(exactly: 2_000)
            let expected = Array(all[(2 * target)..<(2 * target + 4_000)])
            let worst = zip(part, expected).map { abs($0 - $1) }.max() ?? 1
            #expect(worst < 1e-4, "seek to \(target): off by up to \(worst)")
        }
        // Reading past the end gives silence in `read(exactly:)` and nothing in `read(upTo:)`.
        try decoder.seek(toSample: all.count / 2 - 10)
        #expect(try decoder.read(upTo: 100).count == 20)
        #expect(try decoder.read(upTo: 100).isEmpty)
    }

    @Test("a resampled file seeks to within a sample of reading through", .enabled(if: AudioFixtures.hasFFmpeg))
    func seekingResampled() throws {
        let folder = try TemporaryFolder()
        let wav = folder.path("long.wav"), path = folder.path("long.mp3")
        try F.writeWAV(F.tone(hertz: 300, seconds: 6, rate: 44_100, channels: 2, amplitude: 0.5), channels: 2, rate: 44_100, to: wav)
        try F.runFFmpeg(["-i", wav, "-c:a", "libmp3lame", "-b:a", "192k", path])
        let all = F.channel(try F.decodeAll(path), 0)
        let decoder = try AudioDecoder(path: path)
        try decoder.seek(toSample: 200_000)
        let part = F.channel(try decoder.read(exactly: 4_800), 0)
        #expect(F.bestLag(all, start: 200_000, reference: part, maxLag: 20) == 0)
    }

    @Test("a file without sound is named in the error; a clip without sound has no audio stream")
    func noSound() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("silent.mp4")
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 1), to: path)
        #expect(try AudioDecoder.hasAudioStream(path: path) == false)
        do {
            _ = try AudioDecoder(path: path)
            Issue.record("opened a file without sound")
        } catch {
            #expect("\(error)".contains(path))
            #expect("\(error)".contains("no audio stream"))
        }
        let missing = folder.path("nowhere.mp3")
        do {
            _ = try AudioDecoder(path: missing)
            Issue.record("opened a missing file")
        } catch {
            #expect("\(error)".contains(missing))
        }
    }
}
