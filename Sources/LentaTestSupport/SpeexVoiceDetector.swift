import CSpeexDSP
import LentaMedia

/// speexdsp's preprocessor VAD (speech probability from its noise estimate, with hysteresis),
/// the peer WebRTC's detector was measured against (`VoiceActivityTests`). The state is owned
/// here and destroyed with it.
public final class SpeexVoiceDetector: VoiceFrameDetector {
    public let sampleRate: Int
    public let frameLength: Int
    private let state: OpaquePointer
    private var buffer: [Int16]

    /// `start`/`continue`: the speech probabilities (percent) that start and hold speech
    /// (speexdsp's defaults are 35 and 20).
    public init(sampleRate: Int = 48_000, frameMilliseconds: Int = 20, start: Int32 = 35, continue hold: Int32 = 20) throws {
        self.sampleRate = sampleRate
        frameLength = sampleRate * frameMilliseconds / 1000
        guard let state = speex_preprocess_state_init(Int32(frameLength), Int32(sampleRate)) else {
            throw MediaError("open speex preprocessor", path: "", reason: "speex_preprocess_state_init failed")
        }
        self.state = state
        buffer = [Int16](repeating: 0, count: frameLength)
        _ = lenta_speex_set_int(state, SPEEX_PREPROCESS_SET_VAD, 1)
        // Judge the sound as it is: no denoise or gain in front of the decision.
        _ = lenta_speex_set_int(state, SPEEX_PREPROCESS_SET_DENOISE, 0)
        _ = lenta_speex_set_int(state, SPEEX_PREPROCESS_SET_AGC, 0)
        _ = lenta_speex_set_int(state, SPEEX_PREPROCESS_SET_PROB_START, start)
        _ = lenta_speex_set_int(state, SPEEX_PREPROCESS_SET_PROB_CONTINUE, hold)
    }

    deinit { speex_preprocess_state_destroy(state) }

    public func isSpeech(_ frame: UnsafeBufferPointer<Int16>) throws -> Bool {
        guard frame.count == frameLength else {
            throw MediaError("detect voice (speex)", path: "", reason: "a frame of \(frame.count) samples, not \(frameLength)")
        }
        for k in 0..<frameLength { buffer[k] = frame[k] }
        return buffer.withUnsafeMutableBufferPointer { speex_preprocess_run(state, $0.baseAddress) } == 1
    }
}
