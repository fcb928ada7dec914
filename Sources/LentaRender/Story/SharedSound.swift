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

    func encoder(ofOutput k: Int) -> StoryAudioEncoder { encoders[encoderOfOutput[k]] }

    /// Encodes `samples` once for each sound; every packet is written by the writers of its shapes.
    func append(_ samples: [Float], to writers: [StoryWriter]) throws {
        for (index, encoder) in encoders.enumerated() {
            try encoder.append(samples) { try write($0, of: index, to: writers) }
        }
    }

    /// Encodes what is buffered and drains each encoder into its writers.
    func finish(to writers: [StoryWriter]) throws {
        for (index, encoder) in encoders.enumerated() {
            try encoder.finish { try write($0, of: index, to: writers) }
        }
    }

    private func write(_ packet: CodecPacket, of index: Int, to writers: [StoryWriter]) throws {
        for (k, writer) in writers.enumerated() where encoderOfOutput[k] == index { try writer.writeAudio(packet) }
    }
}
