import CVoiceDetectAPI
import Foundation
import LentaCore

/// The voice detectors' shared object (`libLentaVoiceDetect.so`, the `CVoiceDetect` target,
/// linked against WebRTC's audio processing and speexdsp), loaded with `dlopen` the first time a
/// clip's sound is listened to for speech (`LoadableLibrary`), and its six functions
/// (`voice_detect.h`'s `…_fn` types). lenta does not link the two libraries: loaded at every
/// start, they cost every run (`lenta --version` 1.5–2 ms of CPU: bench/startup), and only clip analysis and
/// the render of a clip's sound under music use them.
struct VoiceDetectLibrary: LoadableFunctions {
    static let file = LENTA_VOICE_DETECT_LIBRARY
    static let symbols = [
        "lenta_webrtc_vad_open", "lenta_webrtc_vad_close", "lenta_webrtc_vad_process",
        "lenta_speex_vad_open", "lenta_speex_vad_close", "lenta_speex_vad_process",
    ]
    static let operation = "load the voice detector"
    /// The library of this process, loaded on first use; the failure names every file tried.
    static let shared = load()

    let functions: LoadableLibrary.Functions
    var webrtcOpen: lenta_webrtc_vad_open_fn { functions[0] }
    var webrtcClose: lenta_webrtc_vad_close_fn { functions[1] }
    var webrtcProcess: lenta_webrtc_vad_process_fn { functions[2] }
    var speexOpen: lenta_speex_vad_open_fn { functions[3] }
    var speexClose: lenta_speex_vad_close_fn { functions[4] }
    var speexProcess: lenta_speex_vad_process_fn { functions[5] }
}
