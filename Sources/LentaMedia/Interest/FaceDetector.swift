import CFaceDetectAPI
import Foundation
import LentaPixels
import Synchronization

/// OpenCV's frontal-face cascade (through `CFaceDetect`, loaded on first use: `FaceDetectLibrary`):
/// the one owner of a loaded detector, made by the throwing init and freed by `deinit`. One
/// detection at a time (the detector is reached only through its `Mutex`), so one detector
/// serves every thread.
public final class FaceDetector: Sendable {
    /// A face in the picture's pixels, with how many overlapping windows agreed on it.
    public struct Face: Sendable, Equatable {
        public var x, y, width, height: Int
        public var neighbours: Int
    }

    public let cascadePath: String
    private let library: FaceDetectLibrary
    private let detector: Mutex<OpaquePointer>

    /// The detector's shared object this one runs from.
    public var libraryPath: String { library.path }

    /// Where Debian's `opencv-data` (and builds from source) put the frontal-face cascade.
    public static let cascadeCandidates = [
        "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml",
        "/usr/local/share/opencv4/haarcascades/haarcascade_frontalface_default.xml",
        "/usr/share/opencv/haarcascades/haarcascade_frontalface_default.xml",
    ]

    /// Throws when the detector's library cannot be loaded (it names the files tried and why) or
    /// the cascade cannot be read.
    public init(cascadePath: String) throws(MediaError) {
        let library = try FaceDetectLibrary.shared.get()
        var status: Int32 = 0
        guard let detector = library.open(cascadePath, &status) else {
            let reason = FileManager.default.fileExists(atPath: cascadePath)
                ? "OpenCV cannot read it as a cascade (status \(status))" : "no such file (Debian's opencv-data installs it)"
            throw MediaError("load the face detector", path: cascadePath, reason: reason)
        }
        self.library = library
        self.detector = Mutex(detector)
        self.cascadePath = cascadePath
    }

    deinit { detector.withLock { library.close($0) } }

    /// The detector of the first installed cascade, loaded once for the process.
    public static func standard() throws -> FaceDetector { try loaded.get() }

    private static let loaded: Result<FaceDetector, MediaError> = {
        guard let path = cascadeCandidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            return .failure(MediaError("load the face detector", path: cascadeCandidates[0],
                                           reason: "no such file (Debian's opencv-data installs it)"))
        }
        do throws(MediaError) {
            return .success(try FaceDetector(cascadePath: path))
        } catch {
            return .failure(error)
        }
    }()

    /// Faces at least `minSize` pixels wide in an 8-bit grey picture, largest first.
    public func faces(inGrey grey: PlaneSamples, width: Int, height: Int, minSize: Int) throws -> [Face] {
        guard width > 0, height > 0, grey.count >= width * height else { return [] }
        let capacity = 64
        let library = library
        let (rects, found, failure) = detector.withLock { detector in
            var rects = [lenta_face_rect](repeating: lenta_face_rect(), count: capacity)
            let found = grey.withUnsafeBufferPointer { g in
                rects.withUnsafeMutableBufferPointer { r in
                    library.detect(detector, g.baseAddress, Int32(width), Int32(height), Int32(width), Int32(minSize),
                                   r.baseAddress, Int32(capacity))
                }
            }
            // The detector's words, read before another detection can replace them.
            let failure = found < 0 ? library.lastError(detector).map { String(cString: $0) } ?? "" : nil
            return (rects, found, failure)
        }
        if let failure {
            throw MediaError("detect faces", path: cascadePath, reason: "OpenCV failed (status \(found)): \(failure)")
        }
        return rects.prefix(Int(min(found, Int32(capacity)))).map {
            Face(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height), neighbours: Int($0.neighbours))
        }
    }
}
