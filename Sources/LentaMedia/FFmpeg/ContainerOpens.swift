import Synchronization

/// How many times each watched file has been opened for decoding: a real count of real opens
/// (`FormatContext.init`, and libjpeg-turbo's decodes of a JPEG's planes, `JPEGPlanes`, or of
/// its picture reduced for analysis, `ReducedPhoto`), kept
/// only for paths a test asks about, so the render's promise — each clip opened once for its
/// pictures and once for its sound — can be checked. Counting is per path, so tests running
/// side by side do not disturb each other.
package enum ContainerOpens {
    private static let counts = Mutex<[String: Int]>([:])

    /// Starts counting the opens of `path`, from 0.
    package static func watch(_ path: String) {
        counts.withLock { $0[path] = 0 }
    }

    /// Stops counting `path`.
    package static func unwatch(_ path: String) {
        counts.withLock { $0[path] = nil }
    }

    /// Opens of `path` since it was watched; nil when it is not watched.
    package static func count(of path: String) -> Int? {
        counts.withLock { $0[path] }
    }

    static func record(_ path: String) {
        counts.withLock { counts in
            if let n = counts[path] { counts[path] = n + 1 }
        }
    }
}
