// Tesseract's and ZXing-C++'s readers behind a C API (see include/document_reader.h).
#include "document_reader.h"
#include "aztec_search.h"
#include "resample.h"

#include <tesseract/capi.h>
#include <ZXing/BarcodeFormat.h>
#include <ZXing/BitMatrix.h>
#include <ZXing/MultiFormatWriter.h>
#include <ZXing/ReadBarcode.h>
#include <ZXing/TextUtfEncoding.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <type_traits>
#include <vector>

// lenta calls these through the header's pointer types (dlsym): a changed signature must not compile.
static_assert(std::is_same<decltype(&lenta_text_reader_open), lenta_text_reader_open_fn>::value, "");
static_assert(std::is_same<decltype(&lenta_text_reader_close), lenta_text_reader_close_fn>::value, "");
static_assert(std::is_same<decltype(&lenta_read_text), lenta_read_text_fn>::value, "");
static_assert(std::is_same<decltype(&lenta_text_reader_last_error), lenta_text_reader_last_error_fn>::value, "");
static_assert(std::is_same<decltype(&lenta_read_codes), lenta_read_codes_fn>::value, "");
static_assert(std::is_same<decltype(&lenta_code_format_name), lenta_code_format_name_fn>::value, "");
static_assert(std::is_same<decltype(&lenta_write_code), lenta_write_code_fn>::value, "");

struct lenta_text_reader {
    TessBaseAPI *api;
    std::string lastError;
};

extern "C" lenta_text_reader *lenta_text_reader_open(const char *tessdata, const char *language, int *status) {
    if (status) *status = LENTA_READER_OK;
    if (!tessdata || !language) {
        if (status) *status = LENTA_READER_BAD_ARGUMENT;
        return nullptr;
    }
    try {
        TessBaseAPI *api = TessBaseAPICreate();
        if (!api) {
            if (status) *status = LENTA_READER_ENGINE_ERROR;
            return nullptr;
        }
        // The LSTM engine alone (what Debian's tessdata holds); no config files, no debug output.
        if (TessBaseAPIInit2(api, tessdata, language, tesseract::OEM_LSTM_ONLY) != 0) {
            TessBaseAPIDelete(api);
            if (status) *status = LENTA_READER_NO_LANGUAGE_DATA;
            return nullptr;
        }
        TessBaseAPISetVariable(api, "debug_file", "/dev/null");
        // Sauvola's local threshold: a phone's photo of paper is lit unevenly (a lamp, a shadow),
        // which one global (Otsu) threshold turns into black patches or lost letters.
        TessBaseAPISetVariable(api, "thresholding_method", "2");
        auto *reader = new lenta_text_reader{api, std::string()};
        return reader;
    } catch (...) {
        if (status) *status = LENTA_READER_ENGINE_ERROR;
        return nullptr;
    }
}

extern "C" void lenta_text_reader_close(lenta_text_reader *reader) {
    if (!reader) return;
    TessBaseAPIEnd(reader->api);
    TessBaseAPIDelete(reader->api);
    delete reader;
}

extern "C" const char *lenta_text_reader_last_error(const lenta_text_reader *reader) {
    return reader ? reader->lastError.c_str() : "";
}

// Appends `bytes` (cut to what fits) to the caller's text buffer; the offset and length written.
static void appendText(const std::string &bytes, char *text, int capacity, int &used, int32_t &offset, int32_t &length) {
    int n = std::min<int>(static_cast<int>(bytes.size()), std::max(0, capacity - used));
    offset = used;
    length = n;
    if (n > 0) std::memcpy(text + used, bytes.data(), static_cast<size_t>(n));
    used += n;
}

