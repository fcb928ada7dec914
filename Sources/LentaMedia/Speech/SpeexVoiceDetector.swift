import CVoiceDetectAPI

/// (Kept only as the peer of the speech tests, here because no C module is imported outside the
/// media, text and pixel targets.) speexdsp's preprocessor VAD (speech probability from its noise estimate, with hysteresis),
/// the peer WebRTC's detector was measured against (`VoiceActivityTests`); in
/// `libLentaVoiceDetect.so` beside WebRTC's (`VoiceDetectLibrary`). The state is owned here and
/// destroyed with it.
public final class SpeexVoiceDetector: VoiceFrameDetector {
    public let sampleRate: Int
    public let frameLength: Int
    private let library: VoiceDetectLibrary
    private let state: OpaquePointer

    /// `start`/`continue`: the speech probabilities (percent) that start and hold speech
    /// (speexdsp's defaults are 35 and 20).
    public init(sampleRate: Int = 48_000, frameMilliseconds: Int = 20, start: Int32 = 35, continue hold: Int32 = 20) throws(MediaError) {
        let library = try VoiceDetectLibrary.shared.get()
        self.sampleRate = sampleRate
        frameLength = sampleRate * frameMilliseconds / 1000
        var status: Int32 = 0
        guard let state = library.speexOpen(Int32(sampleRate), Int32(frameLength), start, hold, &status) else {
            throw MediaError("open speex preprocessor", path: "", reason: "speex_preprocess_state_init failed (status \(status))")
        }
        self.library = library
        self.state = state
    }

    deinit { library.speexClose(state) }

    public func isSpeech(_ frame: UnsafeBufferPointer<Int16>) throws -> Bool {
        guard frame.count == frameLength, let base = frame.baseAddress else {
            throw MediaError("detect voice (speex)", path: "", reason: "a frame of \(frame.count) samples, not \(frameLength)")
        }
        return library.speexProcess(state, base) == 1
    }
}
