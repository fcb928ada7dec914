import Foundation

/// A temporary output file being written (`.story.mp4.partial-UUID`), claimed by an advisory
/// lock for as long as its writer lives. The kernel lets go of the lock when the process dies,
/// however it dies (SIGKILL, power loss), so a later run can tell a file still being written
/// from one left by a dead writer.
public final class TemporaryFileClaim {
    private let descriptor: Int32

    /// Claims the file at `path` (which must exist); nil when it cannot be opened or another
    /// process holds it.
    public init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
    }

    deinit { close(descriptor) }
}
