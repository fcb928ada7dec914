/// A story laid out on exact frame and sample boundaries.
///
/// Every item has a nominal length (a photo's `duration`, a clip's `trim` length, the title
/// card's duration). A transition between two neighbours overlaps them by its duration (a cut
/// overlaps by nothing). Start times are summed exactly in rationals over the whole story, and
/// only then turned into frames with `floor(t × fps)` and into audio samples with
/// `floor(t × rate)`; so no per-clip rounding accumulates and a 40-item story is exactly as long
/// as the project says.
public struct StoryTimeline: Sendable, Equatable {
    /// One piece of the story: the title card, an item, or the route interlude before an item.
    public struct Segment: Sendable, Equatable {
        public enum Content: Sendable, Equatable {
            case titleCard
            case item(index: Int)
            case routeInterlude(beforeItem: Int)
        }
        public var content: Content
        /// Exact start and length in seconds on the story's clock.
        public var start: Rational
        public var length: Rational
        public var end: Rational { start + length }
        /// Frames `[firstFrame, endFrame)` show this segment (alone or in a transition).
        public var firstFrame: Int
        public var endFrame: Int
        /// Audio samples `[firstSample, endSample)` at the timeline's sample rate.
        public var firstSample: Int
        public var endSample: Int
        /// The transition into the next segment and its exact overlap (zero for a cut).
        public var transitionOut: ProjectTransition
        public var overlapOut: Rational
    }

    public var fps: Rational
    public var sampleRate: Int
    public var segments: [Segment]
    /// The story's exact length, and its length in frames and samples.
    public var length: Rational
    public var frameCount: Int
    public var sampleCount: Int

    /// Lays out a project (its `pieces`). `itemLength` gives each item's nominal length in seconds
    /// (photos: their duration; clips: the trim length, or the clip's own length when untrimmed).
    public init(project: ProjectFile, fps: Rational, sampleRate: Int = 48_000, itemLength: (Int) -> Double) {
        self.fps = fps
        self.sampleRate = sampleRate
        let pieces: [(Segment.Content, Rational, ProjectTransition)] = project.pieces.map { piece in
            var length = piece.nominalLength ?? 0
            if case .item(let index) = piece.content { length = itemLength(index) }
            return (piece.content, Rational(seconds: length), piece.transitionOut)
        }
        var segments: [Segment] = []
        var start = Rational(0)
        let rate = Rational(Int64(sampleRate))
        for (k, piece) in pieces.enumerated() {
            let isLast = k == pieces.count - 1
            let overlap = isLast || piece.2.type == .cut ? Rational(0) : Rational(seconds: piece.2.duration ?? ProjectTransition.defaultDuration)
            let end = start + piece.1
            segments.append(Segment(content: piece.0, start: start, length: piece.1,
                                    firstFrame: Int((start * fps).floor), endFrame: Int((end * fps).floor),
                                    firstSample: Int((start * rate).floor), endSample: Int((end * rate).floor),
                                    transitionOut: isLast ? .cut : piece.2, overlapOut: overlap))
            start = end - overlap
        }
        self.segments = segments
        length = segments.last?.end ?? Rational(0)
        frameCount = Int((length * fps).floor)
        sampleCount = Int((length * rate).floor)
    }

    /// The exact time of frame `n` on the story's clock: `n / fps`.
    public func time(ofFrame n: Int) -> Rational { Rational(Int64(n)) / fps }

    /// The segments visible in frame `n`: one, or two during a transition (outgoing first).
    public func segments(atFrame n: Int) -> [Int] {
        segments.indices.filter { segments[$0].firstFrame <= n && n < segments[$0].endFrame }
    }
}
