/// CRC-32 as zlib and PNG compute it (ISO 3309, reflected polynomial 0xEDB88320): the checksum
/// of lenta's bundled data files and of PNG chunks.
public enum CRC32 {
    /// `tables[k][n]`: the CRC of byte `n` followed by `k` zero bytes — table 0 is the classic
    /// byte-at-a-time table; all eight sum eight bytes per step ("slicing by 8").
    @usableFromInline static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            t[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 {
                let previous = t[(k - 1) * 256 + n]
                t[k * 256 + n] = t[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return t
    }()

    /// Inlinable so that a large buffer is summed by specialised code, not through a generic iterator.
    @inlinable public static func checksum<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        if let sum = bytes.withContiguousStorageIfAvailable({ checksum($0) }) { return sum }
        return tables.withUnsafeBufferPointer { t in
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
            return c ^ 0xFFFF_FFFF
        }
    }

    /// The checksum of contiguous bytes, eight at a time (the gazetteer's 4 MB at every start).
    public static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let base = bytes.baseAddress else { return 0 }
        return tables.withUnsafeBufferPointer { t in
            var c: UInt32 = 0xFFFF_FFFF
            var i = 0
            let count = bytes.count
            while i + 8 <= count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian
                let low = UInt32(truncatingIfNeeded: word) ^ c, high = UInt32(truncatingIfNeeded: word >> 32)
                c = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                i += 8
            }
            while i < count {
                c = t[Int((c ^ UInt32(base[i])) & 0xFF)] ^ (c >> 8)
                i += 1
            }
            return c ^ 0xFFFF_FFFF
        }
    }
}
