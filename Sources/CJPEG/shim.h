#ifndef LENTA_CJPEG_SHIM_H
#define LENTA_CJPEG_SHIM_H

// libjpeg-turbo, for the one kind of JPEG FFmpeg 5.1 cannot decode: CMYK (and YCCK), as
// print workflows and some scanners write them, and for the scan's reduced decodes. libjpeg
// reports errors by longjmp, which must not cross Swift frames, so the whole decode runs here
// in C and returns a status.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <setjmp.h>
#include <jpeglib.h>

struct lenta_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void lenta_jpeg_error_exit(j_common_ptr info) {
    struct lenta_jpeg_error *error = (struct lenta_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static void lenta_jpeg_silent(j_common_ptr info, int level) { (void)info; (void)level; }

/// The one JPEG-to-RGB24 decode the entry points below share (Y'CbCr, greyscale, CMYK/YCCK; Adobe's
/// inverted CMYK told by its marker, then R = C·K/255, the usual approximation without an ICC
/// profile), of the file at `path` or, when `bytes` is not NULL, of `length` bytes in memory.
/// `scale_denom` 1, 2, 4 or 8 is used as given; 0 picks the smallest of 1/8 … 1/1 whose
/// longer side is still at least `min_long_side`, with libjpeg-turbo's fast paths. Outputs over
/// `max_pixels` are refused. Returns 0 and a malloc'ed buffer the caller frees, or -1 with `message`.
static inline int lenta_decode_jpeg_rgb(const char *path, const unsigned char *bytes, unsigned long length,
                                        int cmyk_only, int scale_denom, int min_long_side, long max_pixels,
                                        unsigned char **rgb_out, int *width_out, int *height_out,
                                        char *message, size_t message_size) {
    *rgb_out = NULL;
    FILE *file = NULL;
    if (!bytes) {
        file = fopen(path, "rb");
        if (!file) { snprintf(message, message_size, "cannot open the file"); return -1; }
    } else if (length == 0) {
        snprintf(message, message_size, "no bytes to decode");
        return -1;
    }
    struct jpeg_decompress_struct info;
    struct lenta_jpeg_error error;
    unsigned char *rgb = NULL;
    JSAMPLE *row = NULL;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = lenta_jpeg_error_exit;
    error.manager.emit_message = lenta_jpeg_silent;
    error.message[0] = 0;
    if (setjmp(error.jump)) {
        snprintf(message, message_size, "%s", error.message);
        jpeg_destroy_decompress(&info);
        free(rgb);
        free(row);
        if (file) fclose(file);
        return -1;
    }
    jpeg_create_decompress(&info);
    if (file) jpeg_stdio_src(&info, file); else jpeg_mem_src(&info, bytes, length);
    jpeg_read_header(&info, TRUE);
    const int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    if (cmyk_only && !cmyk) {
        snprintf(message, message_size, "not a CMYK JPEG");
        jpeg_destroy_decompress(&info);
        if (file) fclose(file);
        return -1;
    }
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;  // libjpeg turns YCCK into CMYK
    info.scale_num = 1;
    if (scale_denom == 0) {
        const unsigned long longer = info.image_width > info.image_height ? info.image_width : info.image_height;
        unsigned denom = 8;
        while (denom > 1 && (longer + denom - 1) / denom < (unsigned long)(min_long_side > 0 ? min_long_side : 1)) denom /= 2;
        info.scale_denom = denom;
        info.dct_method = JDCT_IFAST;
        info.do_fancy_upsampling = FALSE;
        info.do_block_smoothing = FALSE;
    } else {
        info.scale_denom = (unsigned)(scale_denom == 2 || scale_denom == 4 || scale_denom == 8 ? scale_denom : 1);
    }
    jpeg_calc_output_dimensions(&info);
    if ((long)info.output_width * (long)info.output_height > max_pixels || info.output_width == 0 || info.output_height == 0) {
        snprintf(error.message, sizeof error.message, "the picture (%ux%u) is too large to analyse",
                 info.image_width, info.image_height);
        longjmp(error.jump, 1);
    }
    jpeg_start_decompress(&info);
    const int width = (int)info.output_width, height = (int)info.output_height;
    const int components = info.output_components;
    rgb = malloc((size_t)width * (size_t)height * 3);
    row = malloc((size_t)width * (size_t)(components > 3 ? components : 3));
    if (!rgb || !row) { snprintf(error.message, sizeof error.message, "out of memory"); longjmp(error.jump, 1); }
    const int inverted = info.saw_Adobe_marker;
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[1] = { row };
        const int y = (int)info.output_scanline;
        jpeg_read_scanlines(&info, rows, 1);
        unsigned char *out = rgb + (size_t)y * (size_t)width * 3;
        if (cmyk) {
            for (int x = 0; x < width; x++) {
                int c = row[4 * x], m = row[4 * x + 1], yy = row[4 * x + 2], k = row[4 * x + 3];
                if (!inverted) { c = 255 - c; m = 255 - m; yy = 255 - yy; k = 255 - k; }
                out[3 * x] = (unsigned char)((c * k + 127) / 255);
                out[3 * x + 1] = (unsigned char)((m * k + 127) / 255);
                out[3 * x + 2] = (unsigned char)((yy * k + 127) / 255);
            }
        } else if (components == 1) {
            for (int x = 0; x < width; x++) out[3 * x] = out[3 * x + 1] = out[3 * x + 2] = row[x];
        } else {
            memcpy(out, row, (size_t)width * 3);
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    if (file) fclose(file);
    *rgb_out = rgb;
    *width_out = width;
    *height_out = height;
    return 0;
}

/// Decodes a CMYK/YCCK JPEG to packed RGB24 (scaled by 1/scale_denom, 1, 2, 4 or 8).
/// Returns 0 and a malloc'ed buffer the caller frees, or -1 with `message` filled.
static inline int lenta_decode_cmyk_jpeg(const char *path, int scale_denom, unsigned char **rgb_out,
                                         int *width_out, int *height_out, char *message, size_t message_size) {
    const int denom = scale_denom == 2 || scale_denom == 4 || scale_denom == 8 ? scale_denom : 1;
    return lenta_decode_jpeg_rgb(path, NULL, 0, 1, denom, 0, LONG_MAX, rgb_out, width_out, height_out, message, message_size);
}

/// Decodes any JPEG (Y'CbCr, greyscale, CMYK/YCCK) to packed RGB24 at a DCT-scaled size: the
/// smallest of 1/8, 1/4, 1/2, 1/1 whose longer side is still at least `min_long_side` (at 1/8
/// libjpeg-turbo only reads each block's DC coefficient, so a 48 MP photo costs its entropy
/// decoding and no inverse transform). Refuses outputs over `max_pixels` (a header may claim
/// anything). Returns 0 and a malloc'ed buffer the caller frees, or -1 with `message` filled.
static inline int lenta_decode_jpeg_reduced(const char *path, int min_long_side, long max_pixels,
                                            unsigned char **rgb_out, int *width_out, int *height_out,
                                            char *message, size_t message_size) {
    return lenta_decode_jpeg_rgb(path, NULL, 0, 0, 0, min_long_side, max_pixels, rgb_out, width_out, height_out, message, message_size);
}

/// `lenta_decode_jpeg_reduced` of a JPEG held in memory (an EXIF thumbnail).
static inline int lenta_decode_jpeg_reduced_bytes(const unsigned char *bytes, unsigned long length, int min_long_side,
                                                  long max_pixels, unsigned char **rgb_out, int *width_out, int *height_out,
                                                  char *message, size_t message_size) {
    return lenta_decode_jpeg_rgb(NULL, bytes, length, 0, 0, min_long_side, max_pixels, rgb_out, width_out, height_out,
                                 message, message_size);
}

#endif

