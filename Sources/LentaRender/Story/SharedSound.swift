import LentaCore
import LentaMedia

/// The sound encoders of a render of several shapes: one for each distinct `OutputPreset.Audio`
/// among the shapes' presets (usually one for all), each handing its packets to the writers of
/// the shapes that ask for that sound. Each file gets the packets its own render would have
/// written: the same encoder, the same samples.
struct SharedSound {
    let encoders: [StoryAudioEncoder]
    /// Output `k`'s encoder: `encoders[encoderOfOutput[k]]`.
    let encoderOfOutput: [Int]

    init(presets: [OutputPreset], path: String) throws {
        var encoders: [StoryAudioEncoder] = []
        var encoderOfOutput: [Int] = []
        for preset in presets {
            if let index = encoders.firstIndex(where: { $0.settings == preset.audio }) {
                encoderOfOutput.append(index)
            } else {
                encoderOfOutput.append(encoders.count)
                encoders.append(try StoryAudioEncoder(preset: preset, path: path))
            }
        }
        self.encoders = encoders
        self.encoderOfOutput = encoderOfOutput
    }

    /// Encodes `samples` once for each sound; every packet goes to `deliver` with each output
    /// of its shapes (a copy, for another thread's writer).
    func append(_ samples: [Float], deliver: (_ output: Int, EncodedPacket) throws -> Void) throws {
        for (index, encoder) in encoders.enumerated() {
            try encoder.append(samples) { try hand(EncodedPacket(copying: $0), of: index, to: deliver) }
        }
    }

    /// Encodes what is buffered and drains each encoder into its outputs.
    func finish(deliver: (_ output: Int, EncodedPacket) throws -> Void) throws {
        for (index, encoder) in encoders.enumerated() {
            try encoder.finish { try hand(EncodedPacket(copying: $0), of: index, to: deliver) }
        }
    }

    private func hand(_ packet: EncodedPacket, of index: Int, to deliver: (Int, EncodedPacket) throws -> Void) throws {
        for k in encoderOfOutput.indices where encoderOfOutput[k] == index { try deliver(k, packet) }
    }
}
