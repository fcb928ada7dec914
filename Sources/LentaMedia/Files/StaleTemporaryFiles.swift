import Foundation

/// What interrupted renders left: `AtomicWrite` temporary files (`.NAME.partial-…`) that no
/// living writer claims (a writer's claim is `TemporaryFileClaim`).
public enum StaleTemporaryFiles {
    /// Removes the unclaimed temporary files of `output` and returns their paths. A file another
    /// render of the same output is writing now is claimed, and left alone.
    @discardableResult
    public static func remove(besideOutput output: String) -> [String] {
        let url = URL(fileURLWithPath: output)
        let prefix = AtomicWrite.temporaryPrefix(for: url.lastPathComponent)
        return remove(in: url.deletingLastPathComponent()) { $0.hasPrefix(prefix) }
    }

    /// Removes the unclaimed temporary files of every MP4 in `folder` (`.NAME.mp4.partial-…`).
    @discardableResult
    public static func removeMP4s(in folder: URL) -> [String] {
        remove(in: folder) { $0.hasPrefix(".") && $0.contains(".mp4.partial-") }
    }

    private static func remove(in folder: URL, where matches: (String) -> Bool) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where matches(name) {
            let path = folder.appendingPathComponent(name).path
            // Held while it is unlinked, so no writer can be starting on it.
            guard let claim = TemporaryFileClaim(path: path) else { continue }
            if withExtendedLifetime(claim, { unlink(path) }) == 0 { removed.append(path) }
        }
        return removed
    }
}
