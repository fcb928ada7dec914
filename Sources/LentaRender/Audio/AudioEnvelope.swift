import Foundation
import LentaCore

/// The shape of a fade, as a gain for a position `x` in [0, 1] through it (0 at its start).
enum AudioCurve: Sendable {
    /// `sin(x·π/2)`, rising; falling is `cos(x·π/2)`. A rising and a falling one over the same
    /// samples keep the summed power of two unrelated sounds constant (no dip, no bump): used for
    /// the sound of transitions, the loop point of music, and music fades (where it is
    /// FFmpeg's `qsin`: the sound holds on, then goes).
    case equalPower
    /// `0.5 − 0.5·cos(x·π)`: starts and ends with zero slope, for the few-millisecond fades at
    /// cuts and for ducking ramps.
    case smooth

    @inline(__always)
    func value(_ x: Double) -> Double {
        switch self {
        case .equalPower: return sin(x * .pi / 2)
        case .smooth: return 0.5 - 0.5 * cos(x * .pi)
        }
    }
}

/// A fade over the absolute samples `[start, start + length)`: rising (0 before, 1 after) or
/// falling (1 before, 0 after). Sample `n` is taken at its centre, `x = (n − start + ½) / length`,
/// so that a rising and a falling fade over the same samples are exact partners.
struct AudioRamp: Sendable {
    var start: Int
    var length: Int
    var rising: Bool
    var curve: AudioCurve

    var end: Int { start + length }

    @inline(__always)
    func gain(at n: Int) -> Double {
        if n < start { return rising ? 0 : 1 }
        if n >= start + length { return rising ? 1 : 0 }
        let x = (Double(n - start) + 0.5) / Double(length)
        return curve.value(rising ? x : 1 - x)
    }

    /// Whether the fade changes anything within `range`.
    func touches(_ range: Range<Int>) -> Bool {
        rising ? range.lowerBound < end : range.upperBound > start
    }
}

/// Music ducking: the gain the music takes while clips with sound play. Each interval of clip
/// sound holds the music at `depth`; the music glides down over `attack` samples *before* the
/// interval starts (the story is known ahead, so the clip's first word is not masked) and back up
/// over `release` samples after it ends, on smooth (raised-cosine) ramps. Intervals closer than
/// `attack + release` are merged, so the music does not pump up and down between them.
struct AudioDucking: Sendable {
    let depth: Double
    let attack: Int
    let release: Int
    let intervals: [Range<Int>]

    init(intervals: [Range<Int>], depth: Double, attack: Int, release: Int) {
        self.depth = depth
        self.attack = max(0, attack)
        self.release = max(0, release)
        var merged: [Range<Int>] = []
        for r in intervals.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, r.lowerBound - last.upperBound < attack + release {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        self.intervals = merged
    }

    /// The intervals whose ramps reach into `range`.
    func intervals(near range: Range<Int>) -> [Range<Int>] {
        intervals.filter { $0.lowerBound - attack < range.upperBound && $0.upperBound + release > range.lowerBound }
    }

    @inline(__always)
    static func gain(at n: Int, interval r: Range<Int>, depth: Double, attack: Int, release: Int) -> Double {
        if n >= r.lowerBound && n < r.upperBound { return depth }
        if n < r.lowerBound {
            let d = r.lowerBound - n  // 1 … attack
            guard d <= attack, attack > 0 else { return 1 }
            return depth + (1 - depth) * AudioCurve.smooth.value((Double(d) - 0.5) / Double(attack))
        }
        let d = n - r.upperBound + 1  // 1 … release
        guard d <= release, release > 0 else { return 1 }
        return depth + (1 - depth) * AudioCurve.smooth.value((Double(d) - 0.5) / Double(release))
    }

    /// The music's gain at each sample of `range`, or nil when it is 1 throughout.
    func gains(for range: Range<Int>) -> [Float]? {
        let near = intervals(near: range)
        guard !near.isEmpty else { return nil }
        var gains = [Float](repeating: 1, count: range.count)
        for r in near {
            let from = max(range.lowerBound, r.lowerBound - attack), to = min(range.upperBound, r.upperBound + release)
            guard from < to else { continue }
            for n in from..<to {
                let g = Float(Self.gain(at: n, interval: r, depth: depth, attack: attack, release: release))
                let i = n - range.lowerBound
                if g < gains[i] { gains[i] = g }
            }
        }
        return gains
    }
}

/// Keeps the sum inside [−1, 1] without a hard edge: samples up to `knee` pass unchanged; above
/// it, `knee + (1 − knee)·tanh((|x| − knee)/(1 − knee))`, which meets the line with the same slope
/// and never reaches 1. Stateless, so the result does not depend on how the story is chunked.
enum AudioLimiter {
    static let knee: Float = 0.9

    @inline(__always)
    static func limit(_ x: Float) -> Float {
        let a = abs(x)
        guard a > knee else { return x }
        let y = knee + (1 - knee) * tanh((a - knee) / (1 - knee))
        return x < 0 ? -y : y
    }
}

extension Rational {
    /// `floor(self × rate)`: the sample at or before this time.
    func audioSampleFloor(rate: Int) -> Int { Int((self * Rational(Int64(rate))).floor) }
}
