import Foundation

/// Writes a file whole or not at all: into a temporary file beside it, then renamed into place,
/// so an interrupted run never leaves half a file under the name asked for. The one way lenta
/// (and its test support) writes an output file.
public enum AtomicWrite {
    /// The temporary name beside `path`: `.NAME.partial-UUID` (hidden; `StaleTemporaryFiles`
    /// removes the ones a killed render left).
    public static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(temporaryPrefix(for: url.lastPathComponent) + UUID().uuidString).path
    }

    /// How the temporary names of a file called `name` begin (`.NAME.partial-`).
    public static func temporaryPrefix(for name: String) -> String { ".\(name).partial-" }

    public static func write(_ bytes: [UInt8], to path: String, what: String) throws {
        try produce(at: path) { temporary in
            guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
                throw MediaError.system("write \(what)", path: path)
            }
        }
    }

    /// Runs `body` with a temporary path beside `path`, then renames it into place; the
    /// temporary file is removed when `body` or the rename fails.
    public static func produce(at path: String, _ body: (_ temporary: String) throws -> Void) throws {
        let temporary = temporaryPath(for: path)
        do {
            try body(temporary)
            try moveIntoPlace(temporary, path)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Renames a finished temporary file to `path` (atomic within a file system).
    public static func moveIntoPlace(_ temporary: String, _ path: String) throws {
        guard rename(temporary, path) == 0 else { throw MediaError.system("rename into place", path: path) }
    }
}
