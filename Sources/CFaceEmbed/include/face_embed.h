#ifndef LENTA_FACE_EMBED_H
#define LENTA_FACE_EMBED_H
// Faces as 128-number vectors, for Swift, over dlib: its HOG frontal-face detector finds faces,
// the 5-point shape predictor aligns each to a 150×150 chip, and the ResNet face-recognition
// network (dlib_face_recognition_resnet_model_v1, as in dlib's dnn_face_recognition_ex.cpp)
// turns the chip into a vector; two faces of one person lie less than 0.6 apart (Euclidean).
// One opaque object owns the loaded models; calls may come from many threads at once (each call
// takes a worker of its own: dlib's detector and network keep scratch state).
// No C++ exception crosses this boundary: failures are status codes, with text.
// It is built as a shared object of its own (SwiftPM product LentaFaceEmbed) that lenta loads with
// dlopen the first time it needs a face's identity, finding each function with dlsym as its
// `…_fn` type below: lenta links no dlib (nor its BLAS and LAPACK).
#include <stdint.h>

/// The shared object's file name (SwiftPM's for the LentaFaceEmbed product).
#define LENTA_FACE_EMBED_LIBRARY "libLentaFaceEmbed.so"
/// The length of a face's vector.
#define LENTA_FACE_EMBEDDING_SIZE 128

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lenta_face_embedder lenta_face_embedder;

typedef struct lenta_face_embedding {
    /// The face's box in the picture's pixels, as the detector found it.
    int32_t x, y, width, height;
    /// The detector's confidence (its HOG score: above 0 is a face).
    float score;
    float vector[LENTA_FACE_EMBEDDING_SIZE];
} lenta_face_embedding;

enum {
    LENTA_EMBED_OK = 0,
    LENTA_EMBED_BAD_ARGUMENT = -1,
    LENTA_EMBED_MODEL_UNREADABLE = -2,
    LENTA_EMBED_DLIB_ERROR = -3,
};

/// Loads the 5-point shape predictor and the ResNet model. Returns NULL and sets *status and
/// `error` (a NUL-terminated text of at most error_size bytes) when it cannot.
lenta_face_embedder *lenta_face_embedder_open(const char *shape_model_path, const char *recognition_model_path,
                                              int *status, char *error, int error_size);
void lenta_face_embedder_close(lenta_face_embedder *embedder);

/// Finds faces at least `min_size` pixels wide in the 8-bit RGB picture `rgb` (`stride` bytes a
/// row) and embeds each: writes up to `max` of them, largest first (ties by position), and
/// returns how many faces were found in all (which may exceed `max`), or a negative status
/// (with text in `error`).
int lenta_face_embed(lenta_face_embedder *embedder, const uint8_t *rgb, int width, int height, int stride,
                     int min_size, lenta_face_embedding *out, int max, char *error, int error_size);

/// The functions' types, for a caller that finds them with dlsym (face_embed.cpp checks they match).
typedef lenta_face_embedder *(*lenta_face_embedder_open_fn)(const char *shape_model_path, const char *recognition_model_path,
                                                             int *status, char *error, int error_size);
typedef void (*lenta_face_embedder_close_fn)(lenta_face_embedder *embedder);
typedef int (*lenta_face_embed_fn)(lenta_face_embedder *embedder, const uint8_t *rgb, int width, int height, int stride,
                                   int min_size, lenta_face_embedding *out, int max, char *error, int error_size);

#ifdef __cplusplus
}
#endif
#endif
