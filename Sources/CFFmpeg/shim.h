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

#endif
