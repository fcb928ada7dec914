import LentaCore

/// Where a clip's part may begin and end so that no one is cut off mid-sentence: never inside an
/// utterance. An end that falls inside one is moved into the pause beside it — out, extending the
/// part by at most `extensionLimit`, else in, shortening it (to no less than half its length);
/// when neither is possible the part is moved whole to the nearest pause it fits.
/// Each cut sits `pad` seconds into its pause (or at the middle of a shorter pause), where the
/// voice has faded.
public enum SpeechCuts {
    /// Seconds a part may grow at each end to reach a pause.
    public static let extensionLimit = 2.5
    /// Seconds between a cut and the voice, when the pause allows.
    public static let pad = 0.15
    /// A cut closer than this to a voice counts as inside it (a detector's edges are a frame or
    /// two off, and a breath before a word is part of it).
    public static let guardBand = 0.1

    /// `part` of a `duration`-second clip with its ends in pauses of `speech`.
    public static func fitted(_ part: TrimRange, duration: Double, speech: [Utterance]) -> TrimRange {
        guard !speech.isEmpty else { return part }
        let length = part.length
        var start = part.start, end = part.end
        if let u = speech.containing(start, margin: -guardBand) {
            let earlier = cutBefore(u, in: speech)
            let later = cutAfter(u, in: speech, duration: duration)
            if start - earlier <= extensionLimit { start = earlier } else if end - later >= length / 2 { start = later }
        }
        if let u = speech.containing(end, margin: -guardBand) {
            let later = cutAfter(u, in: speech, duration: duration)
            let earlier = cutBefore(u, in: speech)
            if later - end <= extensionLimit { end = later } else if earlier - start >= length / 2 { end = earlier }
        }
        if !isClean(start, end, speech) {
            // Slide the part whole to the nearest placement whose ends both lie in pauses.
            let pauses = self.pauses(in: speech, duration: duration)
            var best: TrimRange?
            for p in pauses {
                for candidate in [p, p - length] where candidate >= 0 && candidate + length <= duration + 1e-9 {
                    if isClean(candidate, candidate + length, speech),
                       best.map({ abs(candidate - part.start) < abs($0.start - part.start) }) ?? true {
                        best = TrimRange(candidate, candidate + length)
                    }
                }
            }
            if let best { return best }
            return part  // speech from end to end: nothing better than as chosen
        }
        return TrimRange(max(0, start), min(duration, end))
    }

    /// Whether neither end lies inside an utterance.
    public static func isClean(_ start: Double, _ end: Double, _ speech: [Utterance]) -> Bool {
        speech.containing(start, margin: -guardBand) == nil && speech.containing(end, margin: -guardBand) == nil
    }

    /// The cut just before `u`: `pad` into the pause before it, or the pause's middle.
    static func cutBefore(_ u: Utterance, in speech: [Utterance]) -> Double {
        let previousEnd = speech.last { $0.end <= u.start + 1e-9 && $0 != u }?.end ?? -Double.infinity
        return max(0, max(u.start - pad, (previousEnd + u.start) / 2))
    }

    /// The cut just after `u`.
    static func cutAfter(_ u: Utterance, in speech: [Utterance], duration: Double) -> Double {
        let nextStart = speech.first { $0.start >= u.end - 1e-9 && $0 != u }?.start ?? Double.infinity
        return min(duration, min(u.end + pad, (u.end + nextStart) / 2))
    }

    /// Every place a cut may fall next to speech: just before and just after each utterance.
    static func pauses(in speech: [Utterance], duration: Double) -> [Double] {
        speech.flatMap { [cutBefore($0, in: speech), cutAfter($0, in: speech, duration: duration)] }
    }
}
