/// Reads the `moov/udta/date` atom, which libavformat does not expose: Android phones (Samsung
/// among them) keep the recording's local time and offset there (`2020-11-20T15:04:02+0100`).
enum QuickTimeUserData {
    /// Boxes looked at in each level before giving up.
    static let boxLimit = 10_000

    static func recordingDate(_ file: RandomAccessFile) throws -> String? {
        guard let moov = try file.firstBox("moov", in: 0..<file.size, limit: boxLimit),
              let udta = try file.firstBox("udta", in: moov, limit: boxLimit),
              let date = try file.firstBox("date", in: udta, limit: boxLimit),
              date.count > 0, date.count < 256 else { return nil }
        let bytes = try file.read(at: date.lowerBound, count: Int(date.count))
        let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }
}
