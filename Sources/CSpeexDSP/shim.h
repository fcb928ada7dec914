#ifndef LENTA_CSPEEXDSP_SHIM_H
#define LENTA_CSPEEXDSP_SHIM_H
#include <speex/speex_preprocess.h>

// speex_preprocess_ctl takes a request number (macros Swift imports as Int32) and a void pointer.
static inline int lenta_speex_set_int(SpeexPreprocessState *state, int request, int value) {
    return speex_preprocess_ctl(state, request, &value);
}
#endif
