import LentaCore

/// Whether a JPEG's picture data is all there: a file cut short (a copy that stopped halfway, a
/// card pulled out) decodes to a picture whose lower part is grey or green, which libavcodec
/// reports only in a log line ("EOI missing"). This finds the end-of-image marker after the
/// first scan, where entropy-coded data can hold no 0xFF 0xD9 (a data byte 0xFF is written
/// 0xFF 0x00), so its absence means the file was cut.
enum JPEGCompleteness {
    /// A warning naming what is missing, or nil for a whole JPEG.
    static func warning(_ file: RandomAccessFile) throws -> String? {
        // Most files end with the marker; only the others (cut short, or carrying data after
        // the picture, as Motion Photos do) are searched.
        if try file.read(at: max(0, file.size - 2), count: 2) == [0xFF, 0xD9] { return nil }
        guard let scan = try firstScan(file) else { return nil }
        let chunk = 1 << 16
        var offset = scan
        while offset < file.size {
            let bytes = try file.read(at: offset, count: chunk + 1)
            guard bytes.count >= 2 else { break }
            for i in 0..<(bytes.count - 1) where bytes[i] == 0xFF && bytes[i + 1] == 0xD9 { return nil }
            offset += Int64(chunk)
        }
        return MediaMetadata.cutShortJPEGWarning
    }

    /// The offset of the first start-of-scan marker, walking the segments before it.
    private static func firstScan(_ file: RandomAccessFile) throws -> Int64? {
        var offset: Int64 = 2
        while offset < min(file.size, Int64(JPEGContainer.headerBytesLimit)) {
            let head = try file.read(at: offset, count: 4)
            guard head.count == 4, head[0] == 0xFF else { return nil }
            if head[1] == 0xDA { return offset }
            if head[1] == 0xFF { offset += 1; continue }
            guard let length = head.bigEndian16(at: 2), length >= 2 else { return nil }
            offset += 2 + Int64(length)
        }
        return nil
    }
}
