/// A stretch of a clip's sound where someone speaks, `[start, end)` in seconds from the clip's
/// start (its first video timestamp, as `AudioDecoder` counts), pauses shorter than a breath
/// already bridged.
public struct Utterance: Hashable, Codable, Sendable {
    public var start: Double
    public var end: Double

    public init(_ start: Double, _ end: Double) {
        self.start = start
        self.end = end
    }

    public var length: Double { end - start }

    /// Whether `time` falls strictly inside (a cut there would split a word or a sentence);
    /// `margin` seconds at each end count as outside, where the voice is already fading.
    public func contains(_ time: Double, margin: Double = 0) -> Bool {
        time > start + margin && time < end - margin
    }
}

extension Array where Element == Utterance {
    /// The utterance `time` falls inside, if any.
    public func containing(_ time: Double, margin: Double = 0) -> Utterance? {
        first { $0.contains(time, margin: margin) }
    }

    /// Seconds of speech inside `[from, to)`.
    public func spoken(from: Double, to: Double) -> Double {
        reduce(0) { $0 + Swift.max(0, Swift.min($1.end, to) - Swift.max($1.start, from)) }
    }
}
