import LentaCore
import LentaMedia

/// A video clip's own sound, placed on its segment's samples `[range)`: story sample
/// `range.lowerBound + k` plays source sample `sourceStart + k`, where `sourceStart` is
/// `floor(trimIn × 48000)` — or, for a clip at another `speed`, the sound from `sourceStart`
/// on, stretched by libavfilter's `atempo` (pitch kept; a chain of them below 0.5×) so
/// `range.count` story samples play `range.count × speed` source samples. It fades in and out with the picture over a transition (equal power)
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
    /// Source seconds per story second.
    let speed: Double
    private var decoder: AudioDecoder?
    /// For a clip at another speed: the stretch, the story sample it has reached, and what came
    /// out of it not yet mixed.
    private var stretch: (graph: AudioFilterGraph, next: Int, held: [Float])?

    init(item: ResolvedItem, itemIndex: Int, range: Range<Int>, sourceStart: Int, volume: Float,
         fadeIn: AudioRamp, fadeOut: AudioRamp) {
        source = item.source
        speed = item.speed
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
        let samples = speed == 1 ? try played(from: from, to: to, decoder) : try stretched(from: from, to: to, decoder)

        let span = from..<to
        let shaped = fadeIn.touches(span) || fadeOut.touches(span)
        let offset = from - chunk.lowerBound
        for k in 0..<(to - from) {
            let n = from + k
            let g = shaped ? volume * Float(fadeIn.gain(at: n) * fadeOut.gain(at: n)) : volume
            out[2 * (offset + k)] += samples[2 * k] * g
            out[2 * (offset + k) + 1] += samples[2 * k + 1] * g
        }
        if to == range.upperBound {
            self.decoder = nil
            stretch = nil
        }
    }

    private func played(from: Int, to: Int, _ decoder: AudioDecoder) throws -> [Float] {
        let source = sourceStart + (from - range.lowerBound)
        if decoder.position != source { try decoder.seek(toSample: source) }
        return try decoder.read(exactly: to - from)
    }

    /// The atempo chain for `speed`: each filter within 0.5…2 (atempo's steps keep their quality there).
    static func tempoFilters(_ speed: Double) -> String {
        var left = speed, filters: [String] = []
        while left < 0.5 { filters.append("atempo=0.5"); left /= 0.5 }
        while left > 2 { filters.append("atempo=2"); left /= 2 }
        filters.append("atempo=\(left)")
        return filters.joined(separator: ",")
    }

    /// Story samples `from..<to` of the stretched sound (interleaved stereo), read on from where
    /// the last call ended; a jump starts the stretch again at the matching source sample.
    private func stretched(from: Int, to: Int, _ decoder: AudioDecoder) throws -> [Float] {
        if stretch?.next != from {
            let source = sourceStart + Int((Double(from - range.lowerBound) * speed).rounded(.down))
            try decoder.seek(toSample: source)
            stretch = (try AudioFilterGraph(filters: Self.tempoFilters(speed), sampleRate: AudioDecoder.sampleRate, channels: 2), from, [])
        }
        guard var state = stretch else { return [] }
        let wanted = 2 * (to - from)
        while state.held.count < wanted {
            let chunk = try decoder.read(upTo: AudioDecoder.sampleRate / 10)
            if chunk.isEmpty {
                state.held += try state.graph.flush()
                break
            }
            state.held += try state.graph.process(chunk)
        }
        var out = Array(state.held.prefix(wanted))
        state.held.removeFirst(out.count)
        if out.count < wanted { out += [Float](repeating: 0, count: wanted - out.count) }  // the source ended
        state.next = to
        stretch = state
        return out
    }
}
