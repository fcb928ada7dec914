// dlib's face detector, 5-point alignment and ResNet face vectors behind a C API (see
// include/face_embed.h). One file: dlib's DNN headers take most of a minute to compile.
#include "face_embed.h"

#include <dlib/dnn.h>
#include <dlib/image_processing.h>
#include <dlib/image_processing/frontal_face_detector.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

// lenta calls these through the header's pointer types (dlsym): a changed signature must not compile.
static_assert(std::is_same<decltype(&lenta_face_embedder_open), lenta_face_embedder_open_fn>::value, "");
static_assert(std::is_same<decltype(&lenta_face_embedder_close), lenta_face_embedder_close_fn>::value, "");
static_assert(std::is_same<decltype(&lenta_face_embed), lenta_face_embed_fn>::value, "");

namespace {
using namespace dlib;

// The network of dlib_face_recognition_resnet_model_v1.dat, as dlib's dnn_face_recognition_ex.cpp
// declares it (the model file holds the weights of exactly this shape).
template <template <int, template <typename> class, int, typename> class block, int N, template <typename> class BN, typename SUBNET>
using residual = add_prev1<block<N, BN, 1, tag1<SUBNET>>>;
template <template <int, template <typename> class, int, typename> class block, int N, template <typename> class BN, typename SUBNET>
using residual_down = add_prev2<avg_pool<2, 2, 2, 2, skip1<tag2<block<N, BN, 2, tag1<SUBNET>>>>>>;
template <int N, template <typename> class BN, int stride, typename SUBNET>
using block = BN<con<N, 3, 3, 1, 1, relu<BN<con<N, 3, 3, stride, stride, SUBNET>>>>>;
template <int N, typename SUBNET> using ares = relu<residual<block, N, affine, SUBNET>>;
template <int N, typename SUBNET> using ares_down = relu<residual_down<block, N, affine, SUBNET>>;
template <typename SUBNET> using alevel0 = ares_down<256, SUBNET>;
template <typename SUBNET> using alevel1 = ares<256, ares<256, ares_down<256, SUBNET>>>;
template <typename SUBNET> using alevel2 = ares<128, ares<128, ares_down<128, SUBNET>>>;
template <typename SUBNET> using alevel3 = ares<64, ares<64, ares<64, ares_down<64, SUBNET>>>>;
template <typename SUBNET> using alevel4 = ares<32, ares<32, ares<32, SUBNET>>>;
using anet_type = loss_metric<fc_no_bias<128, avg_pool_everything<
    alevel0<alevel1<alevel2<alevel3<alevel4<max_pool<3, 3, 2, 2, relu<affine<con<32, 7, 7, 2, 2, input_rgb_image_sized<150>>>>>>>>>>>>>;

// What one call works with: dlib's detector and network keep scratch state, so each thread
// takes one of its own (copied from the loaded one the first time more are needed).
struct Worker {
    frontal_face_detector detector = get_frontal_face_detector();
    shape_predictor shapes;
    anet_type network;
};

void writeError(char *error, int size, const std::string &text) {
    if (!error || size <= 0) return;
    std::snprintf(error, static_cast<size_t>(size), "%s", text.c_str());
}
}  // namespace

struct lenta_face_embedder {
    Worker loaded;
    std::mutex lock;
    std::vector<std::unique_ptr<Worker>> idle;

    std::unique_ptr<Worker> take() {
        std::lock_guard<std::mutex> guard(lock);
        if (!idle.empty()) {
            auto worker = std::move(idle.back());
            idle.pop_back();
            return worker;
        }
        return std::make_unique<Worker>(loaded);
    }
    void giveBack(std::unique_ptr<Worker> worker) {
        std::lock_guard<std::mutex> guard(lock);
        idle.push_back(std::move(worker));
    }
};

