import Foundation

/// Writes a file whole or not at all: into a temporary file beside it, then renamed into place,
/// so an interrupted run never leaves half a file under the name asked for.
public enum AtomicWrite {
    public static func write(_ bytes: [UInt8], to path: String, what: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
            throw MediaWriteError("write \(what)", path: path, reason: String(cString: strerror(errno)))
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw MediaWriteError("rename into place", path: path, reason: reason)
        }
    }
}
