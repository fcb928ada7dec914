#ifndef LENTA_CWEBRTCVAD_SHIM_H
#define LENTA_CWEBRTCVAD_SHIM_H
#include <stddef.h>
#include <stdint.h>

// WebRTC's voice activity detector. Debian's libwebrtc-audio-processing 0.3 builds it into
// libwebrtc_audio_processing.so and exports its C functions, but installs only the C++
// AudioProcessing headers (whose voice_detection() wraps this same detector behind a 10 ms
// AudioFrame and a whole processing chain). These are the declarations of
// webrtc/common_audio/vad/include/webrtc_vad.h of that release (checked against the exported
// symbols: Create takes no argument and returns the instance).
typedef struct WebRtcVadInst VadInst;

// A new instance (NULL when out of memory); freed with WebRtcVad_Free.
VadInst *WebRtcVad_Create(void);
void WebRtcVad_Free(VadInst *handle);
// 0, or -1 when `handle` is NULL.
int WebRtcVad_Init(VadInst *handle);
// Aggressiveness 0 (quality) … 3 (very aggressive): 0, or -1 for a bad mode or an uninitialised handle.
int WebRtcVad_set_mode(VadInst *handle, int mode);
// 1 active voice, 0 none, -1 error (a rate other than 8/16/32/48 kHz, or a frame not 10/20/30 ms).
int WebRtcVad_Process(VadInst *handle, int fs, const int16_t *audio_frame, size_t frame_length);
// 0 when `rate` and `frame_length` are a combination the detector accepts, else -1.
int WebRtcVad_ValidRateAndFrameLength(int rate, size_t frame_length);

#endif
