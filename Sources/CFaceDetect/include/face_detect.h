#ifndef LENTA_FACE_DETECT_H
#define LENTA_FACE_DETECT_H
// A C face detector over OpenCV's cascade classifier (objdetect), for Swift: one opaque object
// that owns the loaded cascade, and one call that finds faces in an 8-bit grey picture.
// No C++ exception crosses this boundary: failures are status codes.
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lenta_face_detector lenta_face_detector;

typedef struct lenta_face_rect {
    int32_t x, y, width, height;
    /// How many overlapping detections the cascade merged into this one (its confidence).
    int32_t neighbours;
} lenta_face_rect;

enum {
    LENTA_FACE_OK = 0,
    LENTA_FACE_BAD_ARGUMENT = -1,
    LENTA_FACE_CASCADE_UNREADABLE = -2,
    LENTA_FACE_OPENCV_ERROR = -3,
};

/// Loads a cascade file (Haar or LBP XML). Returns NULL and sets *status when it cannot.
lenta_face_detector *lenta_face_detector_open(const char *cascade_path, int *status);
void lenta_face_detector_close(lenta_face_detector *detector);

/// Finds faces at least `min_size` pixels wide in the grey picture `gray` (`stride` bytes a row).
/// Writes up to `max` rectangles, largest first (ties by position), and returns how many faces
/// were found in all (which may exceed `max`), or a negative status.
int lenta_detect_faces(lenta_face_detector *detector, const uint8_t *gray, int width, int height, int stride,
                       int min_size, lenta_face_rect *out, int max);

/// The text of the last OpenCV error on this detector ("" when none).
const char *lenta_face_detector_last_error(const lenta_face_detector *detector);

#ifdef __cplusplus
}
#endif
#endif