extern "C" int lenta_read_text(lenta_text_reader *reader, const uint8_t *grey, int width, int height, int stride, int mode,
                               lenta_text_line *lines, int max_lines, char *text, int text_capacity) {
    if (!reader || !grey || width <= 0 || height <= 0 || stride < width || max_lines < 0 || (max_lines > 0 && !lines)
        || text_capacity < 0 || (text_capacity > 0 && !text)) {
        return LENTA_READER_BAD_ARGUMENT;
    }
    try {
        // lenta reads a photo a core, each with a Tesseract of its own: Tesseract's OpenMP teams
        // would crowd the same cores and spin (a reading cost 2.4 times the CPU for the same
        // time). OMP_THREAD_LIMIT is read once, when lenta starts (libsoxr links libgomp), so this
        // thread's parallel regions are made to run alone (an OpenMP setting of the calling thread).
        using SetLevels = void (*)(int);
        static const auto setMaxActiveLevels = reinterpret_cast<SetLevels>(dlsym(RTLD_DEFAULT, "omp_set_max_active_levels"));
        if (setMaxActiveLevels) setMaxActiveLevels(0);
        TessBaseAPI *api = reader->api;
        TessBaseAPIClear(api);
        switch (mode) {
        case LENTA_TEXT_SPARSE:
            TessBaseAPISetPageSegMode(api, tesseract::PSM_SPARSE_TEXT);
            TessBaseAPISetVariable(api, "tessedit_char_whitelist", "");
            break;
        case LENTA_TEXT_MRZ:
            TessBaseAPISetPageSegMode(api, tesseract::PSM_SINGLE_BLOCK);
            TessBaseAPISetVariable(api, "tessedit_char_whitelist", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<");
            break;
        case LENTA_TEXT_DIGITS:
            TessBaseAPISetPageSegMode(api, tesseract::PSM_SINGLE_LINE);
            TessBaseAPISetVariable(api, "tessedit_char_whitelist", "0123456789");
            break;
        default:
            TessBaseAPISetPageSegMode(api, tesseract::PSM_AUTO);
            TessBaseAPISetVariable(api, "tessedit_char_whitelist", "");
        }
        TessBaseAPISetImage(api, grey, width, height, 1, stride);
        // The picture is reduced to about 1600 pixels: a phone's page is then some 150 pixels an inch.
        TessBaseAPISetSourceResolution(api, 150);
        if (TessBaseAPIRecognize(api, nullptr) != 0) {
            reader->lastError = "Tesseract could not recognise the picture";
            return LENTA_READER_ENGINE_ERROR;
        }
        TessResultIterator *it = TessBaseAPIGetIterator(api);
        if (!it) return 0;  // no text at all
        int count = 0, used = 0;
        TessPageIterator *page = TessResultIteratorGetPageIterator(it);
        do {
            if (count >= max_lines) break;
            int left, top, right, bottom;
            if (!TessPageIteratorBoundingBox(page, tesseract::RIL_TEXTLINE, &left, &top, &right, &bottom)) continue;
            char *line = TessResultIteratorGetUTF8Text(it, tesseract::RIL_TEXTLINE);
            if (!line) continue;
            std::string bytes(line);
            TessDeleteText(line);
            while (!bytes.empty() && (bytes.back() == '\n' || bytes.back() == ' ')) bytes.pop_back();
            if (bytes.empty()) continue;
            lenta_text_line &out = lines[count++];
            out.x = left;
            out.y = top;
            out.width = right - left;
            out.height = bottom - top;
            out.confidence = TessResultIteratorConfidence(it, tesseract::RIL_TEXTLINE);
            int bx1, by1, bx2, by2;
            out.angle = TessPageIteratorBaseline(page, tesseract::RIL_TEXTLINE, &bx1, &by1, &bx2, &by2) && bx2 != bx1
                ? static_cast<float>(std::atan2(static_cast<double>(by2 - by1), static_cast<double>(bx2 - bx1)) * 180.0 / 3.14159265358979)
                : 0.0f;
            for (char &c : bytes) if (c == '\n') c = ' ';
            bytes.push_back('\n');
            int32_t offset, length;
            appendText(bytes, text, text_capacity, used, offset, length);
        } while (TessPageIteratorNext(page, tesseract::RIL_TEXTLINE));
        TessResultIteratorDelete(it);
        return count;
    } catch (const std::exception &error) {
        reader->lastError = error.what();
        return LENTA_READER_ENGINE_ERROR;
    } catch (...) {
        reader->lastError = "unknown Tesseract error";
        return LENTA_READER_ENGINE_ERROR;
    }
}

// `grey` turned by `degrees` (clockwise positive) about its centre into `out` (width × height,
// packed), bilinear; what falls outside is white paper.
static void turn(const uint8_t *grey, int width, int height, int stride, double degrees, uint8_t *out) {
    resample(grey, width, height, stride, width / 2.0, height / 2.0, 1, degrees, width, height, out);
}

// A point of the picture `turn` made, where it lies in the picture it was made from.
static ZXing::PointI turnedPoint(ZXing::PointI p, int width, int height, double degrees) {
    const double a = degrees * 3.14159265358979 / 180, c = std::cos(a), s = std::sin(a);
    const double cx = width / 2.0, cy = height / 2.0, dx = p.x - cx, dy = p.y - cy;
    return {static_cast<int>(std::lround(c * dx + s * dy + cx)), static_cast<int>(std::lround(-s * dx + c * dy + cy))};
}

extern "C" int lenta_read_codes(const uint8_t *grey, int width, int height, int stride, lenta_code *codes, int max_codes,
                                char *text, int text_capacity) {
    if (!grey || width <= 0 || height <= 0 || stride < width || max_codes < 0 || (max_codes > 0 && !codes)
        || text_capacity < 0 || (text_capacity > 0 && !text)) {
        return LENTA_READER_BAD_ARGUMENT;
    }
    try {
        ZXing::ImageView image(grey, width, height, ZXing::ImageFormat::Lum, stride);
        ZXing::DecodeHints hints;
        hints.setTryHarder(true);
        hints.setTryRotate(true);
        hints.setMaxNumberOfSymbols(static_cast<uint8_t>(std::min(max_codes, 255)));
        auto results = ZXing::ReadBarcodes(image, hints);
        // ZXing 1.4 looks for several symbols with some readers only (Aztec, tilted PDF417 are
        // found by the one-symbol search): when the search for many finds none, look for one.
        if (results.empty()) {
            auto one = ZXing::ReadBarcode(image, hints);
            if (one.isValid()) results.push_back(one);
        }
        // ZXing's local-average binarizer loses a blurred photo's small modules (an Aztec code's
        // bullseye rings run together); one threshold halfway between ink and paper keeps them.
        if (results.empty()) {
            hints.setBinarizer(ZXing::Binarizer::FixedThreshold);
            auto one = ZXing::ReadBarcode(image, hints);
            if (one.isValid()) results.push_back(one);
        }
        // ZXing 1.4 finds a PDF417 by its start and stop patterns along rows, within some 5° of
        // level. A boarding pass photographed askew on a patterned table or a tiled floor is not
        // levelled by its text lines first (the page-like region is the whole picture): the
        // picture is turned by ±7° and ±14°, so a code leaning up to some 18° is read. A pass
        // for PDF417 alone costs some 25 ms at 1600 pixels (matrix codes are found at any turn).
        std::vector<ZXing::PointI> turnedBack;
        if (results.empty()) {
            ZXing::DecodeHints rows;
            rows.setTryHarder(true);
            rows.setTryRotate(true);
            rows.setFormats(ZXing::BarcodeFormat::PDF417);
            std::vector<uint8_t> turned(static_cast<size_t>(width) * height);
            for (double degrees : {7.0, -7.0, 14.0, -14.0}) {
                turn(grey, width, height, stride, degrees, turned.data());
                auto one = ZXing::ReadBarcode(ZXing::ImageView(turned.data(), width, height, ZXing::ImageFormat::Lum), rows);
                if (!one.isValid()) continue;
                for (int k = 0; k < 4; ++k) turnedBack.push_back(turnedPoint(one.position()[k], width, height, degrees));
                results.push_back(one);
                break;
            }
        }
        // An Aztec code off the middle of the picture, or decoded at some scales only.
        std::optional<AztecFound> aztec;
        if (results.empty() && (aztec = readAztecByBullseye(grey, width, height, stride))) results.push_back(aztec->result);
        int count = 0, used = 0;
        for (const auto &result : results) {
            if (count >= max_codes) break;
            if (!result.isValid()) continue;
            lenta_code &out = codes[count++];
            out.format = static_cast<int32_t>(result.format());
            ZXing::PointI p[4];
            for (int k = 0; k < 4; ++k) p[k] = turnedBack.empty() ? result.position()[k] : turnedBack[k];
            int minX = p[0].x, maxX = p[0].x, minY = p[0].y, maxY = p[0].y;
            for (int k = 1; k < 4; ++k) {
                minX = std::min(minX, p[k].x); maxX = std::max(maxX, p[k].x);
                minY = std::min(minY, p[k].y); maxY = std::max(maxY, p[k].y);
            }
            out.x = minX; out.y = minY; out.width = maxX - minX; out.height = maxY - minY;
            if (aztec) { out.x = aztec->x; out.y = aztec->y; out.width = aztec->width; out.height = aztec->height; }
            appendText(ZXing::TextUtfEncoding::ToUtf8(result.text()), text, text_capacity, used, out.text_offset, out.text_length);
        }
        return count;
    } catch (...) {
        return LENTA_READER_ENGINE_ERROR;
    }
}

extern "C" const char *lenta_code_format_name(int32_t format) {
    try {
        return ZXing::ToString(static_cast<ZXing::BarcodeFormat>(format));
    } catch (...) {
        return "";
    }
}

extern "C" int lenta_write_code(const char *format_name, const char *contents, int width, int height, uint8_t *out) {
    if (!format_name || !contents || width <= 0 || height <= 0 || !out) return LENTA_READER_BAD_ARGUMENT;
    try {
        auto format = ZXing::BarcodeFormatFromString(format_name);
        if (format == ZXing::BarcodeFormat::None) return LENTA_READER_BAD_ARGUMENT;
        ZXing::MultiFormatWriter writer(format);
        writer.setMargin(4);
        auto matrix = writer.encode(std::string(contents), 1, 1);
        // ZXing makes the code at its own size at least: drawn in whole pixels a module (as a
        // printer does), as large as fits, in the middle of the box.
        int mw = matrix.width(), mh = matrix.height();
        if (mw <= 0 || mh <= 0 || mw > width || mh > height) return LENTA_READER_NO_ROOM;
        int scale = std::max(1, std::min(width / mw, height / mh));
        int left = (width - mw * scale) / 2, top = (height - mh * scale) / 2;
        std::fill(out, out + static_cast<size_t>(width) * height, 255);
        for (int y = 0; y < mh * scale; ++y)
            for (int x = 0; x < mw * scale; ++x)
                if (matrix.get(x / scale, y / scale)) out[(top + y) * width + left + x] = 0;
        return LENTA_READER_OK;
    } catch (...) {
        return LENTA_READER_ENGINE_ERROR;
    }
}
