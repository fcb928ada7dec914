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

static void lenta_jpeg_quiet_output(j_common_ptr info) { (void)info; }

/// A Y'CbCr JPEG's three planes straight out of libjpeg-turbo (`jpeg_read_raw_data`: its SIMD
/// IDCT, no colour conversion, no upsampling), at 1/`scale_denom` of its size (1, 2, 4 or 8).
/// Each plane is malloc'ed whole, `strides[i]` bytes a row, padded to whole blocks and 64
/// bytes more so vector loads may run past the last row; `widths`/`heights` are the samples
/// that show. Returns 0 with the planes (the caller frees them); 1, with nothing, for what it
/// leaves to another decoder: not three-component Y'CbCr, chroma not 1×1 with luma 1 or 2 each
/// way, or any warning from libjpeg (corrupt or truncated data, which libjpeg would paint
/// grey); -1 with `message` for an error.
static inline int lenta_decode_jpeg_planes(const char *path, int scale_denom, unsigned char *planes[3], int widths[3],
                                           int heights[3], long strides[3], long sizes[3], char *message, size_t message_size) {
    for (int i = 0; i < 3; i++) planes[i] = NULL;
    FILE *file = fopen(path, "rb");
    if (!file) { snprintf(message, message_size, "cannot open the file"); return -1; }
    struct jpeg_decompress_struct info;
    struct lenta_jpeg_error error;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = lenta_jpeg_error_exit;
    // The standard emitter counts warnings (`num_warnings`); only their printing is silenced.
    error.manager.output_message = lenta_jpeg_quiet_output;
    error.message[0] = 0;
    // Set between setjmp and longjmp: volatile, so the jump does not lose it.
    volatile int refused = 0;
    if (setjmp(error.jump)) {
        snprintf(message, message_size, "%s", error.message);
        jpeg_destroy_decompress(&info);
        for (int i = 0; i < 3; i++) { free(planes[i]); planes[i] = NULL; }
        fclose(file);
        return refused ? 1 : -1;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    const jpeg_component_info *c = info.comp_info;
    const int fits = info.jpeg_color_space == JCS_YCbCr && info.num_components == 3
        && (c[0].h_samp_factor == 1 || c[0].h_samp_factor == 2) && (c[0].v_samp_factor == 1 || c[0].v_samp_factor == 2)
        && c[1].h_samp_factor == 1 && c[1].v_samp_factor == 1 && c[2].h_samp_factor == 1 && c[2].v_samp_factor == 1
        && info.err->num_warnings == 0;
    if (!fits) { refused = 1; longjmp(error.jump, 1); }
    info.raw_data_out = TRUE;
    info.out_color_space = JCS_YCbCr;
    info.scale_num = 1;
    info.scale_denom = (unsigned)(scale_denom == 2 || scale_denom == 4 || scale_denom == 8 ? scale_denom : 1);
    jpeg_start_decompress(&info);
    // Scaled, libjpeg-turbo may decode chroma at a larger block size than luma (scaling it up
    // in the IDCT rather than upsampling): each component's rows are its own block size.
    const long rowsPerCall = (long)info.max_v_samp_factor * info.min_DCT_scaled_size;
    const long calls = ((long)info.output_height + rowsPerCall - 1) / rowsPerCall;
    for (int i = 0; i < 3; i++) {
        const jpeg_component_info *comp = &info.comp_info[i];
        strides[i] = (long)comp->width_in_blocks * comp->DCT_scaled_size;
        // Blocks past the picture's edge are written too: whole calls' rows.
        const long rows = calls * comp->v_samp_factor * comp->DCT_scaled_size;
        sizes[i] = strides[i] * rows + 64;
        widths[i] = (int)comp->downsampled_width;
        heights[i] = (int)comp->downsampled_height;
        planes[i] = malloc((size_t)sizes[i]);
        if (!planes[i]) { snprintf(error.message, sizeof error.message, "out of memory"); longjmp(error.jump, 1); }
    }
    JSAMPROW rows[3][32];
    JSAMPARRAY arrays[3] = { rows[0], rows[1], rows[2] };
    for (int i = 0; i < 3; i++) {
        if (info.comp_info[i].v_samp_factor * info.comp_info[i].DCT_scaled_size > 32) { refused = 1; longjmp(error.jump, 1); }
    }
    for (long call = 0; info.output_scanline < info.output_height; call++) {
        for (int i = 0; i < 3; i++) {
            const long n = (long)info.comp_info[i].v_samp_factor * info.comp_info[i].DCT_scaled_size;
            for (long r = 0; r < n; r++) rows[i][r] = planes[i] + (call * n + r) * strides[i];
        }
        if (jpeg_read_raw_data(&info, arrays, (JDIMENSION)rowsPerCall) == 0) {
            snprintf(error.message, sizeof error.message, "the decoder stopped early");
            refused = 1;
            longjmp(error.jump, 1);
        }
    }
    jpeg_finish_decompress(&info);
    if (info.err->num_warnings > 0) { refused = 1; longjmp(error.jump, 1); }
    jpeg_destroy_decompress(&info);
    fclose(file);
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

