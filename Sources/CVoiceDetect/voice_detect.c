#include "voice_detect.h"

#include <speex/speex_preprocess.h>
#include <stdlib.h>
#include <string.h>

#define SAME_TYPE(function, type) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&function), type), #function " is not " #type)
SAME_TYPE(lenta_webrtc_vad_open, lenta_webrtc_vad_open_fn);
SAME_TYPE(lenta_webrtc_vad_close, lenta_webrtc_vad_close_fn);
SAME_TYPE(lenta_webrtc_vad_process, lenta_webrtc_vad_process_fn);
SAME_TYPE(lenta_speex_vad_open, lenta_speex_vad_open_fn);
SAME_TYPE(lenta_speex_vad_close, lenta_speex_vad_close_fn);
SAME_TYPE(lenta_speex_vad_process, lenta_speex_vad_process_fn);

// WebRTC's voice activity detector. Debian's libwebrtc-audio-processing 0.3 builds it into
// libwebrtc_audio_processing.so and exports its C functions, but installs only the C++
// AudioProcessing headers (whose voice_detection() wraps this same detector behind a 10 ms
// AudioFrame and a whole processing chain). These are the declarations of
// webrtc/common_audio/vad/include/webrtc_vad.h of that release (checked against the exported
// symbols: Create takes no argument and returns the instance).
typedef struct WebRtcVadInst VadInst;
VadInst *WebRtcVad_Create(void);
void WebRtcVad_Free(VadInst *handle);
int WebRtcVad_Init(VadInst *handle);
int WebRtcVad_set_mode(VadInst *handle, int mode);
int WebRtcVad_Process(VadInst *handle, int fs, const int16_t *audio_frame, size_t frame_length);
int WebRtcVad_ValidRateAndFrameLength(int rate, size_t frame_length);

struct lenta_webrtc_vad {
    VadInst *instance;
    int rate;
    size_t frame_length;
};

lenta_webrtc_vad *lenta_webrtc_vad_open(int mode, int rate, size_t frame_length, int *status) {
    if (WebRtcVad_ValidRateAndFrameLength(rate, frame_length) != 0) {
        *status = LENTA_VAD_BAD_FRAME;
        return NULL;
    }
    lenta_webrtc_vad *vad = malloc(sizeof *vad);
    VadInst *instance = vad ? WebRtcVad_Create() : NULL;
    if (!instance) {
        free(vad);
        *status = LENTA_VAD_NO_MEMORY;
        return NULL;
    }
    *vad = (lenta_webrtc_vad){instance, rate, frame_length};
    *status = WebRtcVad_Init(instance) != 0 ? LENTA_VAD_INIT_FAILED
              : WebRtcVad_set_mode(instance, mode) != 0 ? LENTA_VAD_MODE_REFUSED : LENTA_VAD_OK;
    if (*status != LENTA_VAD_OK) {
        lenta_webrtc_vad_close(vad);
        return NULL;
    }
    return vad;
}

void lenta_webrtc_vad_close(lenta_webrtc_vad *vad) {
    if (!vad) return;
    WebRtcVad_Free(vad->instance);
    free(vad);
}

int lenta_webrtc_vad_process(lenta_webrtc_vad *vad, const int16_t *frame) {
    return WebRtcVad_Process(vad->instance, vad->rate, frame, vad->frame_length);
}

struct lenta_speex_vad {
    SpeexPreprocessState *state;
    int frame_length;
    // speex_preprocess_run works in place: the caller's frame is copied here first.
    spx_int16_t *buffer;
};

static void speex_set(SpeexPreprocessState *state, int request, int value) {
    speex_preprocess_ctl(state, request, &value);
}

lenta_speex_vad *lenta_speex_vad_open(int rate, int frame_length, int prob_start, int prob_continue, int *status) {
    if (rate <= 0 || frame_length <= 0) {
        *status = LENTA_VAD_BAD_FRAME;
        return NULL;
    }
    lenta_speex_vad *vad = calloc(1, sizeof *vad);
    if (vad) {
        vad->frame_length = frame_length;
        vad->buffer = malloc((size_t)frame_length * sizeof(spx_int16_t));
        vad->state = vad->buffer ? speex_preprocess_state_init(frame_length, rate) : NULL;
    }
    if (!vad || !vad->state) {
        lenta_speex_vad_close(vad);
        *status = LENTA_VAD_NO_MEMORY;
        return NULL;
    }
    speex_set(vad->state, SPEEX_PREPROCESS_SET_VAD, 1);
    // Judge the sound as it is: no denoise or gain in front of the decision.
    speex_set(vad->state, SPEEX_PREPROCESS_SET_DENOISE, 0);
    speex_set(vad->state, SPEEX_PREPROCESS_SET_AGC, 0);
    speex_set(vad->state, SPEEX_PREPROCESS_SET_PROB_START, prob_start);
    speex_set(vad->state, SPEEX_PREPROCESS_SET_PROB_CONTINUE, prob_continue);
    *status = LENTA_VAD_OK;
    return vad;
}

void lenta_speex_vad_close(lenta_speex_vad *vad) {
    if (!vad) return;
    if (vad->state) speex_preprocess_state_destroy(vad->state);
    free(vad->buffer);
    free(vad);
}

int lenta_speex_vad_process(lenta_speex_vad *vad, const int16_t *frame) {
    memcpy(vad->buffer, frame, (size_t)vad->frame_length * sizeof(spx_int16_t));
    return speex_preprocess_run(vad->state, vad->buffer) == 1;
}
