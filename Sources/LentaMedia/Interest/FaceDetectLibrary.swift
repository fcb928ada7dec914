import CFaceDetectAPI
import Foundation
import LentaCore

/// The face detector's shared object (`libLentaFaceDetect.so`, the `CFaceDetect` target, linked
/// against OpenCV), loaded with `dlopen` the first time a detector is made, and its four functions
/// (`face_detect.h`'s `…_fn` types). lenta does not link OpenCV: its 15 libraries (its own and
/// what they bring: objdetect, core, imgproc, dnn, protobuf, tbb, LAPACK, GLX…) cost every
/// process about 11 MB resident and 15–20 ms of CPU at its start (an empty-folder scan: peak
/// 58.5 → 47.1 MB, CPU 76 → 57–62 ms), and only a photo whose centre of interest is looked for
/// needs them.
/// Loaded once and never closed: detectors run its code for the rest of the process.
struct FaceDetectLibrary: @unchecked Sendable {  // C function pointers, set once
    /// The file it was loaded from.
    let path: String
    let open: lenta_face_detector_open_fn
    let close: lenta_face_detector_close_fn
    let detect: lenta_detect_faces_fn
    let lastError: lenta_face_detector_last_error_fn

    /// The library of this process, loaded on first use; the failure names every file tried.
    static let shared: Result<FaceDetectLibrary, MediaError> = load(from: candidates())

    /// Beside the running executable, then `<executable>/../lib/lenta/` (`LoadableLibrary`).
    static func candidates(executables: [URL] = PresetLibrary.runningExecutables()) -> [String] {
        LoadableLibrary.candidates(LENTA_FACE_DETECT_LIBRARY, executables: executables)
    }

    /// The first of `paths` that loads and has the four functions.
    static func load(from paths: [String]) -> Result<FaceDetectLibrary, MediaError> {
        LoadableLibrary.load(paths, symbols: ["lenta_face_detector_open", "lenta_face_detector_close", "lenta_detect_faces",
                                              "lenta_face_detector_last_error"],
                             operation: "load the face detector", file: LENTA_FACE_DETECT_LIBRARY).map { loaded in
            FaceDetectLibrary(path: loaded.path,
                              open: unsafeBitCast(loaded.addresses[0], to: lenta_face_detector_open_fn.self),
                              close: unsafeBitCast(loaded.addresses[1], to: lenta_face_detector_close_fn.self),
                              detect: unsafeBitCast(loaded.addresses[2], to: lenta_detect_faces_fn.self),
                              lastError: unsafeBitCast(loaded.addresses[3], to: lenta_face_detector_last_error_fn.self))
        }
    }
}
