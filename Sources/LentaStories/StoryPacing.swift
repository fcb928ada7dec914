import LentaCore

/// The story's pace: how long each piece (the title card, each photo, each clip) lasts so that
/// the story moves with its music.
///
/// With a beat grid, every cut — and the midpoint of every transition — lands on a beat: the
/// k-th boundary is the beat nearest where the wanted lengths so far would put it (so the story
/// keeps the length it was chosen for, and no rounding drifts), at least half a wanted length
/// and one beat after the boundary before. A photo thus lasts a whole number of beats (plus half
/// of each transition it shares) near the wanted pace; a clip keeps its chosen start and ends on
/// the beat its source allows (moving its start earlier when its end would pass the source's)
/// and that does not fall inside an utterance — a clip where no beat lands in a pause keeps its
/// chosen end;
/// the story ends on a downbeat (the end of a bar), and the music then fades over that last bar
/// so no note is cut. A transition never outlasts half of either piece's share. Without a grid,
/// an even pace: every photo its wanted length, clips as chosen.
///
/// Times are whole microseconds — what a project file's decimals hold exactly — summed without
/// rounding, so the frames made of them land where the beats are.
public enum StoryPacing {
    /// One piece of the story in its order.
    public enum Piece: Sendable, Equatable {
        /// A picture that lasts as long as asked (a photo, the title card): its wanted length.
        case still(wanted: Double)
        /// A clip: the part chosen, how long its source is, and where people speak in it (a beat
        /// that would end the clip inside an utterance is not taken).
        case clip(trim: TrimRange, sourceLength: Double, speech: [Utterance] = [])
    }

    /// The pieces' lengths and what changed to put their boundaries on beats.
    public struct Result: Sendable, Equatable {
        /// Each piece's length in seconds (whole microseconds).
        public var lengths: [Double]
        /// Each clip's new part (nil for stills).
        public var trims: [TrimRange?]
        /// Each boundary's transition overlap (shortened where a piece got too short for it).
        public var overlaps: [Double]
        /// Each boundary's time on the story's clock: the cut, or the transition's midpoint.
        public var boundaries: [Double]
        /// Whether each boundary lies on a beat.
        public var onBeat: [Bool]
        /// The story's length.
        public var length: Double
        /// Whether the story ends on the first beat of a bar.
        public var endsOnDownbeat: Bool
        /// How long the music should fade out before the story's end: its last bar (nil without
        /// music).
        public var musicFadeOut: Double?
    }

