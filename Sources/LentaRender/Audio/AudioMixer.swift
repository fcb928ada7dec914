import Foundation
import LentaCore
import LentaMedia

/// The story's sound: music under the whole story, each clip's own sound on its segment, mixed
/// to interleaved Float32 stereo at the timeline's sample rate (48 kHz), sample-exact on the
/// timeline's `firstSample`/`endSample`.
///
/// - Music tracks play one after another from the story's start, each from `start` seconds into
///   its file, at `volume`; a track with `loop` repeats until the story ends, with a 20 ms
///   equal-power crossfade at each loop point; the music is cut at the story's end. `fadeIn`
///   rises from a track's start (the story's start for the first) and `fadeOut` ends on its last
///   sample (the story's last sample for a looping track or one the story cuts short). Music
///   fades are equal-power (quarter-sine, FFmpeg's `qsin`).
/// - A clip's sound plays at its item's `volume` (default 1) on its segment's samples, starting
///   at sample `floor(trimIn × 48000)` of its sound. Over a transition the outgoing clip's sound
///   fades out and the incoming one's fades in across the overlap (equal-power sine/cosine, so
///   the loudness holds); at a cut each side gets a 5 ms raised-cosine fade, so there is no click.
///   Photos, the title card, and clips without an audio stream (or with volume 0) are silent.
/// - While a clip with sound plays, the music ducks by 12 dB, gliding down over the 0.3 s before
///   the clip starts and back up over the 0.3 s after it ends (raised-cosine ramps); clips less
///   than 0.6 s apart share one duck. While someone speaks in it (`ClipSpeech`: WebRTC's voice
///   detector on the part played), the music goes down to −24 dB, over the 0.15 s before each
///   utterance and back over the 0.3 s after; utterances less than 0.45 s apart share one.
/// - The sum goes through a soft limiter (unchanged up to 0.9, then a tanh knee that never
///   reaches 1), so it stays inside [−1, 1].
///
/// `samples(_:)` is meant to be called with consecutive ranges (any chunk size; the result does
/// not depend on it). Decoders are opened when their sound is reached and closed after it.
public final class AudioMixer {
    public static let duckingDecibels = -12.0
    public static let duckingAttack = 0.3
    public static let duckingRelease = 0.3
    public static let speechDuckingDecibels = -24.0
    public static let speechDuckingAttack = 0.15
    public static let cutFade = 0.005
    public static let loopCrossfade = MusicTrack.loopCrossfade

    /// Samples in the whole story: `timeline.sampleCount`.
    public let sampleCount: Int
    public let sampleRate: Int
    /// Whether there is anything to hear: some music, or a clip with sound.
    public let hasAudio: Bool

    private let music: AudioMusicBed?
    private let clips: [AudioClipTrack]
    private let ducking: AudioDucking
    private let speechDucking: AudioDucking

    /// Opens every music file (a missing or unreadable one is an error naming it); a clip is
    /// mixed when the resolved story found it a video with a sound track that can be decoded.
    public init(story: ResolvedStory, timeline: StoryTimeline) throws {
        guard timeline.sampleRate == AudioDecoder.sampleRate else {
            throw RenderError("audio mix: the timeline's sample rate is \(timeline.sampleRate) Hz; the mix is made at \(AudioDecoder.sampleRate) Hz")
        }
        let rate = timeline.sampleRate
        sampleRate = rate
        sampleCount = timeline.sampleCount

        let tracks = story.music
        music = tracks.isEmpty ? nil : try AudioMusicBed(
            tracks: tracks, sampleRate: rate,
            crossfadeLength: Int(Self.loopCrossfade * Double(rate)), storyEnd: timeline.sampleCount)

        let cutLength = Int(Self.cutFade * Double(rate))
        var clips: [AudioClipTrack] = []
        let segments = timeline.segments
        for (k, segment) in segments.enumerated() {
            guard case .item(let index) = segment.content, story.items.indices.contains(index) else { continue }
            let resolved = story.items[index]
            guard resolved.isVideo, resolved.playableSound else { continue }
            let item = resolved.item
            let volume = item.volume ?? 1
            guard volume > 0, segment.endSample > segment.firstSample else { continue }

            let range = segment.firstSample..<segment.endSample
            let half = range.count / 2
            let fadeIn: AudioRamp
            if k > 0, segments[k - 1].overlapOut > Rational(0), segments[k - 1].endSample > range.lowerBound {
                fadeIn = AudioRamp(start: range.lowerBound, length: min(range.count, segments[k - 1].endSample - range.lowerBound),
                                   rising: true, curve: .equalPower)
            } else {
                fadeIn = AudioRamp(start: range.lowerBound, length: min(cutLength, half), rising: true, curve: .smooth)
            }
            let fadeOut: AudioRamp
            if k + 1 < segments.count, segment.overlapOut > Rational(0), segments[k + 1].firstSample < range.upperBound {
                let from = max(range.lowerBound, segments[k + 1].firstSample)
                fadeOut = AudioRamp(start: from, length: range.upperBound - from, rising: false, curve: .equalPower)
            } else {
                let length = min(cutLength, half)
                fadeOut = AudioRamp(start: range.upperBound - length, length: length, rising: false, curve: .smooth)
            }
            let trimIn = max(0, item.trim?.start ?? 0)
            clips.append(AudioClipTrack(item: resolved, itemIndex: index, range: range,
                                        sourceStart: Rational(seconds: trimIn).audioSampleFloor(rate: rate),
                                        volume: Float(volume), fadeIn: fadeIn, fadeOut: fadeOut))
        }
        self.clips = clips
        ducking = AudioDucking(intervals: clips.map(\.range), depth: pow(10, Self.duckingDecibels / 20),
                               attack: Int(Self.duckingAttack * Double(rate)), release: Int(Self.duckingRelease * Double(rate)))
        let speech = music == nil ? [] : clips.flatMap { ClipSpeech.intervals(of: $0, rate: rate) }
        speechDucking = AudioDucking(intervals: speech, depth: pow(10, Self.speechDuckingDecibels / 20),
                                     attack: Int(Self.speechDuckingAttack * Double(rate)), release: Int(Self.duckingRelease * Double(rate)))
        hasAudio = music != nil || !clips.isEmpty
    }

    /// The mix for the story's samples `range`: `2 × range.count` floats, left and right
    /// interleaved. Samples outside `0..<sampleCount` are silence.
    public func samples(_ range: Range<Int>) throws -> [Float] {
        var out = [Float](repeating: 0, count: range.count * 2)
        let story = range.clamped(to: 0..<sampleCount)
        guard !story.isEmpty else { return out }
        let offset = story.lowerBound - range.lowerBound

        if let music {
            let bed = try music.render(story)
            var duck = ducking.gains(for: story)
            if let deeper = speechDucking.gains(for: story) {
                duck = duck.map { zip($0, deeper).map { min($0, $1) } } ?? deeper
            }
            out.withUnsafeMutableBufferPointer { o in
                bed.withUnsafeBufferPointer { m in
                    for k in 0..<story.count {
                        let g = duck?[k] ?? 1
                        o[2 * (offset + k)] = m[2 * k] * g
                        o[2 * (offset + k) + 1] = m[2 * k + 1] * g
                    }
                }
            }
        }
        for clip in clips where clip.range.overlaps(story) {
            try clip.mix(into: &out, chunk: range)
        }
        out.withUnsafeMutableBufferPointer { o in
            for i in o.indices { o[i] = AudioLimiter.limit(o[i]) }
        }
        return out
    }
}
