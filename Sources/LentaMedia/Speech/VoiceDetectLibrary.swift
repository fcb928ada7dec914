import CVoiceDetectAPI

/// The voice detectors' shared object (`libLentaVoiceDetect.so`, the `CVoiceDetect` target,
/// linked against WebRTC's audio processing and speexdsp), loaded with `dlopen` the first time a
/// clip's sound is listened to for speech (`LoadableLibrary`), and its six functions
/// (`voice_detect.h`'s `…_fn` types). lenta does not link the two libraries: loaded at every
/// start, they cost every run (`lenta --version` 1.5–2 ms of CPU: bench/startup), and only clip analysis and
/// the render of a clip's sound under music use them.
typealias VoiceDetectLibrary = LoadableLibrary.Loaded<VoiceDetectFunctions>

struct VoiceDetectFunctions: LoadableFunctions {
    static let file = LENTA_VOICE_DETECT_LIBRARY
    static let operation = "load the voice detector"
    let webrtcOpen = Symbol<lenta_webrtc_vad_open_fn>("lenta_webrtc_vad_open")
    let webrtcClose = Symbol<lenta_webrtc_vad_close_fn>("lenta_webrtc_vad_close")
    let webrtcProcess = Symbol<lenta_webrtc_vad_process_fn>("lenta_webrtc_vad_process")
    let speexOpen = Symbol<lenta_speex_vad_open_fn>("lenta_speex_vad_open")
    let speexClose = Symbol<lenta_speex_vad_close_fn>("lenta_speex_vad_close")
    let speexProcess = Symbol<lenta_speex_vad_process_fn>("lenta_speex_vad_process")
}
