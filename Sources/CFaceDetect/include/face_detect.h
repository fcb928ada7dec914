#ifndef LENTA_FACE_DETECT_H
#define LENTA_FACE_DETECT_H
// A C face detector over OpenCV's cascade classifier (objdetect), for Swift: one opaque object
// that owns the loaded cascade, and one call that finds faces in an 8-bit grey picture.
// No C++ exception crosses this boundary: failures are status codes.
// It is built as a shared object of its own (SwiftPM product LentaFaceDetect) that lenta loads with
// dlopen the first time it looks for a face, finding each function with dlsym as its `…_fn` type
// below: lenta links no OpenCV, whose libraries would cost every process ~11 MB and ~17 ms of CPU.
#include <stdint.h>

/// The shared object's file name (SwiftPM's for the LentaFaceDetect product).
#define LENTA_FACE_DETECT_LIBRARY "libLentaFaceDetect.so"

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

/// The functions' types, for a caller that finds them with dlsym (face_detect.cpp checks they match).
typedef lenta_face_detector *(*lenta_face_detector_open_fn)(const char *cascade_path, int *status);
typedef void (*lenta_face_detector_close_fn)(lenta_face_detector *detector);
typedef int (*lenta_detect_faces_fn)(lenta_face_detector *detector, const uint8_t *gray, int width, int height, int stride,
                                      int min_size, lenta_face_rect *out, int max);
typedef const char *(*lenta_face_detector_last_error_fn)(const lenta_face_detector *detector);

#ifdef __cplusplus
}
#endif
#endif
