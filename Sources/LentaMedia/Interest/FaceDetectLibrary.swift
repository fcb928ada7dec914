import CFaceDetectAPI
import Foundation
import LentaCore

/// The face detector's shared object (`libLentaFaceDetect.so`, the `CFaceDetect` target, linked
/// against OpenCV), loaded with `dlopen` the first time a detector is made (`LoadableLibrary`), and
/// its four functions (`face_detect.h`'s `…_fn` types). lenta does not link OpenCV: its 15
/// libraries (its own and what they bring: objdetect, core, imgproc, dnn, protobuf, tbb, LAPACK,
/// GLX…) cost every process about 11 MB resident and 15–20 ms of CPU at its start (an empty-folder
/// scan: peak 58.5 → 47.1 MB, CPU 76 → 57–62 ms), and only a photo whose centre of interest is
/// looked for needs them.
struct FaceDetectLibrary: LoadableFunctions {
    static let file = LENTA_FACE_DETECT_LIBRARY
    static let symbols = ["lenta_face_detector_open", "lenta_face_detector_close", "lenta_detect_faces", "lenta_face_detector_last_error"]
    static let operation = "load the face detector"
    /// The library of this process, loaded on first use; the failure names every file tried.
    static let shared = load()

    let functions: LoadableLibrary.Functions
    var open: lenta_face_detector_open_fn { functions[0] }
    var close: lenta_face_detector_close_fn { functions[1] }
    var detect: lenta_detect_faces_fn { functions[2] }
    var lastError: lenta_face_detector_last_error_fn { functions[3] }
}
