import Foundation
import LentaCore

/// Finds where people speak in a sound fed to it chunk by chunk (interleaved stereo Float32 at
/// the detector's rate, as `AudioDecoder` reads it): mixed to mono, high-passed at 300 Hz (below
/// lie wind rumble and engine hum, above the formants that make words — without it WebRTC's
/// detector took wind and traffic 10 dB under the speech for speech in 97% of frames), cut
/// into 16-bit frames judged by the detector, the decisions then smoothed into utterances
/// (`Utterances.smoothed`).
public final class SpeechFinder<Detector: VoiceFrameDetector> {
    public let detector: Detector
    /// The high-pass below the speech band.
    public static var cutoff: Double { 300 }
    private var filter: Biquad
    private var pending: [Int16] = []
    /// One decision per frame, in order.
    public private(set) var decisions: [Bool] = []
    /// Each frame's level in dB (of the high-passed sound).
    private var levels: [Double] = []
    private var energy: Double = 0
    /// Set when the detector failed: no speech is then claimed for the clip.
    public private(set) var failure: Error?

    public init(detector: Detector) {
        self.detector = detector
        filter = Biquad(highPass: Self.cutoff, rate: Double(detector.sampleRate))
        pending.reserveCapacity(detector.frameLength * 2)
    }

    /// Seconds per decision.
    public var frameSeconds: Double { Double(detector.frameLength) / Double(detector.sampleRate) }

    public func feed(stereo chunk: [Float]) {
        guard failure == nil else { return }
        var i = 0
        while i + 1 < chunk.count {
            let mono = filter.run((chunk[i] + chunk[i + 1]) * 0.5)
            energy += Double(mono * mono)
            pending.append(Int16(max(-32768, min(32767, (mono * 32767).rounded()))))
            i += 2
            if pending.count == detector.frameLength {
                do {
                    let speech = try pending.withUnsafeBufferPointer { try detector.isSpeech($0) }
                    decisions.append(speech)
                    levels.append(10 * log10(energy / Double(detector.frameLength) + 1e-12))
                    energy = 0
                } catch {
                    failure = error
                    return
                }
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The utterances found (the last partial frame is left out: under 30 ms); nil when the
    /// detector failed.
    public func utterances() -> [Utterance]? {
        guard failure == nil else { return nil }
        let step = frameSeconds
        return Utterances.smoothed(decisions, frameSeconds: step).filter { u in
            let frames = levels[min(levels.count, Int(u.start / step))..<min(levels.count, Int((u.end / step).rounded(.up)))]
            return Utterances.isModulated(Array(frames))
        }
    }
}

/// Frame decisions → utterances, as a listener hears them: a voice detector's frames flicker
/// (a plosive's silence, a breath, a gust that sounds like a vowel), a sentence does not.
public enum Utterances {
    /// Frames on each side a decision is taken over: a frame is speech when most of the 7 around
    /// it (210 ms at 30 ms) are — a lone gust is dropped, a stop consonant's gap bridged.
    public static let majorityRadius = 3
    /// Pauses shorter than this are within an utterance (between words); longer ones are where
    /// a cut may fall.
    public static let minimumPause = 0.3
    /// Shorter bursts are not speech (a cough, a clatter, a car's whoosh).
    public static let minimumUtterance = 0.25
    /// Added to each end: none, as WebRTC's detector holds a voice a few frames past its last
    /// vowel itself (found ends were 0.1–0.2 s late with 60 ms more).
    public static let hangover = 0.0

    public static func smoothed(_ decisions: [Bool], frameSeconds: Double) -> [Utterance] {
        let n = decisions.count
        guard n > 0 else { return [] }
        // Majority over a window, by prefix sums.
        var prefix = [Int](repeating: 0, count: n + 1)
        for i in 0..<n { prefix[i + 1] = prefix[i] + (decisions[i] ? 1 : 0) }
        var runs: [(Int, Int)] = []  // [first, last + 1) frames
        var start: Int?
        for i in 0..<n {
            let a = max(0, i - majorityRadius), b = min(n, i + majorityRadius + 1)
            let speech = 2 * (prefix[b] - prefix[a]) > b - a
            if speech, start == nil { start = i }
            if !speech, let s = start { runs.append((s, i)); start = nil }
        }
        if let s = start { runs.append((s, n)) }
        let total = Double(n) * frameSeconds
        var spans: [Utterance] = []
        for (a, b) in runs {
            let span = Utterance(max(0, Double(a) * frameSeconds - hangover), min(total, Double(b) * frameSeconds + hangover))
            if let last = spans.last, span.start - last.end < minimumPause {
                spans[spans.count - 1].end = span.end
            } else {
                spans.append(span)
            }
        }
        return spans.filter { $0.length >= minimumUtterance }.map { Utterance(tidy($0.start), tidy($0.end)) }
    }

    /// Speech rises and falls with its syllables, some four a second: its frames' levels spread
    /// over more than this many dB. A held note, a tone, an engine's steady hum that the detector
    /// took for a voice do not.
    public static let minimumSpread = 4.0

    /// Whether frame levels (dB) vary as speech does: their standard deviation over `minimumSpread`.
    static func isModulated(_ levels: [Double]) -> Bool {
        guard levels.count > 1 else { return false }
        let mean = levels.reduce(0, +) / Double(levels.count)
        let variance = levels.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(levels.count)
        return variance.squareRoot() >= minimumSpread
    }

    /// Milliseconds, so the catalog's JSON reads well.
    static func tidy(_ t: Double) -> Double { (t * 1000).rounded() / 1000 }
}

/// A second-order Butterworth high-pass (RBJ's cookbook biquad, direct form I).
struct Biquad {
    private var b0: Float, b1: Float, b2: Float, a1: Float, a2: Float
    private var x1: Float = 0, x2: Float = 0, y1: Float = 0, y2: Float = 0

    init(highPass cutoff: Double, rate: Double) {
        let w = 2 * Double.pi * cutoff / rate, alpha = sin(w) / (2 * 0.5.squareRoot()), c = cos(w)
        let a0 = 1 + alpha
        b0 = Float((1 + c) / 2 / a0); b1 = Float(-(1 + c) / a0); b2 = b0
        a1 = Float(-2 * c / a0); a2 = Float((1 - alpha) / a0)
    }

    mutating func run(_ x: Float) -> Float {
        let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2 = x1; x1 = x; y2 = y1; y1 = y
        return y
    }
}
