import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LentaCore

enum JSONOutput {
    /// Pretty, key-sorted JSON on stdout: stable for diffs and scripts (`PrettyJSONEncoder`:
    /// Foundation's layout, at a fraction of its cost).
    static func print<T: Encodable>(_ value: T) throws {
        var bytes = try PrettyJSONEncoder().encode(value)
        bytes.append(UInt8(ascii: "\n"))
        try standardOutput(bytes)
    }

    /// JSON written in chunks by `write` (an output as large as a library: `scan --json`), then
    /// the final newline.
    static func print(streaming write: (_ consume: @escaping ([UInt8]) throws -> Void) throws -> Void) throws {
        try write { try standardOutput($0) }
        try standardOutput([UInt8(ascii: "\n")])
    }

    /// The bytes to file descriptor 1 with `write(2)`: `FileHandle`'s generic `DataProtocol` path
    /// cost more per chunk than the chunk's bytes (its metadata built at the first call).
    private static func standardOutput(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            while done < buffer.count {
                let written = Glibc.write(1, base + done, buffer.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                done += written
            }
        }
    }
}