    /// - Parameters:
    ///   - pieces: the story's pieces in order.
    ///   - overlaps: the wanted transition overlap after each piece but the last (0 for a cut).
    ///   - grid: the music's beats on the story's clock; nil (or empty) for an even pace.
    public static func pace(_ pieces: [Piece], overlaps wanted: [Double], grid: BeatGrid?) -> Result {
        let n = pieces.count
        guard n > 0 else {
            return Result(lengths: [], trims: [], overlaps: [], boundaries: [], onBeat: [], length: 0, endsOnDownbeat: false, musicFadeOut: nil)
        }
        // Microseconds; an overlap is a whole number of milliseconds so half of it is exact.
        var overlap = (0..<(n - 1)).map { k in k < wanted.count ? max(0, Int64((wanted[k] * 1000).rounded())) * 1000 : 0 }
        func before(_ i: Int) -> Int64 { i > 0 ? overlap[i - 1] : 0 }
        func after(_ i: Int) -> Int64 { i < n - 1 ? overlap[i] : 0 }
        func micro(_ s: Double) -> Int64 { Int64((s * 1_000_000).rounded()) }

        // The share of the story's clock each piece wants: its length less half of each transition.
        let wantedLength = pieces.map { piece -> Int64 in
            switch piece {
            case .still(let w): return micro(max(0, w))
            case .clip(let trim, _, _): return micro(max(0, trim.length))
            }
        }
        let share = (0..<n).map { max(0, wantedLength[$0] - (before($0) + after($0)) / 2) }

        var boundary = [Int64](repeating: 0, count: n)
        var onBeat = [Bool](repeating: false, count: n)
        var endsOnDownbeat = false
        var target: Int64 = 0
        var previous: Int64 = 0
        var previousBeat = -1
        let beats = (grid?.beats ?? []).map(micro)
        for i in 0..<n {
            target += share[i]
            let isLast = i == n - 1
            // The piece's share may range from half what it wants (one beat at least) to, for a
            // clip, what its source holds.
            var longest = Int64.max
            var speaks: (Int64) -> Bool = { _ in false }
            if case .clip(let trim, let source, let speech) = pieces[i] {
                longest = max(0, micro(source) - (before(i) + after(i)) / 2)
                // Whether ending the piece at story time `b` would cut the clip mid-utterance.
                if !speech.isEmpty {
                    let start = previous - before(i) / 2, sourceMicro = micro(source)
                    speaks = { b in
                        let length = b + after(i) / 2 - start
                        var from = micro(max(0, trim.start))
                        if from + length > sourceMicro { from = max(0, sourceMicro - length) }
                        return !SpeechCuts.isClean(Double(from) / 1_000_000, Double(from + length) / 1_000_000, speech)
                    }
                }
            }
            let shortest = max(share[i] / 2, 1)
            let candidates = beats.indices.filter { j in
                j > previousBeat && beats[j] - previous >= shortest && beats[j] - previous <= longest
                    && (!isLast || grid?.isDownbeat(j) == true) && !speaks(beats[j])
            }
            let chosen = grid?.nearest(to: Double(target) / 1_000_000, among: candidates)
                ?? (isLast ? grid?.nearest(to: Double(target) / 1_000_000, among: beats.indices.filter { j in
                    j > previousBeat && beats[j] - previous >= shortest && beats[j] - previous <= longest && !speaks(beats[j]) }) : nil)
            if let j = chosen {
                boundary[i] = beats[j]
                onBeat[i] = true
                previousBeat = j
                if isLast { endsOnDownbeat = grid?.isDownbeat(j) == true }
            } else {
                // Past the music, or a clip too short for the next beat: the piece as wanted.
                boundary[i] = previous + min(share[i], longest)
            }
            previous = boundary[i]
        }

        // Transitions no longer than half of either neighbouring share; too short to see is a cut.
        for k in 0..<(n - 1) {
            let left = boundary[k] - (k > 0 ? boundary[k - 1] : 0)
            let right = boundary[k + 1] - boundary[k]
            let limit = min(left, right) / 2
            if overlap[k] > limit {
                let shorter = limit / 100_000 * 100_000  // tenths of a second
                overlap[k] = shorter >= 100_000 ? shorter : 0
            }
        }

        var lengths: [Double] = [], trims: [TrimRange?] = []
        for i in 0..<n {
            let start = (i > 0 ? boundary[i - 1] : 0) - before(i) / 2
            let end = boundary[i] + after(i) / 2
            let length = end - start
            lengths.append(Double(length) / 1_000_000)
            switch pieces[i] {
            case .still:
                trims.append(nil)
            case .clip(let trim, let source, _):
                let sourceMicro = micro(source)
                var from = micro(max(0, trim.start))
                if from + length > sourceMicro { from = max(0, sourceMicro - length) }
                trims.append(TrimRange(Double(from) / 1_000_000, Double(from + length) / 1_000_000))
            }
        }
        let storyEnd = boundary[n - 1]
        var fade: Double?
        if let grid, let last = grid.beats.indices.last(where: { micro(grid.beats[$0]) <= storyEnd }), onBeat[n - 1] {
            fade = grid.barLength(endingAt: last)
        } else if let grid, !grid.isEmpty {
            fade = min(Double(storyEnd) / 1_000_000, (grid.beatPeriod ?? 0.5) * Double(grid.beatsPerBar))
        }
        return Result(lengths: lengths, trims: trims, overlaps: overlap.map { Double($0) / 1_000_000 },
                      boundaries: boundary.map { Double($0) / 1_000_000 }, onBeat: onBeat,
                      length: Double(storyEnd) / 1_000_000, endsOnDownbeat: endsOnDownbeat, musicFadeOut: fade)
    }
}
