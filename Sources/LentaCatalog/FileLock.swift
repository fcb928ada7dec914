#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An exclusive `flock` on a file, held until this value goes away. The kernel releases it when
/// the process ends, however it ends, so a killed process never leaves a stale lock. The file
/// holds the holder's pid, for the message another process prints.
public final class FileLock {
    public enum Failure: Error {
        /// Another process holds it ("pid 1234", or "another process").
        case busy(holder: String)
        /// The file cannot be made or locked.
        case unavailable(reason: String)
    }

    public let path: String
    private let fd: Int32

    /// Takes the lock; with `wait`, blocks until it is free, else fails with `.busy` at once.
    public init(path: String, wait: Bool) throws {
        self.path = path
        // The folder may not exist yet (a first run with the default catalog).
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure.unavailable(reason: String(cString: strerror(errno))) }
        while flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw Failure.unavailable(reason: "cannot lock it: " + reason)
            }
            let holder = Self.holder(fd)
            close(fd)
            throw Failure.busy(holder: holder)
        }
        _ = ftruncate(fd, 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    /// The pid the holder wrote. A holder that has just taken the lock may not have written it
    /// yet, so an empty file is read again for up to 0.2 s.
    private static func holder(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 64)
        for _ in 0..<20 {
            let n = pread(fd, &buffer, 63, 0)
            let text = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : ""
            if !text.isEmpty { return "pid " + text }
            usleep(10_000)
        }
        return "another process"
    }

    deinit {
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}
