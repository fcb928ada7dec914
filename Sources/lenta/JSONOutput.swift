import Foundation
import LentaCore

enum JSONOutput {
    /// Pretty, key-sorted JSON on stdout: stable for diffs and scripts (`PrettyJSONEncoder`:
    /// Foundation's layout, at a fraction of its cost).
    static func print<T: Encodable>(_ value: T) throws {
        var bytes = try PrettyJSONEncoder().encode(value)
        bytes.append(UInt8(ascii: "\n"))
        // The bytes as they are (`Data(bytes)` copied megabytes for a large scan).
        try FileHandle.standardOutput.write(contentsOf: bytes)
    }

    /// JSON written in chunks by `write` (an output as large as a library: `scan --json`), then
    /// the final newline.
    static func print(streaming write: (_ consume: @escaping ([UInt8]) throws -> Void) throws -> Void) throws {
        let out = FileHandle.standardOutput
        try write { try out.write(contentsOf: $0) }
        try out.write(contentsOf: [UInt8(ascii: "\n")])
    }
}
