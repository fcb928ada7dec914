/// The beats of a story's music on the story's clock (seconds from the story's start), and where
/// its bars begin: what cuts are placed on. Found from the music (LentaMedia's `MusicBeats`) each
/// time it is needed, never stored: a project keeps the durations that came of it.
public struct BeatGrid: Sendable, Equatable {
    /// Beat times in seconds, strictly increasing.
    public private(set) var beats: [Double]
    /// Whether each beat starts a bar (a downbeat).
    public private(set) var startsBar: [Bool]
    /// Beats in a bar (4 for the 4/4 of nearly all popular music).
    public let beatsPerBar: Int
    /// How long the music lasts, in seconds (beats lie within it).
    public let duration: Double

    /// - Parameters:
    ///   - beats: beat times in seconds, increasing (beats closer than 0.1 ms to the one before,
    ///     negative or beyond `duration` are dropped).
    ///   - barPhase: which of the first `beatsPerBar` beats starts a bar; every `beatsPerBar`-th
    ///     beat from it does too.
    public init(beats: [Double], beatsPerBar: Int = 4, barPhase: Int = 0, duration: Double) {
        let bar = max(1, beatsPerBar)
        let phase = ((barPhase % bar) + bar) % bar
        let flags = beats.indices.map { $0 >= phase && ($0 - phase) % bar == 0 }
        self.init(beats: beats, startsBar: flags, beatsPerBar: bar, duration: duration)
    }

    /// Beats with their downbeats given one by one.
    public init(beats: [Double], startsBar: [Bool], beatsPerBar: Int = 4, duration: Double) {
        var kept: [Double] = [], flags: [Bool] = []
        for (i, t) in beats.enumerated() where t.isFinite && t >= 0 && t <= duration {
            if let last = kept.last, t - last < 1e-4 { continue }
            kept.append(t)
            flags.append(i < startsBar.count ? startsBar[i] : false)
        }
        self.beats = kept
        self.startsBar = flags
        self.beatsPerBar = max(1, beatsPerBar)
        self.duration = max(0, duration)
    }

    /// Bars from accents: of the `beatsPerBar` ways to group the beats into bars, the one whose
    /// first beats are the most accented on average (a bar's first beat carries its weight: the
    /// kick, the chord change). `accents[i]` is how strongly beat `i` sounds.
    public init(beats: [Double], accents: [Double], beatsPerBar: Int = 4, duration: Double) {
        let bar = max(1, beatsPerBar)
        var best = 0, bestMean = -Double.infinity
        for phase in 0..<bar {
            var sum = 0.0, count = 0
            for i in stride(from: phase, to: min(beats.count, accents.count), by: bar) {
                sum += accents[i]
                count += 1
            }
            let mean = count > 0 ? sum / Double(count) : -Double.infinity
            if mean > bestMean + 1e-12 {
                bestMean = mean
                best = phase
            }
        }
        self.init(beats: beats, beatsPerBar: bar, barPhase: best, duration: duration)
    }

    public var isEmpty: Bool { beats.isEmpty }

    /// Whether beat `i` starts a bar.
    public func isDownbeat(_ i: Int) -> Bool { startsBar.indices.contains(i) && startsBar[i] }

    /// The typical time between beats (the median), nil with fewer than two beats.
    public var beatPeriod: Double? {
        guard beats.count >= 2 else { return nil }
        let gaps = zip(beats.dropFirst(), beats).map { $0 - $1 }.sorted()
        return gaps[gaps.count / 2]
    }

    /// Beats per minute, from the typical period.
    public var tempo: Double? { beatPeriod.map { 60 / $0 } }

    /// The index of the beat nearest `time` among `candidates` (indices into `beats`); ties go to
    /// the earlier beat. Nil when there is none.
    public func nearest(to time: Double, among candidates: some Sequence<Int>) -> Int? {
        var best: Int?
        var bestDistance = Double.infinity
        for i in candidates where beats.indices.contains(i) {
            let d = abs(beats[i] - time)
            if d < bestDistance - 1e-12 {
                best = i
                bestDistance = d
            }
        }
        return best
    }

    /// The length of the bar that ends at beat `i`: back to the downbeat before it, or
    /// `beatsPerBar` beats back when there is none.
    public func barLength(endingAt i: Int) -> Double {
        guard beats.indices.contains(i), i > 0 else { return (beatPeriod ?? 0) * Double(beatsPerBar) }
        var k = i - 1
        while k > 0 && !startsBar[k] && i - k < beatsPerBar { k -= 1 }
        return beats[i] - beats[k]
    }

    /// This grid followed by `next` starting at `offset` seconds (the next track of a playlist,
    /// or the next pass of a looping one); each keeps its own bars.
    public func followed(by next: BeatGrid, at offset: Double) -> BeatGrid {
        let last = beats.last ?? -1
        var joinedBeats = beats, joinedFlags = startsBar
        for (t, flag) in zip(next.beats, next.startsBar) where t + offset > last + 1e-4 {
            joinedBeats.append(t + offset)
            joinedFlags.append(flag)
        }
        return BeatGrid(beats: joinedBeats, startsBar: joinedFlags, beatsPerBar: beatsPerBar,
                        duration: max(duration, offset + next.duration))
    }

    /// The grid played `period` seconds apart again and again until `end` (a looping track whose
    /// passes overlap by a short crossfade: the period is its length less the crossfade).
    public func looped(period: Double, until end: Double) -> BeatGrid {
        guard period > 0, !beats.isEmpty else { return self }
        let keep = beats.filter { $0 < period - 1e-4 }.count
        let pass = BeatGrid(beats: Array(beats.prefix(keep)), startsBar: Array(startsBar.prefix(keep)),
                            beatsPerBar: beatsPerBar, duration: period)
        var grid = pass
        var offset = period
        while offset < end {
            grid = grid.followed(by: pass, at: offset)
            offset += period
        }
        return grid
    }
}
