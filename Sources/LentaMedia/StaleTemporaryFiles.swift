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

/// What interrupted renders left beside an output: `.NAME.partial-…` files that no living
/// writer claims (a writer's claim is `TemporaryFileClaim`).
public enum StaleTemporaryFiles {
    /// The temporary name of a file being written as `output`.
    public static func temporaryPath(for output: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(UUID().uuidString)").path
    }

    /// Removes the unclaimed temporary files of `output` and returns their paths. A file another
    /// render of the same output is writing now is claimed, and left alone.
    @discardableResult
    public static func remove(besideOutput output: String) -> [String] {
        let url = URL(fileURLWithPath: output)
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent).partial-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            let path = folder.appendingPathComponent(name).path
            // Held while it is unlinked, so no writer can be starting on it.
            guard let claim = TemporaryFileClaim(path: path) else { continue }
            if withExtendedLifetime(claim, { unlink(path) }) == 0 { removed.append(path) }
        }
        return removed
    }
}
