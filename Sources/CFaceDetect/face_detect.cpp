// OpenCV's cascade face detector behind a C API (see include/face_detect.h).
#include "face_detect.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/objdetect.hpp>

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

// lenta calls these through the header's pointer types (dlsym): a changed signature must not compile.
static_assert(std::is_same<decltype(&lenta_face_detector_open), lenta_face_detector_open_fn>::value, "");
static_assert(std::is_same<decltype(&lenta_face_detector_close), lenta_face_detector_close_fn>::value, "");
static_assert(std::is_same<decltype(&lenta_detect_faces), lenta_detect_faces_fn>::value, "");
static_assert(std::is_same<decltype(&lenta_face_detector_last_error), lenta_face_detector_last_error_fn>::value, "");

struct lenta_face_detector {
    cv::CascadeClassifier cascade;
    std::string lastError;
};

extern "C" lenta_face_detector *lenta_face_detector_open(const char *cascade_path, int *status) {
    if (status) *status = LENTA_FACE_OK;
    if (!cascade_path) {
        if (status) *status = LENTA_FACE_BAD_ARGUMENT;
        return nullptr;
    }
    try {
        // OpenCV's own pool gathers candidate windows in whatever order its threads finish;
        // one thread keeps the merged rectangles the same every run (lenta runs detectors on
        // its own threads, one picture each).
        cv::setNumThreads(1);
        auto *detector = new lenta_face_detector();
        if (!detector->cascade.load(cascade_path) || detector->cascade.empty()) {
            delete detector;
            if (status) *status = LENTA_FACE_CASCADE_UNREADABLE;
            return nullptr;
        }
        return detector;
    } catch (...) {
        if (status) *status = LENTA_FACE_CASCADE_UNREADABLE;
        return nullptr;
    }
}

extern "C" void lenta_face_detector_close(lenta_face_detector *detector) { delete detector; }

extern "C" const char *lenta_face_detector_last_error(const lenta_face_detector *detector) {
    return detector ? detector->lastError.c_str() : "";
}

extern "C" int lenta_detect_faces(lenta_face_detector *detector, const uint8_t *gray, int width, int height, int stride,
                                  int min_size, lenta_face_rect *out, int max) {
    if (!detector || !gray || width <= 0 || height <= 0 || stride < width || max < 0 || (max > 0 && !out)) {
        return LENTA_FACE_BAD_ARGUMENT;
    }
    try {
        // The caller's pixels, not copied (OpenCV does not write to its input).
        cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(gray), static_cast<size_t>(stride));
        cv::Mat equalised;
        cv::equalizeHist(image, equalised);
        std::vector<cv::Rect> faces;
        std::vector<int> neighbours;
        const int smallest = std::max(12, min_size);
        detector->cascade.detectMultiScale(equalised, faces, neighbours, 1.1, 4, 0, cv::Size(smallest, smallest));
        std::vector<size_t> order(faces.size());
        for (size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
            const cv::Rect &p = faces[a], &q = faces[b];
            if (p.area() != q.area()) return p.area() > q.area();
            if (p.y != q.y) return p.y < q.y;
            return p.x < q.x;
        });
        const int n = static_cast<int>(faces.size());
        for (int i = 0; i < std::min(n, max); ++i) {
            const cv::Rect &r = faces[order[i]];
            out[i] = lenta_face_rect{r.x, r.y, r.width, r.height,
                                     order[i] < neighbours.size() ? neighbours[order[i]] : 0};
        }
        detector->lastError.clear();
        return n;
    } catch (const cv::Exception &e) {
        detector->lastError = e.what();
        return LENTA_FACE_OPENCV_ERROR;
    } catch (...) {
        detector->lastError = "unknown error";
        return LENTA_FACE_OPENCV_ERROR;
    }
}
