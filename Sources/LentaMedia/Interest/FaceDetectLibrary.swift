import CFaceDetectAPI

/// The face detector's shared object (`libLentaFaceDetect.so`, the `CFaceDetect` target, linked
/// against OpenCV), loaded with `dlopen` the first time a detector is made (`LoadableLibrary`), and
/// its four functions (`face_detect.h`'s `…_fn` types). lenta does not link OpenCV: its 15
/// libraries (its own and what they bring: objdetect, core, imgproc, dnn, protobuf, tbb, LAPACK,
/// GLX…) cost every process about 11 MB resident and 15–20 ms of CPU at its start (an empty-folder
/// scan: peak 58.5 → 47.1 MB, CPU 76 → 57–62 ms), and only a photo whose centre of interest is
/// looked for needs them.
typealias FaceDetectLibrary = LoadableLibrary.Loaded<FaceDetectFunctions>

struct FaceDetectFunctions: LoadableFunctions {
    static let file = LENTA_FACE_DETECT_LIBRARY
    static let operation = "load the face detector"
    let open = Symbol<lenta_face_detector_open_fn>("lenta_face_detector_open")
    let close = Symbol<lenta_face_detector_close_fn>("lenta_face_detector_close")
    let detect = Symbol<lenta_detect_faces_fn>("lenta_detect_faces")
    let lastError = Symbol<lenta_face_detector_last_error_fn>("lenta_face_detector_last_error")
}
