#ifndef LENTA_CFFMPEG_SHIM_H
#define LENTA_CFFMPEG_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/hwcontext.h>
#include <libavutil/channel_layout.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <dlfcn.h>
#include <stdio.h>

// FFmpeg's libraries are opened with dlopen when one of their functions is first called (by the
// definitions of ffmpeg_functions.c, made by scripts/library-stubs), not linked: mapped and bound
// at every start, they and what they bring cost ~30 ms of CPU to commands that read no clip. A call
// into a library that cannot be opened returns AVERROR(ELIBACC) (or NULL, or 0); this says why:
// the first failure's reason (the file and dlerror's text), or NULL when none has failed.
const char *lenta_ffmpeg_load_failure(void);
static inline int lenta_averror_library_unavailable(void) { return AVERROR(ELIBACC); }
// av_log_set_level without opening libavutil: the level is set as it opens, or at once if it is open.
void lenta_ffmpeg_set_log_level(int level);

// Macros Swift cannot import.
static inline int lenta_averror(int e) { return AVERROR(e); }
static inline int lenta_averror_eof(void) { return AVERROR_EOF; }
static inline int lenta_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int lenta_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int lenta_averror_patchwelcome(void) { return AVERROR_PATCHWELCOME; }
static inline int lenta_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int lenta_averror_encoder_not_found(void) { return AVERROR_ENCODER_NOT_FOUND; }
static inline int64_t lenta_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline AVRational lenta_av_time_base_q(void) { return AV_TIME_BASE_Q; }

// libavfilter is opened at first use too, through this table of its functions (before the others
// were): Debian's build of it brings 27 more shared libraries, and only the loudness pass and
// stabilisation need it.
typedef struct LentaAVFilter {
    AVFilterGraph *(* _Nonnull graph_alloc)(void);
    void (* _Nonnull graph_free)(AVFilterGraph **graph);
    const AVFilter *(* _Nonnull get_by_name)(const char *name);
    int (* _Nonnull graph_create_filter)(AVFilterContext **context, const AVFilter *filter, const char *name,
                               const char *arguments, void *opaque, AVFilterGraph *graph);
    AVFilterInOut *(* _Nonnull inout_alloc)(void);
    void (* _Nonnull inout_free)(AVFilterInOut **inout);
    int (* _Nonnull graph_parse_ptr)(AVFilterGraph *graph, const char *filters, AVFilterInOut **inputs,
                           AVFilterInOut **outputs, void *log);
    int (* _Nonnull graph_config)(AVFilterGraph *graph, void *log);
    int (* _Nonnull buffersrc_add_frame)(AVFilterContext *context, AVFrame *frame);
    int (* _Nonnull buffersink_get_frame)(AVFilterContext *context, AVFrame *frame);
    unsigned (* _Nonnull version)(void);
} LentaAVFilter;

// Opens libavfilter (the major version the headers name) and fills `api`: 0, or -1 with dlerror's
// text in `reason` (`reason_size` bytes at most), `api` then being only partly filled.
static inline int lenta_avfilter_open(LentaAVFilter *api, char *reason, size_t reason_size) {
    (void)avutil_version();  // opens libavutil through ffmpeg_functions.c, which sets the log level
    char name[32];
    snprintf(name, sizeof name, "libavfilter.so.%d", LIBAVFILTER_VERSION_MAJOR);
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    const char *failure = NULL;
    if (!library) {
        failure = dlerror();
    } else {
#define LENTA_AVFILTER_SYMBOL(field, symbol) \
        if (!failure && !(*(void **)&api->field = dlsym(library, #symbol))) { \
            const char *error = dlerror(); \
            failure = error ? error : "no symbol " #symbol; \
        }
        LENTA_AVFILTER_SYMBOL(graph_alloc, avfilter_graph_alloc)
        LENTA_AVFILTER_SYMBOL(graph_free, avfilter_graph_free)
        LENTA_AVFILTER_SYMBOL(get_by_name, avfilter_get_by_name)
        LENTA_AVFILTER_SYMBOL(graph_create_filter, avfilter_graph_create_filter)
        LENTA_AVFILTER_SYMBOL(inout_alloc, avfilter_inout_alloc)
        LENTA_AVFILTER_SYMBOL(inout_free, avfilter_inout_free)
        LENTA_AVFILTER_SYMBOL(graph_parse_ptr, avfilter_graph_parse_ptr)
        LENTA_AVFILTER_SYMBOL(graph_config, avfilter_graph_config)
        LENTA_AVFILTER_SYMBOL(buffersrc_add_frame, av_buffersrc_add_frame)
        LENTA_AVFILTER_SYMBOL(buffersink_get_frame, av_buffersink_get_frame)
        LENTA_AVFILTER_SYMBOL(version, avfilter_version)
#undef LENTA_AVFILTER_SYMBOL
    }
    if (failure) {
        snprintf(reason, reason_size, "%s", failure);
        return -1;
    }
    return 0;
}

#endif
