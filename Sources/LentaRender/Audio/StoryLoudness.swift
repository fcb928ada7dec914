import Foundation
import LentaCore
import LentaMedia

/// Brings a story's sound to the output preset's loudness (EBU R128 / ITU-R BS.1770 integrated
/// loudness, -14 LUFS unless the preset says otherwise) with its true peak under -1 dBTP.
///
/// The mix is made once and kept (`SpilledSoundTrack`), so this is done in passes over it: it is
/// measured with libavfilter's `ebur128` (integrated loudness, true peak); the gain that closes
/// the gap is applied, followed by a true-peak limiter — `alimiter` run at 4× the rate
/// (192 kHz), where sample peaks are the true peaks BS.1770 measures, with its delay compensated;
/// when the limiter had work to do (and so took some loudness away), the result is measured again
/// and the gain corrected, at most twice. The limiter's ceiling sits `codecHeadroom` under the
/// target's, since AAC encoding adds a little to the peaks.
public enum StoryLoudness {
    /// A measurement: integrated loudness (LUFS), true peak (dBTP), loudness range (LU).
    public struct Measure: Hashable, Sendable {
        public var integrated: Double
        public var truePeak: Double
        public var range: Double
    }

    /// What is done to the sound: the gain, the filters that do it, and the measures before
    /// and after.
    public struct Plan: Sendable {
        public var gain: Double
        public var filters: String
        public var before: Measure
        public var after: Measure
        /// How many times the mix was read to measure it (each pass reads the kept mix again).
        public var passes: Int
    }

    /// dB left under the true-peak ceiling for the AAC encoder's overshoot.
    public static let codecHeadroom = 1.0
    /// The most the gain may raise a quiet story (a near-silent mix is not pumped up into hiss).
    public static let maximumGain = 20.0
    /// Samples sent through a graph at a time.
    static let chunk = 48_000

    /// The processing that brings the sound `makeSound` gives to `target` LUFS with its true
    /// peak under `ceiling` dBTP; nil when there is nothing to measure (silence).
    /// - Parameter makeSound: the sound track from its first sample (each pass reads it whole).
    public static func plan(target: Double, ceiling: Double, sampleCount: Int, sampleRate: Int,
                            makeSound: () throws -> StorySoundTrack) throws -> Plan? {
        let before = try measure(try makeSound(), filters: nil, sampleCount: sampleCount, sampleRate: sampleRate)
        guard before.integrated.isFinite, before.integrated > -69 else { return nil }
        var gain = min(maximumGain, target - before.integrated)
        var filters = chain(gain: gain, ceiling: ceiling - codecHeadroom)
        var after = try measure(try makeSound(), filters: filters, sampleCount: sampleCount, sampleRate: sampleRate)
        var passes = 2
        // The limiter lowers the loudness it touches: correct the gain by what was lost.
        for _ in 0..<2 where abs(after.integrated - target) > 0.3 && gain < maximumGain {
            gain = min(maximumGain, gain + target - after.integrated)
            filters = chain(gain: gain, ceiling: ceiling - codecHeadroom)
            after = try measure(try makeSound(), filters: filters, sampleCount: sampleCount, sampleRate: sampleRate)
            passes += 1
        }
        return Plan(gain: gain, filters: filters, before: before, after: after, passes: passes)
    }

    /// Gain, then a true-peak limiter at `ceiling` dBTP (at 192 kHz, back to the input's rate
    /// by `AudioFilterGraph`).
    static func chain(gain: Double, ceiling: Double) -> String {
        let limit = pow(10, ceiling / 20)
        return "aresample=192000,volume=\(decimal(gain))dB,"
            + "alimiter=limit=\(decimal(limit)):attack=2:release=50:level=false:latency=true"
    }

    /// Measures `sound` over its samples `0..<sampleCount`, after `filters` when given.
    public static func measure(_ sound: StorySoundTrack, filters: String?, sampleCount: Int, sampleRate: Int) throws -> Measure {
        let meter = "ebur128=peak=true:metadata=1"
        let graph = try AudioFilterGraph(filters: filters.map { "\($0),\(meter)" } ?? meter, sampleRate: sampleRate, channels: 2)
        var start = 0
        while start < sampleCount {
            let end = min(sampleCount, start + chunk)
            _ = try graph.process(try sound.samples(start..<end))
            start = end
        }
        _ = try graph.flush()
        let values = graph.lastMetadata
        func number(_ key: String) -> Double? { values[key].flatMap(Double.init) }
        let peak = number("lavfi.r128.true_peak") ?? 0
        return Measure(integrated: number("lavfi.r128.I") ?? -.infinity,
                       truePeak: peak > 0 ? 20 * log10(peak) : -.infinity,
                       range: number("lavfi.r128.LRA") ?? 0)
    }

    /// "%.6f" with a point, whatever the locale. By the C library, not `String(format:locale:)`:
    /// Foundation formats through ICU, and that one call paged in 2–4 MB of ICU's code and data
    /// for every render (lenta sets no C locale, so the point is the C locale's; a comma from a
    /// locale set by a library is turned back into one).
    static func decimal(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 48)
        let written = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.6f", $0) }
        guard written > 0, Int(written) < buffer.count else { return String(value) }
        let bytes = buffer.prefix(Int(written)).map { $0 == CChar(UInt8(ascii: ",")) ? UInt8(ascii: ".") : UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A sound track passed through a filter chain, sample for sample: the samples for a range are
/// the chain's output for that range, whatever delay the filters have (the input is read ahead
/// as far as needed, and the chain is flushed at the story's end). Ranges are asked in order.
public final class FilteredSoundTrack: StorySoundTrack {
    private let inner: StorySoundTrack
    private let graph: AudioFilterGraph
    private let sampleCount: Int
    private var read = 0
    private var pending: [Float] = []
    private var pendingStart = 0

    public init(_ inner: StorySoundTrack, filters: String, sampleCount: Int, sampleRate: Int) throws {
        self.inner = inner
        self.sampleCount = sampleCount
        graph = try AudioFilterGraph(filters: filters, sampleRate: sampleRate, channels: 2)
    }

    public var hasAudio: Bool { inner.hasAudio }

    public func samples(_ range: Range<Int>) throws -> [Float] {
        let wanted = range.count * 2
        while pending.count - pendingStart < wanted, read <= sampleCount {
            if read == sampleCount {
                pending += try graph.flush()
                read += 1
                break
            }
            let end = min(sampleCount, read + StoryLoudness.chunk / 10)
            pending += try graph.process(try inner.samples(read..<end))
            read = end
        }
        var out = [Float](repeating: 0, count: wanted)
        let available = min(wanted, pending.count - pendingStart)
        if available > 0 { out.replaceSubrange(0..<available, with: pending[pendingStart ..< pendingStart + available]) }
        pendingStart += available
        if pendingStart > 1 << 16 {
            pending.removeFirst(pendingStart)
            pendingStart = 0
        }
        return out
    }
}
