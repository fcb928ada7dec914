#ifndef LENTA_VOICE_DETECT_H
#define LENTA_VOICE_DETECT_H
// Voice activity detectors behind a C API of lenta's own: WebRTC's (where people speak in a
// clip: its analysis, and the music's ducking at render) and speexdsp's preprocessor VAD (only
// the peer the speech tests measure WebRTC's against). Built as a shared object of its own
// (SwiftPM product LentaVoiceDetect) that lenta loads with dlopen the first time it listens for
// speech, finding each function with dlsym as its `…_fn` type below: lenta links neither
// library, which every process would otherwise load at its start (`lenta --version` and every
// scan paid 1.5–2 ms of CPU for them: bench/startup).
#include <stddef.h>
#include <stdint.h>

/// The shared object's file name (SwiftPM's for the LentaVoiceDetect product).
#define LENTA_VOICE_DETECT_LIBRARY "libLentaVoiceDetect.so"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lenta_webrtc_vad lenta_webrtc_vad;
typedef struct lenta_speex_vad lenta_speex_vad;

/// Why a detector could not be opened (`*status`); 0 when it was.
enum {
    LENTA_VAD_OK = 0,
    /// A sample rate and frame length the detector does not take (WebRTC: 8/16/32/48 kHz, 10/20/30 ms).
    LENTA_VAD_BAD_FRAME = -1,
    LENTA_VAD_NO_MEMORY = -2,
    /// WebRtcVad_Init failed.
    LENTA_VAD_INIT_FAILED = -3,
    /// WebRtcVad_set_mode refused the mode (0 quality … 3 very aggressive).
    LENTA_VAD_MODE_REFUSED = -4,
};

/// WebRTC's detector in `mode` (0…3) for frames of `frame_length` samples of mono 16-bit sound at
/// `rate` Hz. Returns NULL and sets *status when it cannot.
lenta_webrtc_vad *lenta_webrtc_vad_open(int mode, int rate, size_t frame_length, int *status);
void lenta_webrtc_vad_close(lenta_webrtc_vad *vad);
/// 1 voice, 0 none, -1 the detector's error; `frame` holds the frame length given at open.
int lenta_webrtc_vad_process(lenta_webrtc_vad *vad, const int16_t *frame);

/// speexdsp's preprocessor with its VAD on (no denoise, no gain), `prob_start` and
/// `prob_continue` the speech probabilities (percent) that start and hold speech. Returns NULL
/// and sets *status when it cannot.
lenta_speex_vad *lenta_speex_vad_open(int rate, int frame_length, int prob_start, int prob_continue, int *status);
void lenta_speex_vad_close(lenta_speex_vad *vad);
/// 1 voice, 0 none; `frame` (the frame length given at open) is read, not changed.
int lenta_speex_vad_process(lenta_speex_vad *vad, const int16_t *frame);

/// The functions' types, for a caller that finds them with dlsym (voice_detect.c checks they match).
typedef lenta_webrtc_vad *(*lenta_webrtc_vad_open_fn)(int mode, int rate, size_t frame_length, int *status);
typedef void (*lenta_webrtc_vad_close_fn)(lenta_webrtc_vad *vad);
typedef int (*lenta_webrtc_vad_process_fn)(lenta_webrtc_vad *vad, const int16_t *frame);
typedef lenta_speex_vad *(*lenta_speex_vad_open_fn)(int rate, int frame_length, int prob_start, int prob_continue, int *status);
typedef void (*lenta_speex_vad_close_fn)(lenta_speex_vad *vad);
typedef int (*lenta_speex_vad_process_fn)(lenta_speex_vad *vad, const int16_t *frame);

#ifdef __cplusplus
}
#endif
#endif