extern "C" lenta_face_embedder *lenta_face_embedder_open(const char *shape_model_path, const char *recognition_model_path,
                                                         int *status, char *error, int error_size) {
    if (status) *status = LENTA_EMBED_OK;
    writeError(error, error_size, "");
    if (!shape_model_path || !recognition_model_path) {
        if (status) *status = LENTA_EMBED_BAD_ARGUMENT;
        return nullptr;
    }
    auto embedder = std::make_unique<lenta_face_embedder>();
    const char *reading = shape_model_path;
    try {
        deserialize(shape_model_path) >> embedder->loaded.shapes;
        reading = recognition_model_path;
        deserialize(recognition_model_path) >> embedder->loaded.network;
        if (embedder->loaded.shapes.num_parts() != 5) {
            reading = shape_model_path;
            throw std::runtime_error("a shape predictor of " + std::to_string(embedder->loaded.shapes.num_parts()) + " points, not 5");
        }
    } catch (const std::exception &e) {
        if (status) *status = LENTA_EMBED_MODEL_UNREADABLE;
        writeError(error, error_size, std::string(reading) + ": " + e.what());
        return nullptr;
    }
    return embedder.release();
}

extern "C" void lenta_face_embedder_close(lenta_face_embedder *embedder) { delete embedder; }

extern "C" int lenta_face_embed(lenta_face_embedder *embedder, const uint8_t *rgb, int width, int height, int stride,
                                int min_size, lenta_face_embedding *out, int max, char *error, int error_size) {
    writeError(error, error_size, "");
    if (!embedder || !rgb || width <= 0 || height <= 0 || stride < 3 * width || max < 0 || (max > 0 && !out)) {
        return LENTA_EMBED_BAD_ARGUMENT;
    }
    std::unique_ptr<Worker> worker;
    try {
        worker = embedder->take();
        matrix<rgb_pixel> image(height, width);
        for (int y = 0; y < height; y++) {
            const uint8_t *row = rgb + static_cast<size_t>(y) * static_cast<size_t>(stride);
            for (int x = 0; x < width; x++) image(y, x) = rgb_pixel(row[3 * x], row[3 * x + 1], row[3 * x + 2]);
        }
        std::vector<rect_detection> found;
        worker->detector(image, found);
        std::vector<rect_detection> faces;
        for (const auto &d : found) {
            if (static_cast<int>(d.rect.width()) >= min_size) faces.push_back(d);
        }
        std::sort(faces.begin(), faces.end(), [](const rect_detection &a, const rect_detection &b) {
            if (a.rect.area() != b.rect.area()) return a.rect.area() > b.rect.area();
            if (a.rect.top() != b.rect.top()) return a.rect.top() < b.rect.top();
            return a.rect.left() < b.rect.left();
        });
        const int count = static_cast<int>(faces.size());
        const int kept = std::min(count, max);
        std::vector<matrix<rgb_pixel>> chips;
        for (int i = 0; i < kept; i++) {
            full_object_detection shape = worker->shapes(image, faces[i].rect);
            matrix<rgb_pixel> chip;
            extract_image_chip(image, get_face_chip_details(shape, 150, 0.25), chip);
            chips.push_back(std::move(chip));
        }
        std::vector<matrix<float, 0, 1>> vectors;
        if (!chips.empty()) vectors = worker->network(chips);
        for (int i = 0; i < kept; i++) {
            // The detector's box may reach past the picture's edges: clip it.
            const rectangle box = faces[i].rect.intersect(rectangle(0, 0, width - 1, height - 1));
            lenta_face_embedding &face = out[i];
            face.x = static_cast<int32_t>(box.left());
            face.y = static_cast<int32_t>(box.top());
            face.width = static_cast<int32_t>(box.width());
            face.height = static_cast<int32_t>(box.height());
            face.score = static_cast<float>(faces[i].detection_confidence);
            for (int k = 0; k < LENTA_FACE_EMBEDDING_SIZE; k++) face.vector[k] = vectors[static_cast<size_t>(i)](k);
        }
        embedder->giveBack(std::move(worker));
        return count;
    } catch (const std::exception &e) {
        if (worker) embedder->giveBack(std::move(worker));
        writeError(error, error_size, e.what());
        return LENTA_EMBED_DLIB_ERROR;
    }
}
