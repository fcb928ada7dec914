import Foundation
import LentaCore

/// Finds the beats and bars of a music file: decoded with `AudioDecoder` (the same samples the
/// story's mix plays, so beat times are on the mix's clock), mixed to mono, fed to aubio's beat
/// tracker hop by hop; each beat's accent (the low-frequency energy just after it, where a
/// bar's kick and bass land) picks which beats start the bars. Memory stays bounded: one hop of
/// sound and one energy value per hop are kept, whatever the file's length.
public enum MusicBeats {
    /// Samples per analysis hop at 48 kHz (10.7 ms) and the tracker's window.
    static let hopSize = 512
    static let windowSize = 1024
    /// Onsets are found on finer hops (2.7 ms).
    static let onsetHop = 128
    static let onsetWindow = 512
    /// Music past this is not analysed (a story is minutes long; a three-hour mix is not read
    /// to its end): the grid ends there.
    public static let longestAnalysed = 20.0 * 60

    /// The grid of the file at `path`, its times counted from `start` seconds into the file.
    /// - Throws: `MediaError` naming the file when it cannot be decoded.
    public static func grid(path: String, start: Double = 0, beatsPerBar: Int = 4) throws -> BeatGrid {
        let rate = AudioDecoder.sampleRate
        let decoder = try AudioDecoder(path: path)
        try decoder.seek(toSample: max(0, Int((start * Double(rate)).rounded(.down))))
        let tracker = try AubioTempo(windowSize: windowSize, hopSize: hopSize, sampleRate: rate)
        let onsetDetector = try AubioOnset(windowSize: onsetWindow, hopSize: onsetHop, sampleRate: rate)
        var onsets: [Double] = []
        let limit = Int(longestAnalysed) * rate
        var beats: [Double] = []
        // Low-passed (≈150 Hz, one pole) energy of each hop: where kicks and bass sit.
        var lowEnergy: [Float] = []
        // And the whole band's: beats where nothing sounds (a pause, a silent file) are dropped.
        var energy: [Float] = []
        var low: Float = 0
        let alpha = Float(1 - exp(-2 * Double.pi * 150 / Double(rate)))
        var mono = [Float](repeating: 0, count: hopSize)
        var consumed = 0
        while consumed < limit {
            let stereo = try decoder.read(upTo: hopSize)
            let n = stereo.count / 2
            if n == 0 { break }
            var lowSum: Float = 0, sum: Float = 0
            for i in 0..<hopSize {
                let s = i < n ? 0.5 * (stereo[2 * i] + stereo[2 * i + 1]) : 0
                mono[i] = s
                low += alpha * (s - low)
                lowSum += low * low
                sum += s * s
            }
            lowEnergy.append(lowSum)
            energy.append(sum)
            mono.withUnsafeBufferPointer { hop in
                if let beat = tracker.process(hop), beat >= 0 { beats.append(beat) }
                for k in stride(from: 0, to: hopSize, by: onsetHop) {
                    if let t = onsetDetector.process(UnsafeBufferPointer(rebasing: hop[k..<(k + onsetHop)])), t >= 0 { onsets.append(t) }
                }
            }
            consumed += n
            if n < hopSize { break }
        }
        let duration = Double(consumed) / Double(rate)
        let hopSeconds = Double(hopSize) / Double(rate)
        func window(_ t: Double, _ values: [Float]) -> ArraySlice<Float> {
            let first = max(0, Int(((t - 0.05) / hopSeconds).rounded(.down)))
            let last = min(values.count - 1, Int(((t + 0.1) / hopSeconds).rounded(.up)))
            return first <= last ? values[first...last] : []
        }
        // The tracker places beats on its tempo model's grid (whole hops apart, corrected every
        // few beats): each is moved to the onset it stands for — the nearest within a fifth of a
        // beat — where there is one.
        beats = snapped(beats, to: onsets)
        // Silence: below −60 dBFS mean power over the 150 ms about the beat.
        let silent = Float(Double(hopSize) * 1e-6)
        beats = beats.filter { t in
            let w = window(t, energy)
            return !w.isEmpty && w.reduce(0, +) / Float(w.count) > silent
        }
        // A beat's accent: the low energy from just before it to 100 ms after.
        let accents = beats.map { t in window(t, lowEnergy).reduce(0) { $0 + Double($1) } }
        return BeatGrid(beats: beats, accents: accents, beatsPerBar: beatsPerBar, duration: duration)
    }

    /// Each beat moved to the nearest onset within a fifth of the local beat period, if any.
    static func snapped(_ beats: [Double], to onsets: [Double]) -> [Double] {
        guard !onsets.isEmpty else { return beats }
        var out: [Double] = []
        var j = 0
        for (i, t) in beats.enumerated() {
            let period = i + 1 < beats.count ? beats[i + 1] - t : (i > 0 ? t - beats[i - 1] : 0.5)
            let reach = max(0.02, period / 5)
            while j < onsets.count && onsets[j] < t - reach { j += 1 }
            var best: Double?
            var k = j
            while k < onsets.count && onsets[k] <= t + reach {
                if best.map({ abs(onsets[k] - t) < abs($0 - t) }) ?? true { best = onsets[k] }
                k += 1
            }
            let moved = best ?? t
            if let last = out.last, moved <= last + 0.05 { continue }  // two beats on one onset
            out.append(moved)
        }
        return out
    }
}

extension MusicBeats {
    /// The beats of a playlist on the story's clock, as the story's mix plays it: the files one
    /// after another from the story's start, the last one looping (each pass its length less
    /// `MusicTrack.loopCrossfade`) until `until` seconds.
    public static func grid(playlist paths: [String], loopingLastUntil until: Double = longestAnalysed) throws -> BeatGrid? {
        var story: BeatGrid?
        var offset = 0.0
        for (k, path) in paths.enumerated() {
            var grid = try grid(path: path)
            if k == paths.count - 1, grid.duration > MusicTrack.loopCrossfade * 2 {
                grid = grid.looped(period: grid.duration - MusicTrack.loopCrossfade, until: max(grid.duration, until - offset))
            }
            story = story.map { $0.followed(by: grid, at: offset) } ?? grid
            offset += grid.duration
        }
        return story
    }
}
