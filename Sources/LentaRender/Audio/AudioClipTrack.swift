import LentaCore
import LentaMedia

/// A video clip's own sound, placed on its segment's samples `[range)`: story sample
/// `range.lowerBound + k` plays source sample `sourceStart + k`, where `sourceStart` is
/// `floor(trimIn × 48000)`. It fades in and out with the picture over a transition (equal power)
/// and over a few milliseconds at a cut. The decoder is opened when the segment is first reached
/// and closed once it has been played to its end.
final class AudioClipTrack {
    /// Where the sound's bytes are: the clip, or a photo's motion.
    let source: MediaSource
    let itemIndex: Int
    let range: Range<Int>
    let sourceStart: Int
    let volume: Float
    let fadeIn: AudioRamp
    let fadeOut: AudioRamp
    private var decoder: AudioDecoder?

    init(item: ResolvedItem, itemIndex: Int, range: Range<Int>, sourceStart: Int, volume: Float,
         fadeIn: AudioRamp, fadeOut: AudioRamp) {
        source = item.source
        self.itemIndex = itemIndex
        self.range = range
        self.sourceStart = sourceStart
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
    }

    /// Adds the clip's sound for the part of `chunk` it covers into `out` (interleaved stereo,
    /// `out[0]` being `chunk.lowerBound`).
    func mix(into out: inout [Float], chunk: Range<Int>) throws {
        let from = max(chunk.lowerBound, range.lowerBound), to = min(chunk.upperBound, range.upperBound)
        guard from < to else { return }
        let decoder = try self.decoder ?? AudioDecoder(source: source)
        self.decoder = decoder
        let source = sourceStart + (from - range.lowerBound)
        if decoder.position != source { try decoder.seek(toSample: source) }
        let samples = try decoder.read(exactly: to - from)

        let span = from..<to
        let shaped = fadeIn.touches(span) || fadeOut.touches(span)
        let offset = from - chunk.lowerBound
        for k in 0..<(to - from) {
            let n = from + k
            let g = shaped ? volume * Float(fadeIn.gain(at: n) * fadeOut.gain(at: n)) : volume
            out[2 * (offset + k)] += samples[2 * k] * g
            out[2 * (offset + k) + 1] += samples[2 * k + 1] * g
        }
        if to == range.upperBound { self.decoder = nil }
    }
}
