import Foundation

/// Writes go to a temporary file next to the destination, renamed into place when complete, so
/// a failure never leaves a half-written file under the final name.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws {
        try produce(at: path) { temporary in
            guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
                throw SyntheticMediaError("write file", path: path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Runs `body` with a temporary path in the destination's folder, then renames it to `path`.
    static func produce(at path: String, _ body: (String) throws -> Void) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).partial-\(UUID().uuidString)").path
        do {
            try body(temporary)
            guard rename(temporary, path) == 0 else {
                throw SyntheticMediaError("rename into place", path: path, reason: String(cString: strerror(errno)))
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
