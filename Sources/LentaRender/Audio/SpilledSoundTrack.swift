import Foundation
import LentaMedia

/// A story's sound made once and read back as often as needed: the mix is taken from its first
/// sample to its last, a chunk at a time, into an unnamed `ScratchFile` (interleaved Float32
/// stereo at the output's rate: 1.4 GB for an hour), so the loudness passes and the encoder read
/// the same samples without decoding any clip's sound again, and memory stays at one chunk
/// whatever the story's length. Ranges may be asked in any order.
public final class SpilledSoundTrack: StorySoundTrack {
    public let sampleCount: Int
    public let hasAudio: Bool
    private let file: ScratchFile
    private static let channels = 2

    /// Takes `sound`'s samples `0..<sampleCount`, in order, into a scratch file in `scratchFolder`.
    public init(mixing sound: StorySoundTrack, sampleCount: Int,
                scratchFolder: String = FileManager.default.temporaryDirectory.path) throws {
        self.sampleCount = sampleCount
        hasAudio = sound.hasAudio
        file = try ScratchFile(holding: "the story's mixed sound", folder: scratchFolder)
        var start = 0
        while start < sampleCount {
            let end = min(sampleCount, start + StoryLoudness.chunk)
            try file.append(try sound.samples(start..<end))
            start = end
        }
    }

    public func samples(_ range: Range<Int>) throws -> [Float] {
        let inside = range.clamped(to: 0..<sampleCount)
        let channels = Self.channels
        guard !inside.isEmpty else { return [Float](repeating: 0, count: range.count * channels) }
        let held = try file.read(Float.self, at: inside.lowerBound * channels * MemoryLayout<Float>.stride,
                                 count: inside.count * channels)
        guard inside != range else { return held }
        var out = [Float](repeating: 0, count: range.count * channels)
        let offset = (inside.lowerBound - range.lowerBound) * channels
        out.replaceSubrange(offset ..< offset + held.count, with: held)
        return out
    }
}
