import Foundation
import LentaCore
import LentaMedia
import LentaTestSupport
import Testing

extension AudioFixtures {
    /// A click track: a beat every `60 / bpm` s from `first` s; the first beat of each bar a low
    /// thump under a louder click (as a kick marks a bar), the others a short high click. Mono.
    static func clickTrack(bpm: Double, seconds: Double, first: Double = 0.5, beatsPerBar: Int = 4,
                           downbeatOffset: Int = 0) -> (samples: [Float], beats: [Double], downbeats: [Double]) {
        let count = Int(seconds * Double(rate))
        var out = [Float](repeating: 0, count: count)
        var beats: [Double] = [], downbeats: [Double] = []
        var k = 0
        while true {
            let t = first + Double(k) * 60 / bpm
            guard t < seconds - 0.2 else { break }
            let start = Int((t * Double(rate)).rounded())
            let isDown = (k + downbeatOffset) % beatsPerBar == 0
            beats.append(t)
            if isDown { downbeats.append(t) }
            let length = Int(0.08 * Double(rate))
            for i in 0..<min(length, count - start) {
                let x = Double(i) / Double(rate)
                let decay = exp(-x * 60)
                var v = (isDown ? 0.5 : 0.35) * sin(2 * .pi * (isDown ? 1500 : 2500) * x) * exp(-x * 200)
                if isDown { v += 0.5 * sin(2 * .pi * 70 * x) * decay }
                out[start + i] += Float(v)
            }
            k += 1
        }
        return (out, beats, downbeats)
    }
}

/// Beats found with aubio in decoded music, and the grid the story is cut to.
@Suite("Music beats")
struct MusicBeatsTests {
    @Test("a click track's beats are found within 15 ms, its tempo, and its bars from the accents",
          arguments: [(120.0, 0), (100.0, 1), (132.0, 3)])
    func clickTrack(bpm: Double, offset: Int) throws {
        let folder = try TemporaryFolder()
        let click = AudioFixtures.clickTrack(bpm: bpm, seconds: 30, downbeatOffset: offset)
        try AudioFixtures.writeWAV(click.samples, channels: 1, to: folder.path("click.wav"))
        let grid = try MusicBeats.grid(path: folder.path("click.wav"))
        #expect(abs(grid.duration - 30) < 0.01)
        #expect(abs((grid.tempo ?? 0) - bpm) < 1.5, "tempo \(grid.tempo ?? 0)")
        // After the tracker has locked on (its first few seconds), every beat is found, once.
        let settled = click.beats.filter { $0 > 5 }
        var worst = 0.0
        for t in settled {
            let d = grid.beats.map { abs($0 - t) }.min() ?? .infinity
            worst = max(worst, d)
        }
        #expect(worst < 0.015, "worst beat error \(worst) s")
        let found = grid.beats.filter { $0 > 5 - 0.03 }
        #expect(found.count >= settled.count - 1 && found.count <= settled.count + 1)
        // Bars: every found downbeat is a true downbeat.
        let down = grid.beats.indices.filter { grid.isDownbeat($0) && grid.beats[$0] > 5 }.map { grid.beats[$0] }
        #expect(!down.isEmpty)
        for t in down {
            #expect(click.downbeats.contains { abs($0 - t) < 0.03 }, "\(t) s is not a bar's first beat")
        }
    }

    @Test("a file of silence has no beats; a missing file is an error naming it")
    func silenceAndMissing() throws {
        let folder = try TemporaryFolder()
        try AudioFixtures.writeWAV([Float](repeating: 0, count: 48_000 * 3), channels: 1, to: folder.path("quiet.wav"))
        let grid = try MusicBeats.grid(path: folder.path("quiet.wav"))
        #expect(grid.beats.count <= 1)
        #expect(throws: MediaError.self) { try MusicBeats.grid(path: folder.path("none.mp3")) }
        try Data("not audio at all".utf8).write(to: folder.url.appendingPathComponent("bad.mp3"))
        do {
            _ = try MusicBeats.grid(path: folder.path("bad.mp3"))
            Issue.record("a text file decoded as music")
        } catch {
            #expect("\(error)".contains("bad.mp3"))
        }
    }

    @Test("a playlist's grid: the second track's beats follow the first's length; the last loops")
    func playlist() throws {
        let folder = try TemporaryFolder()
        let a = AudioFixtures.clickTrack(bpm: 120, seconds: 12)
        try AudioFixtures.writeWAV(a.samples, channels: 1, to: folder.path("a.wav"))
        let grid = try #require(try MusicBeats.grid(playlist: [folder.path("a.wav"), folder.path("a.wav")], loopingLastUntil: 40))
        #expect(grid.duration >= 40)
        // Beats at 12 s + 8 s (second track) and in its next pass (12 + 12 − 0.02 + 8 s).
        for t in [20.0, 20.0 + 12 - MusicTrack.loopCrossfade] {
            #expect(grid.beats.contains { abs($0 - (t + 0.5)) < 0.015 }, "no beat near \(t + 0.5) s")
        }
    }
}
