#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One `lenta auto` per catalog at a time: an exclusive `flock` on a file beside the catalog.
/// The kernel releases it when the process ends, however it ends, so a killed run never leaves
/// a stale lock.
public final class AutoLock {
    public let path: String
    private let fd: Int32

    public struct Busy: Error, CustomStringConvertible {
        public var path: String
        public var holder: String
        public var description: String {
            "another lenta auto is running on this catalog (\(holder)); it holds \(path). Try again later, or pass --wait."
        }
    }

    /// The lock file cannot be made (a folder that cannot be created, no permission…).
    public struct Unavailable: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot open the lock file \(path): \(reason)" }
    }

    /// Takes the lock; with `wait`, blocks until it is free, else throws `Busy` at once.
    /// - Throws: `Busy` when another process holds it, `Unavailable` when the file cannot be opened.
    public init(path: String, wait: Bool) throws {
        self.path = path
        // The catalog's folder may not exist yet (the first run with the default catalog).
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Unavailable(path: path, reason: String(cString: strerror(errno))) }
        while flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw Unavailable(path: path, reason: "cannot lock it: " + reason)
            }
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = pread(fd, &buffer, 63, 0)
            let holder = n > 0 ? "pid " + String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : "another process"
            close(fd)
            throw Busy(path: path, holder: holder)
        }
        // Who holds it, for the message another run prints.
        _ = ftruncate(fd, 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit {
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}

