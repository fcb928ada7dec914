import LentaCore
import LentaMedia

/// Where people speak in the part of a clip's sound a story plays, on the story's samples: the
/// music ducks deeper under these than under the clip's sound alone. Found at render on the part
/// played (the project file may have been edited by hand, and a render reads no catalog): the
/// same detector and smoothing as clip analysis, over the few seconds of sound per clip the
/// story plays, decoded once more ahead of the mix.
enum ClipSpeech {
    /// The utterances heard in `track`'s range, as story sample ranges; none when the sound
    /// cannot be decoded or the detector fails (the clip is then ducked for its presence only).
    static func intervals(of track: AudioClipTrack, rate: Int) -> [Range<Int>] {
        guard let decoder = try? AudioDecoder(source: track.source),
              let detector = try? VoiceActivityDetector(sampleRate: rate) else { return [] }
        let finder = SpeechFinder(detector: detector)
        do {
            try decoder.seek(toSample: track.sourceStart)
            // At another speed the part played is `speed` times as long in the source.
            var left = Int((Double(track.range.count) * track.speed).rounded())
            while left > 0 {
                let chunk = try decoder.read(upTo: min(left, rate / 2))
                if chunk.isEmpty { break }
                finder.feed(stereo: chunk)
                left -= chunk.count / 2
            }
        } catch {
            return []
        }
        return (finder.utterances() ?? []).compactMap { u in
            let from = track.range.lowerBound + Int(u.start / track.speed * Double(rate))
            let to = track.range.lowerBound + Int(u.end / track.speed * Double(rate))
            let clipped = max(from, track.range.lowerBound)..<min(to, track.range.upperBound)
            return clipped.isEmpty ? nil : clipped
        }
    }
}
