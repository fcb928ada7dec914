/// File names on Linux are bytes, not always UTF-8 (`caf\xE9.jpg` from an old camera, a Windows
/// zip or a Latin-1 file system). lenta keeps paths as Strings; a byte that is not part of valid
/// UTF-8 is held as the code point U+10FF00 + byte — the last 256 code points of Supplementary
/// Private Use Area-B, which no file name uses — so such a name goes through the catalog and the
/// project files and comes back to the very same bytes when the file is opened
/// (`withCString`), and is shown escaped (`caf\xE9.jpg`, by `DiagnosticText`).
public enum FilePathBytes {
    static let base: UInt32 = 0x10FF00

    /// The path for a name read as bytes (from `readdir`).
    public static func string<Bytes: Collection<UInt8>>(fromBytes raw: Bytes) -> String {
        let bytes = Array(raw)
        if let valid = String(validating: bytes, as: UTF8.self), !valid.unicodeScalars.contains(where: isByte) { return valid }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < bytes.count {
            var length = 0
            for n in 1...4 where i + n <= bytes.count {
                if let s = String(validating: bytes[i..<(i + n)], as: UTF8.self), s.unicodeScalars.count == 1 { length = n; break }
            }
            if length > 0, let scalar = String(decoding: bytes[i..<(i + length)], as: UTF8.self).unicodeScalars.first, !isByte(scalar) {
                scalars.append(scalar)
                i += length
            } else {
                scalars.append(Unicode.Scalar(base + UInt32(bytes[i])) ?? "\u{FFFD}")
                i += 1
            }
        }
        return String(scalars)
    }

    /// Whether a code point stands for a byte that was not UTF-8.
    public static func isByte(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= base && scalar.value <= base + 0xFF }

    /// The path's bytes as the file system names it.
    public static func bytes(of path: String) -> [UInt8] {
        var out: [UInt8] = []
        for scalar in path.unicodeScalars {
            if isByte(scalar) { out.append(UInt8(scalar.value - base)) } else { out += Array(String(scalar).utf8) }
        }
        return out
    }

    /// Calls `body` with the path as the C string to hand `open`, `stat` and the C libraries.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        guard path.unicodeScalars.contains(where: isByte) else { return try path.withCString(body) }
        let bytes = bytes(of: path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return try "".withCString(body) }
            return try body(start)
        }
    }
}
