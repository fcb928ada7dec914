#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An exclusive `flock` on a file, held until this value goes away. The kernel releases it when
/// the process ends, however it ends, so a killed process never leaves a stale lock. The file
/// holds the holder's pid, for the message another process prints. It is opened without
/// following a symlink (`O_NOFOLLOW`) and must be a regular file: a lock path planted as a link
/// or a FIFO is refused rather than truncated or waited on.
public final class FileLock {
    public enum Failure: Error, CustomStringConvertible {
        /// Another process holds it ("pid 1234", or "another process").
        case busy(holder: String)
        /// Another process held it for the whole of the time waited.
        case timedOut(path: String, holder: String, seconds: Double)
        /// The file cannot be made or locked.
        case unavailable(reason: String)

        public var description: String {
            switch self {
            case .busy(let holder): return "the lock is held by \(holder)"
            case .timedOut(let path, let holder, let seconds):
                return "gave up after \(String(format: "%.0f", seconds)) s waiting for the lock \(path), held by \(holder)"
            case .unavailable(let reason): return reason
            }
        }
    }

    public let path: String
    private let fd: Int32

    /// Takes the lock; with `wait`, polls until it is free for at most `timeout` seconds (as
    /// SQLite's busy timeout does), else fails with `.busy` at once.
    public init(path: String, wait: Bool, timeout: Double = .infinity) throws {
        self.path = path
        // The folder may not exist yet (a first run with the default catalog).
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // O_NONBLOCK: opening a FIFO planted at the path must not wait for a writer.
        var opened = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o644)
        if opened < 0 && errno == EEXIST { opened = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        guard opened >= 0 else {
            let reason = errno == ELOOP ? "it is a symbolic link (a lock file must be a regular file)" : String(cString: strerror(errno))
            throw Failure.unavailable(reason: reason)
        }
        fd = opened
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Failure.unavailable(reason: "it is not a regular file")
        }
        let deadline = Date().addingTimeInterval(timeout)
        var pause: useconds_t = 1_000
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw Failure.unavailable(reason: "cannot lock it: " + reason)
            }
            if wait && Date() < deadline {
                usleep(pause)
                pause = min(pause * 2, 100_000)
                continue
            }
            let holder = Self.holder(fd)
            close(fd)
            if wait { throw Failure.timedOut(path: path, holder: holder, seconds: timeout) }
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
            if !text.isEmpty, text.allSatisfy(\.isNumber), text.count < 12 { return "pid " + text }
            if !text.isEmpty { break }
            usleep(10_000)
        }
        return "another process"
    }

    deinit {
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}
