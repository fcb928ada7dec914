#ifndef LENTA_DOCUMENT_READER_H
#define LENTA_DOCUMENT_READER_H
// What a picture says, for Swift: text lines by Tesseract (its C API) and barcodes by ZXing-C++,
// behind one C API with no C++ exception crossing it (failures are status codes).
// Built as a shared object of its own (SwiftPM product LentaDocumentReader) that lenta loads with
// dlopen the first time a picture may hold text: linked into lenta, Tesseract and ZXing (58
// libraries with what they bring) would cost every process ~15 ms of CPU and ~14 MB at its start.
#include <stdint.h>

/// The shared object's file name (SwiftPM's for the LentaDocumentReader product).
#define LENTA_DOCUMENT_READER_LIBRARY "libLentaDocumentReader.so"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    LENTA_READER_OK = 0,
    LENTA_READER_BAD_ARGUMENT = -1,
    LENTA_READER_NO_LANGUAGE_DATA = -2,
    LENTA_READER_ENGINE_ERROR = -3,
    LENTA_READER_NO_ROOM = -4,
};

/// How Tesseract is to segment the picture.
enum {
    /// Whole page: blocks, paragraphs, lines (PSM_AUTO).
    LENTA_TEXT_PAGE = 0,
    /// As much text as can be found, in no order (PSM_SPARSE_TEXT): text in a scene.
    LENTA_TEXT_SPARSE = 1,
    /// One block of uniform lines, letters A–Z, digits and '<' only: a machine-readable zone.
    LENTA_TEXT_MRZ = 2,
    /// One line of digits only (PSM_SINGLE_LINE, digits 0–9): a card number's band read again.
    LENTA_TEXT_DIGITS = 3,
};

typedef struct lenta_text_reader lenta_text_reader;

/// One line of text Tesseract found: its box in the picture, its mean word confidence (0–100).
/// Its text is the line of the same number in the caller's text buffer (UTF-8, one line each,
/// ended by '\n').
typedef struct lenta_text_line {
    int32_t x, y, width, height;
    float confidence;
    /// The slope of its baseline in degrees, clockwise positive (image y grows downwards).
    float angle;
} lenta_text_line;

/// A barcode ZXing read: its format's name (`lenta_code_format_name`), its bounding box, and its
/// text at `text_offset` in the caller's text buffer.
typedef struct lenta_code {
    int32_t format;
    int32_t x, y, width, height;
    int32_t text_offset, text_length;
} lenta_code;

/// Opens Tesseract with the language `language` ("eng") from the folder `tessdata`.
/// Returns NULL and sets *status when it cannot.
lenta_text_reader *lenta_text_reader_open(const char *tessdata, const char *language, int *status);
void lenta_text_reader_close(lenta_text_reader *reader);

/// Reads the text lines of the grey picture `grey` (`stride` bytes a row) as `mode` says. Writes
/// up to `max_lines` lines and their text (up to `text_capacity` bytes, lines cut at the end)
/// and returns how many lines were written, or a negative status.
int lenta_read_text(lenta_text_reader *reader, const uint8_t *grey, int width, int height, int stride, int mode,
                    lenta_text_line *lines, int max_lines, char *text, int text_capacity);

/// The last engine error on this reader ("" when none).
const char *lenta_text_reader_last_error(const lenta_text_reader *reader);

/// Reads every barcode ZXing knows (QR, Aztec, PDF417, Data Matrix, linear codes) in the grey
/// picture. Writes up to `max_codes` and their text; returns how many, or a negative status.
int lenta_read_codes(const uint8_t *grey, int width, int height, int stride, lenta_code *codes, int max_codes,
                     char *text, int text_capacity);

/// ZXing's name of a format ("PDF417", "Aztec", "QRCode", …); "" for an unknown one.
const char *lenta_code_format_name(int32_t format);

/// Draws `contents` as a barcode of the format named `format_name` ("PDF417", "Aztec", "QRCode",
/// "DataMatrix", "Code128"…) into the grey picture `out` (width × height bytes, 0 black, 255
/// white). For tests, which make the pictures a phone would take of a boarding pass.
int lenta_write_code(const char *format_name, const char *contents, int width, int height, uint8_t *out);

/// The functions' types, for a caller that finds them with dlsym (document_reader.cpp checks they match).
typedef lenta_text_reader *(*lenta_text_reader_open_fn)(const char *tessdata, const char *language, int *status);
typedef void (*lenta_text_reader_close_fn)(lenta_text_reader *reader);
typedef int (*lenta_read_text_fn)(lenta_text_reader *reader, const uint8_t *grey, int width, int height, int stride, int mode,
                                   lenta_text_line *lines, int max_lines, char *text, int text_capacity);
typedef const char *(*lenta_text_reader_last_error_fn)(const lenta_text_reader *reader);
typedef int (*lenta_read_codes_fn)(const uint8_t *grey, int width, int height, int stride, lenta_code *codes, int max_codes,
                                    char *text, int text_capacity);
typedef const char *(*lenta_code_format_name_fn)(int32_t format);
typedef int (*lenta_write_code_fn)(const char *format_name, const char *contents, int width, int height, uint8_t *out);

#ifdef __cplusplus
}
#endif
#endif
