import Foundation
import LentaCore
import LentaMedia

/// One music file as a stream of samples from its `start`: played once, or looped with a short
/// equal-power crossfade where the end meets the beginning again (so the loop point has no click
/// and no gap). Samples are decoded ahead of those handed out, so that the end of the file is
/// known before it is reached: that is what lets the crossfade blend the last samples of a pass,
/// and a fade-out end exactly on a track's last sample.
final class AudioMusicTrack {
    let path: String
    let gain: Float
    let fadeInLength: Int
    let fadeOutLength: Int
    let loops: Bool
    let startSample: Int
    let crossfadeLength: Int

    private let decoder: AudioDecoder
    private var ahead: [Float] = []
    private var head = 0
    private var ended = false
    private var decodedThisPass = 0
    /// Samples handed out so far.
    private(set) var emitted = 0

    init(music: ResolvedMusic, sampleRate: Int, crossfadeLength: Int) throws {
        let track = music.track
        path = music.url.path
        gain = Float(track.volume ?? 1)
        fadeInLength = max(0, Rational(seconds: track.fadeIn ?? 0).audioSampleFloor(rate: sampleRate))
        fadeOutLength = max(0, Rational(seconds: track.fadeOut ?? 0).audioSampleFloor(rate: sampleRate))
        loops = track.loop ?? false
        startSample = max(0, Rational(seconds: track.start ?? 0).audioSampleFloor(rate: sampleRate))
        self.crossfadeLength = crossfadeLength
        decoder = try AudioDecoder(path: music.url.path)
        try decoder.seek(toSample: startSample)
    }

    /// How many samples must be decoded beyond those handed out.
    var lookahead: Int { max(fadeOutLength, crossfadeLength) + 1 }

    /// The number of samples this track plays in all, once its end has been decoded (never for a
    /// looping track, unless the file turned out to hold no sound).
    var knownLength: Int? { ended ? emitted + (ahead.count - head) / 2 : nil }

    /// The next `count` samples (interleaved stereo, at the file's own level); fewer only when
    /// the track ends.
    func pull(_ count: Int) throws -> [Float] {
        try fill(count + lookahead)
        let n = min(count, (ahead.count - head) / 2)
        let out = Array(ahead[head..<(head + 2 * n)])
        head += 2 * n
        emitted += n
        if head > 262_144 && head * 2 > ahead.count {
            ahead.removeSubrange(0..<head)
            head = 0
        }
        return out
    }

    private func fill(_ need: Int) throws {
        while (ahead.count - head) / 2 < need && !ended {
            let chunk = try decoder.read(upTo: 8192)
            if !chunk.isEmpty {
                ahead.append(contentsOf: chunk)
                decodedThisPass += chunk.count / 2
                continue
            }
            // The end of the file. A looping track starts again, unless a whole pass gave nothing.
            guard loops, decodedThisPass > 0 else {
                ended = true
                break
            }
            try wrap()
        }
    }

    /// Starts the next pass of a looping track, blending the last samples of this pass (still
    /// in `ahead`, thanks to the look-ahead) with the first ones of the next.
    private func wrap() throws {
        try decoder.seek(toSample: startSample)
        decodedThisPass = 0
        let tail = min(crossfadeLength, (ahead.count - head) / 2)
        let first = try decoder.read(upTo: tail)
        let blend = first.count / 2
        decodedThisPass += blend
        let base = ahead.count - 2 * blend
        for i in 0..<blend {
            let x = (Double(i) + 0.5) / Double(blend)
            let fadeOut = Float(AudioCurve.equalPower.value(1 - x)), fadeIn = Float(AudioCurve.equalPower.value(x))
            ahead[base + 2 * i] = ahead[base + 2 * i] * fadeOut + first[2 * i] * fadeIn
            ahead[base + 2 * i + 1] = ahead[base + 2 * i + 1] * fadeOut + first[2 * i + 1] * fadeIn
        }
    }
}

/// The project's music tracks one after another from the story's start, each faded in from its
/// own start and out to its own end — its last sample, or the story's when the story ends first
/// (always so for a looping track) — and cut at the story's end.
final class AudioMusicBed {
    private let tracks: [ResolvedMusic]
    private let sampleRate: Int
    private let crossfadeLength: Int
    let storyEnd: Int

    private var players: [AudioMusicTrack] = []
    private var current = 0
    private var currentStart = 0
    /// The next story sample `render` expects.
    private(set) var next = 0

    init(tracks: [ResolvedMusic], sampleRate: Int, crossfadeLength: Int, storyEnd: Int) throws {
        self.tracks = tracks
        self.sampleRate = sampleRate
        self.crossfadeLength = crossfadeLength
        self.storyEnd = storyEnd
        try reset()
    }

    private func reset() throws {
        players = try tracks.map {
            try AudioMusicTrack(music: $0, sampleRate: sampleRate, crossfadeLength: crossfadeLength)
        }
        current = 0
        currentStart = 0
        next = 0
    }

    /// The music (fades and volume applied) for `range` of the story, interleaved stereo.
    func render(_ range: Range<Int>) throws -> [Float] {
        if range.lowerBound < next { try reset() }
        if range.lowerBound > next { _ = try render(next..<range.lowerBound) }
        var out = [Float](repeating: 0, count: range.count * 2)
        var n = range.lowerBound
        while n < range.upperBound && current < players.count {
            let track = players[current]
            let want = range.upperBound - n
            let samples = try track.pull(want)
            let got = samples.count / 2
            let trackEnd = min(storyEnd, track.knownLength.map { currentStart + $0 } ?? storyEnd)
            let start = currentStart, offset = n - range.lowerBound, from = n
            let fadeIn = track.fadeInLength, fadeOut = track.fadeOutLength, gain = track.gain
            for k in 0..<got {
                let sample = from + k
                var g = gain
                let intoTrack = sample - start
                if intoTrack < fadeIn {
                    g *= Float(AudioCurve.equalPower.value((Double(intoTrack) + 0.5) / Double(fadeIn)))
                }
                let left = trackEnd - sample
                if left <= fadeOut {
                    g *= Float(AudioCurve.equalPower.value(max(0, Double(left) - 0.5) / Double(fadeOut)))
                }
                out[2 * (offset + k)] = samples[2 * k] * g
                out[2 * (offset + k) + 1] = samples[2 * k + 1] * g
            }
            n += got
            if got < want {
                current += 1
                currentStart = n
            }
        }
        next = range.upperBound
        return out
    }
}
