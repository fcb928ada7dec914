import LentaCatalog

/// One `lenta auto` per catalog at a time: a `FileLock` on a file beside the catalog, released
/// when the process ends, however it ends, so a killed run never leaves a stale lock.
public final class AutoLock {
    public let path: String
    private let lock: FileLock

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
        do {
            lock = try FileLock(path: path, wait: wait)
        } catch FileLock.Failure.busy(let holder) {
            throw Busy(path: path, holder: holder)
        } catch FileLock.Failure.unavailable(let reason) {
            throw Unavailable(path: path, reason: reason)
        }
    }
}
