import LentaCore

/// The best part of a clip: where something happens (the bits its encoder spent, which follow
/// motion; scene changes between keyframes; the sound's energy: voices, music, a wave
/// breaking; people speaking), not a dark, blurred or shaky opening — and, where people speak,
/// beginning and ending in pauses (`SpeechCuts`): each window is fitted to the speech before it
/// is scored.
public enum ClipMoment {
    /// Frames per second from which a clip was shot for slow motion (phones shoot 120 or 240).
    public static let slowMotionRate = 100.0
    /// The story rate slow motion is slowed to (every output preset's 30 fps).
    public static let storyRate = 30.0
    /// Source seconds of a slow-motion clip a story plays.
    public static let slowMotionSeconds = 1.0

    /// The speed a clip shot at `frameRate` plays at: slowed to the story's rate (240 fps: ⅛,
    /// held at `speed`'s least, ¼), or nil for a clip at an ordinary rate — or one whose
    /// container says otherwise (`tags`): meant to play at its full frame rate (Apple's intent
    /// 1: a high-frame-rate clip shot for smoothness), or captured at a rate it is not stored
    /// at (Android's capture rate: a high-speed recording whose slowing is already in its
    /// timestamps plays slowed as it is, a time-lapse is not slow motion). A capture rate the
    /// file is stored at is the rate slowed from.
    public static func slowMotionSpeed(frameRate: Double?, tags: SlowMotionTags? = nil) -> Double? {
        if tags?.fullFrameRatePlayback == true { return nil }
        var rate = frameRate
        if let capture = tags?.captureFrameRate {
            guard let stored = frameRate, stored >= capture * 0.9 else { return nil }
            rate = capture
        }
        guard let rate, rate >= slowMotionRate else { return nil }
        return max(ProjectLimits.speed.lowerBound, storyRate / rate)
    }

    /// The `length`-second part of a `duration`-second clip worth showing, `[in, out]`.
    /// Without activity (a clip that could not be analysed), its start.
    public static func best(duration: Double, length: Double, activity: ClipActivity?) -> TrimRange {
        let length = min(length, duration)
        guard let activity, duration - length > 0.25 else { return TrimRange(0, Self.tidy(length)) }
        let bits = activity.bitsPerBucket
        let peak = max(bits.max() ?? 0, 1)
        let sharpnesses = activity.samples.map(\.sharpness).sorted()
        let medianSharpness = sharpnesses.isEmpty ? 0 : sharpnesses[sharpnesses.count / 2]

        /// A per-bucket measure over the window against `scale`: each bucket weighted by how much
        /// of it the window covers; 0 for a window that covers none.
        func windowMean(_ values: [Double], _ start: Double, _ end: Double, against scale: Double) -> Double {
            var sum = 0.0, covered = 0.0
            for (k, value) in values.enumerated() {
                let a = Double(k) * activity.bucketSeconds, b = a + activity.bucketSeconds
                let overlap = max(0, min(b, end) - max(a, start))
                sum += value * overlap; covered += overlap
            }
            return covered > 0 ? sum / covered / scale : 0
        }
        /// Bits spent in the window against the clip's busiest bucket.
        func motion(_ start: Double, _ end: Double) -> Double { windowMean(bits, start, end, against: peak) }
        let loudness = activity.loudness ?? []
        let loudest = loudness.max() ?? 0
        /// Sound energy in the window against the clip's loudest bucket, 0…1; 0 without sound.
        func sound(_ start: Double, _ end: Double) -> Double {
            guard loudest > 0.001 else { return 0 }
            return windowMean(loudness, start, end, against: loudest)
        }
        let speech = activity.speech ?? []
        func score(_ start: Double, _ end: Double) -> Double {
            var s = motion(start, end)
            s += 0.5 * sound(start, end)  // sound counts half as much as motion
            // People talking is a moment: a part full of speech counts as much as the most motion.
            if !speech.isEmpty { s += speech.spoken(from: start, to: end) / max(0.001, end - start) }
            let inside = activity.samples.filter { $0.time >= start - 0.01 && $0.time < end }
            s += 0.5 * (inside.map(\.change).max() ?? 0) * 4  // a scene change (a quarter of the range) counts as much as motion
            // What the window opens on: the keyframe nearest its start.
            if let opening = activity.samples.min(by: { abs($0.time - start) < abs($1.time - start) }), abs(opening.time - start) <= 1.5 {
                if opening.brightness < 0.1 || opening.crushed > 0.6 { s -= 1 }
                if medianSharpness > 0, opening.sharpness < 0.5 * medianSharpness { s -= 0.5 }
            }
            let dark = inside.filter { $0.brightness < 0.1 || $0.crushed > 0.6 }.count
            if !inside.isEmpty { s -= Double(dark) / Double(inside.count) }
            // The first half second is where a phone is still being raised.
            if start < 0.5 { s -= 0.2 }
            return s
        }
        var best = (part: TrimRange(0, length), score: -Double.infinity)
        var start = 0.0
        while start + length <= duration + 1e-9 {
            let part = SpeechCuts.fitted(TrimRange(start, start + length), duration: duration, speech: speech)
            let s = score(part.start, part.end)
            if s > best.score + 1e-9 { best = (part, s) }
            start += 0.25
        }
        return TrimRange(Self.tidy(best.part.start), Self.tidy(best.part.end))
    }

    /// To the millisecond, so the project file reads well.
    static func tidy(_ t: Double) -> Double { (t * 1000).rounded(.down) / 1000 }
}
