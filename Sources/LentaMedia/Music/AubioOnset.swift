import CAubio

/// aubio's onset detector (`aubio_onset_t`, high-frequency content): where notes and drum hits
/// start, to a few milliseconds. The one owner of it, made by the throwing init, freed by `deinit`.
final class AubioOnset {
    let hopSize: Int
    let sampleRate: Int
    private let onset: OpaquePointer
    private let input: AubioVector
    private let output: AubioVector

    init(windowSize: Int = 512, hopSize: Int = 128, sampleRate: Int) throws {
        input = try AubioVector.hop(windowSize: windowSize, hopSize: hopSize, sampleRate: sampleRate, operation: "find onsets")
        output = try AubioVector(count: 1)
        guard let onset = new_aubio_onset("hfc", UInt32(windowSize), UInt32(hopSize), UInt32(sampleRate)) else {
            throw MediaError("find onsets", path: "", reason: "aubio could not make an onset detector")
        }
        self.onset = onset
        self.hopSize = hopSize
        self.sampleRate = sampleRate
    }

    deinit { del_aubio_onset(onset) }

    /// Feeds the next `hopSize` mono samples; the time in seconds of an onset found, or nil.
    func process(_ hop: UnsafeBufferPointer<Float>) -> Double? {
        input.fill(hop)
        aubio_onset_do(onset, input.vector, output.vector)
        guard output.data[0] != 0 else { return nil }
        return Double(aubio_onset_get_last(onset)) / Double(sampleRate)
    }
}
