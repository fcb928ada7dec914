import CVoiceDetectAPI
import Foundation
import LentaCore

/// The voice detectors' shared object (`libLentaVoiceDetect.so`, the `CVoiceDetect` target,
/// linked against WebRTC's audio processing and speexdsp), loaded with `dlopen` the first time a
/// clip's sound is listened to for speech (`LoadableLibrary`), and its six functions
/// (`voice_detect.h`'s `…_fn` types). lenta does not link the two libraries: loaded at every
/// start, they cost every run (`lenta --version` 1.5–2 ms of CPU: bench/startup), and only clip analysis and
/// the render of a clip's sound under music use them.
/// The functions are kept as addresses (plain numbers, so the value is `Sendable`) and turned
/// back into their C types where they are called.
struct VoiceDetectLibrary: Sendable {
    /// The file it was loaded from.
    let path: String
    private let addresses: [UInt]

    var webrtcOpen: lenta_webrtc_vad_open_fn { unsafeBitCast(addresses[0], to: lenta_webrtc_vad_open_fn.self) }
    var webrtcClose: lenta_webrtc_vad_close_fn { unsafeBitCast(addresses[1], to: lenta_webrtc_vad_close_fn.self) }
    var webrtcProcess: lenta_webrtc_vad_process_fn { unsafeBitCast(addresses[2], to: lenta_webrtc_vad_process_fn.self) }
    var speexOpen: lenta_speex_vad_open_fn { unsafeBitCast(addresses[3], to: lenta_speex_vad_open_fn.self) }
    var speexClose: lenta_speex_vad_close_fn { unsafeBitCast(addresses[4], to: lenta_speex_vad_close_fn.self) }
    var speexProcess: lenta_speex_vad_process_fn { unsafeBitCast(addresses[5], to: lenta_speex_vad_process_fn.self) }

    /// The library of this process, loaded on first use; the failure names every file tried.
    static let shared: Result<VoiceDetectLibrary, MediaError> = LoadableLibrary.load(
        LoadableLibrary.candidates(LENTA_VOICE_DETECT_LIBRARY),
        symbols: ["lenta_webrtc_vad_open", "lenta_webrtc_vad_close", "lenta_webrtc_vad_process",
                  "lenta_speex_vad_open", "lenta_speex_vad_close", "lenta_speex_vad_process"],
        operation: "load the voice detector", file: LENTA_VOICE_DETECT_LIBRARY
    ).map { VoiceDetectLibrary(path: $0.path, addresses: $0.addresses.map { UInt(bitPattern: $0) }) }
}
