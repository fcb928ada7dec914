import CAubio

/// aubio's beat tracker (`aubio_tempo_t`, its "default" method: spectral-flux onsets and a
/// comb-filter tempo model): the one owner of it, made by the throwing init, freed by `deinit`.
final class AubioTempo {
    let hopSize: Int
    let sampleRate: Int
    private let tempo: OpaquePointer
    private let input: AubioVector
    private let output: AubioVector
    /// The sample of the last beat reported.
    private var lastBeat: UInt32 = 0

    init(windowSize: Int = 1024, hopSize: Int = 512, sampleRate: Int) throws {
        input = try AubioVector.hop(windowSize: windowSize, hopSize: hopSize, sampleRate: sampleRate, operation: "track beats")
        output = try AubioVector(count: 2)
        guard let tempo = new_aubio_tempo("default", UInt32(windowSize), UInt32(hopSize), UInt32(sampleRate)) else {
            throw MediaError("track beats", path: "", reason: "aubio could not make a beat tracker")
        }
        self.tempo = tempo
        self.hopSize = hopSize
        self.sampleRate = sampleRate
    }

    deinit { del_aubio_tempo(tempo) }

    /// Feeds the next `hopSize` mono samples (fewer are padded with silence). Returns the time in
    /// seconds of a beat placed in this hop (aubio's delay already taken off), or nil.
    ///
    /// A beat is read from `aubio_tempo_get_last` moving, not from the output flag: aubio clears
    /// the flag when the beat's hop is digitally silent (a click track between clicks) or when
    /// the beat falls exactly on the hop's first sample, though it did place the beat.
    func process(_ hop: UnsafeBufferPointer<Float>) -> Double? {
        input.fill(hop)
        aubio_tempo_do(tempo, input.vector, output.vector)
        let last = aubio_tempo_get_last(tempo)
        guard last != lastBeat else { return nil }
        lastBeat = last
        return Double(last) / Double(sampleRate)
    }
}
