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

    /// Beside the running executable (SwiftPM builds it there: `.build/<config>/`, the test runner's
    /// folder too), then `<executable>/../lib/lenta/` (where `make install` puts it).
    static func candidates(executables: [URL] = PresetLibrary.runningExecutables()) -> [String] {
        var paths: [String] = []
        for executable in executables {
            let folder = executable.deletingLastPathComponent()
            for candidate in [folder, folder.appendingPathComponent("../lib/lenta", isDirectory: true)] {
                let path = candidate.appendingPathComponent(LENTA_FACE_DETECT_LIBRARY).standardizedFileURL.path
                if !paths.contains(path) { paths.append(path) }
            }
        }
        return paths
    }

    /// The first of `paths` that loads and has the four functions.
    static func load(from paths: [String]) -> Result<FaceDetectLibrary, MediaError> {
        var reasons: [String] = []
        for path in paths {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerrorText())
                continue
            }
            do {
                return .success(FaceDetectLibrary(
                    path: path,
                    open: try resolve("lenta_face_detector_open", in: handle),
                    close: try resolve("lenta_face_detector_close", in: handle),
                    detect: try resolve("lenta_detect_faces", in: handle),
                    lastError: try resolve("lenta_face_detector_last_error", in: handle)))
            } catch {
                reasons.append("\(path): \(error.reason)")
                dlclose(handle)
            }
        }
        return .failure(MediaError("load the face detector", path: LENTA_FACE_DETECT_LIBRARY,
                                   reason: reasons.isEmpty ? "no folder to look in" : reasons.joined(separator: "; ")))
    }

    private static func resolve<Function>(_ name: String, in handle: UnsafeMutableRawPointer) throws(MediaError) -> Function {
        guard let address = dlsym(handle, name) else {
            throw MediaError("load the face detector", path: LENTA_FACE_DETECT_LIBRARY, reason: dlerrorText())
        }
        return unsafeBitCast(address, to: Function.self)
    }

    private static func dlerrorText() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
    }
}
