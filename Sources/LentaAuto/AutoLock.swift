import LentaCatalog

/// One `lenta auto` per catalog at a time: a `FileLock` on a file beside the catalog, released
/// when the process ends, however it ends, so a killed run never leaves a stale lock.
public final class AutoLock {
    public let path: String
    private let lock: FileLock

    /// Why the lock was not taken; the message names the lock file.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public enum Reason: Equatable, Sendable {
            /// Another `lenta auto` holds it ("pid 1234").
            case busy(holder: String)
            /// The lock file cannot be made (a folder that cannot be created, no permission…).
            case unavailable(String)
        }

        public var path: String
        public var reason: Reason

        public var description: String {
            switch reason {
            case .busy(let holder):
                return "another lenta auto is running on this catalog (\(holder)); it holds \(path). Try again later, or pass --wait."
            case .unavailable(let why):
                return "cannot open the lock file \(path): \(why)"
            }
        }
    }

    /// Takes the lock; with `wait`, blocks until it is free, else throws `.busy` at once.
    /// - Throws: `Failure`: `.busy` when another process holds it, `.unavailable` when the file cannot be opened.
    public init(path: String, wait: Bool) throws {
        self.path = path
        do {
            lock = try FileLock(path: path, wait: wait)
        } catch FileLock.Failure.busy(let holder) {
            throw Failure(path: path, reason: .busy(holder: holder))
        } catch FileLock.Failure.timedOut(_, let holder, _) {
            throw Failure(path: path, reason: .busy(holder: holder))
        } catch FileLock.Failure.unavailable(let reason) {
            throw Failure(path: path, reason: .unavailable(reason))
        }
    }
}
