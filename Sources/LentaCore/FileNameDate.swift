import Foundation

/// The moment a phone wrote into a file's name, for files whose content carries no date
/// (WhatsApp strips EXIF; screenshots and some camera apps never write it).
///
/// Recognised names (any extension, any case):
/// - WhatsApp `IMG-20191006-WA0002.jpg`, `VID-20191006-WA0002.mp4`: the day only.
/// - Android cameras `IMG_20240504_093015.jpg`, `VID_20240504_093015.mp4`, `MVIMG_…`, `PANO_…`,
///   Samsung `20240504_093015.jpg`, screenshots `Screenshot_20240504-213012_Maps.png`: local time.
/// - Google Pixel `PXL_20240504_093015123.jpg`: UTC, to the millisecond (the Pixel camera names
///   files by the UTC clock).
/// - macOS and MIUI screenshots `Screenshot 2024-05-04 at 21.30.12.png`,
///   `Screen Shot 2020-01-01 at 9.30.12 AM.png`, `Screenshot_2024-05-04-21-30-12-123_com.app.png`.
///
/// A name that only looks like one of these (an impossible month, a year before 1990) gives nothing.
public struct FileNameDate: Hashable, Sendable {
    /// The reading in the name; at noon when the name has only the day.
    public var local: LocalDateTime
    /// The name has the day but no time of day.
    public var isDateOnly: Bool
    /// The reading is UTC, not the local wall clock.
    public var isUTC: Bool

    public init(local: LocalDateTime, isDateOnly: Bool, isUTC: Bool) {
        self.local = local
        self.isDateOnly = isDateOnly
        self.isUTC = isUTC
    }

    /// The date in the name of the file at `path` (only its last component is read).
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        // Every pattern needs nine ASCII digits at least (a group with any other digit is no
        // number): names without them (`IMG_1234`, `clip`) are not matched at all — the
        // regular expressions run in ICU, whose code and tables would be paged in for nothing.
        guard stem.utf8.lazy.filter({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }).count >= Self.fewestDigits else { return nil }
        let range = NSRange(stem.startIndex..., in: stem)
        for pattern in Self.patterns {
            guard let match = pattern.regex?.firstMatch(in: stem, range: range) else { continue }
            func group(_ i: Int) -> String? {
                guard let r = Range(match.range(at: i), in: stem) else { return nil }
                return String(stem[r])
            }
            func number(_ i: Int) -> Int? { group(i).flatMap { Int($0) } }
            guard let year = number(1), let month = number(2), let day = number(3) else { continue }
            var local = LocalDateTime(year: year, month: month, day: day, hour: 12)
            if pattern.hasTime {
                guard var hour = number(4), let minute = number(5), let second = number(6) else { continue }
                if let half = group(8)?.lowercased(), !half.isEmpty {
                    guard (1...12).contains(hour) else { continue }
                    hour = hour % 12 + (half == "pm" ? 12 : 0)
                }
                local = LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                                      millisecond: number(7) ?? 0)
            }
            guard local.isValidDate, local.second < 60, (1990...2200).contains(year) else { continue }
            let utc = pattern.utcPrefix.map { stem.lowercased().hasPrefix($0) } ?? false
            self.init(local: local, isDateOnly: !pattern.hasTime, isUTC: utc)
            return
        }
        return nil
    }

    private struct Pattern: Sendable {
        let source: String
        let hasTime: Bool
        /// Names starting with this are UTC.
        let utcPrefix: String?
        var regex: NSRegularExpression? { try? NSRegularExpression(pattern: source, options: [.caseInsensitive]) }
    }

    /// The fewest ASCII digits a name matching a pattern has: WhatsApp's `IMG-yyyyMMdd-WA1`.
    static let fewestDigits = 9

    /// Groups: year, month, day, hour, minute, second, millisecond, am/pm.
    private static let patterns: [Pattern] = [
        // WhatsApp: the day only.
        Pattern(source: #"^(?:IMG|VID|AUD|PTT|STK)-(\d{4})(\d{2})(\d{2})-WA\d+"#, hasTime: false, utcPrefix: nil),
        // 20240504_093015, 20240504-213012, PXL_20240504_093015123.
        Pattern(source: #"(?:^|[^0-9])(\d{4})(\d{2})(\d{2})[_-](\d{2})(\d{2})(\d{2})(\d{3})?()(?![0-9])"#, hasTime: true,
                utcPrefix: "pxl_"),
        // 2024-05-04 at 21.30.12, 2024-05-04-21-30-12-123, 2020-01-01 at 9.30.12 AM.
        Pattern(source: #"(?:^|[^0-9])(\d{4})-(\d{2})-(\d{2})(?: at |[ _-])(\d{1,2})[.:-](\d{2})[.:-](\d{2})(?:-(\d{3}))?(?:\s?([AP]M))?(?![0-9])"#,
                hasTime: true, utcPrefix: nil),
    ]
}
