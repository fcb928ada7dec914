/// Reads the `moov/udta/date` atom, which libavformat does not expose: Android phones (Samsung
/// among them) keep the recording's local time and offset there (`2020-11-20T15:04:02+0100`).
enum QuickTimeUserData {
    static func recordingDate(_ file: RandomAccessFile) throws -> String? {
        guard let moov = try child("moov", in: 0..<file.size, file),
              let udta = try child("udta", in: moov, file),
              let date = try child("date", in: udta, file),
              date.count > 0, date.count < 256 else { return nil }
        let bytes = try file.read(at: date.lowerBound, count: Int(date.count))
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// The payload range of the first box of `type` among the boxes filling `range`.
    private static func child(_ type: String, in range: Range<Int64>, _ file: RandomAccessFile) throws -> Range<Int64>? {
        var offset = range.lowerBound
        var boxes = 0
        while offset + 8 <= range.upperBound, boxes < 10_000 {
            boxes += 1
            let head = try file.read(at: offset, count: 16)
            guard let size32 = head.bigEndian32(at: 0), head.count >= 8 else { return nil }
            var size = Int64(size32), header: Int64 = 8
            if size32 == 1 {
                guard let high = head.bigEndian32(at: 8), let low = head.bigEndian32(at: 12) else { return nil }
                size = Int64(high) << 32 | Int64(low)
                header = 16
            } else if size32 == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, offset + size <= range.upperBound else { return nil }
            if head.hasPrefix(type, at: 4) { return (offset + header)..<(offset + size) }
            offset += size
        }
        return nil
    }
}
