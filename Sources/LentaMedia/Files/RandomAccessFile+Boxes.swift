extension RandomAccessFile {
    /// The payload range of the first box of `type` (ISO base media: MP4, QuickTime, HEIF) among
    /// the boxes filling `range`, looking at `limit` boxes at most. A 32-bit size of 1 means a
    /// 64-bit size follows the type, 0 a box running to the end of `range`. Nil at the first box
    /// that does not fit in `range`, so a damaged file is never read past its own claims.
    func firstBox(_ type: String, in range: Range<Int64>, limit: Int) throws -> Range<Int64>? {
        var offset = range.lowerBound
        var boxes = 0
        while offset + 8 <= range.upperBound, boxes < limit {
            boxes += 1
            let head = try read(at: offset, count: 16)
            guard head.count >= 8, let size32 = head.bigEndian32(at: 0) else { return nil }
            var size = Int64(size32), header: Int64 = 8
            if size32 == 1 {
                guard let high = head.bigEndian32(at: 8), let low = head.bigEndian32(at: 12) else { return nil }
                size = Int64(high) << 32 | Int64(low)
                header = 16
            } else if size32 == 0 {
                size = range.upperBound - offset
            }
            // `size <= upperBound - offset`, not `offset + size <= upperBound`: a 64-bit size
            // near Int64.max must not overflow.
            guard size >= header, size <= range.upperBound - offset else { return nil }
            if head.hasPrefix(type, at: 4) { return (offset + header)..<(offset + size) }
            offset += size
        }
        return nil
    }
}
