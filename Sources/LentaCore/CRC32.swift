/// CRC-32 as zlib and PNG compute it (ISO 3309, reflected polynomial 0xEDB88320): the checksum
/// of lenta's bundled data files and of PNG chunks.
public enum CRC32 {
    @usableFromInline static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// Inlinable so that a large buffer is summed by specialised code, not through a generic iterator.
    @inlinable public static func checksum<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        table.withUnsafeBufferPointer { t in
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
            return c ^ 0xFFFF_FFFF
        }
    }
}
