/// Reads the date-time texts cameras and containers write.
///
/// EXIF writes `2024:05:03 14:22:09`, sometimes with a fraction or a zone glued on
/// (`2012:02:11 14:17:08.253+01:00`, `2021:05:16 19:27:55Z`); QuickTime writes ISO 8601
/// (`2019-02-12T15:27:12+0800`, `2024-02-02T08:09:57.000000Z`).
public enum DateTimeText {
    public struct Parsed: Equatable, Sendable {
        public var local: LocalDateTime
        /// The offset written in the same text, if any.
        public var offset: UTCOffset?
        /// False for a bare date (`2004-02-26`): too coarse to place a photo in a day.
        public var hasTime = true
    }

    public static func parse(_ raw: String) -> Parsed? {
        let text = raw.trimmingSpaces
        let chars = Array(text.utf8)
        var i = 0
        func number(_ width: Int) -> Int? {
            guard i + width <= chars.count else { return nil }
            var v = 0
            for k in i..<i + width {
                let c = chars[k]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            i += width
            return v
        }
        func skip(_ allowed: String) -> Bool {
            guard i < chars.count, allowed.utf8.contains(chars[i]) else { return false }
            i += 1
            return true
        }
        guard let y = number(4), skip(":-"), let mo = number(2), skip(":-"), let d = number(2) else { return nil }
        var h = 0, mi = 0, s = 0, ms = 0
        let hasTime = skip(" T")
        if hasTime {
            guard let hh = number(2), skip(":"), let mm = number(2) else { return nil }
            h = hh; mi = mm
            if skip(":") { guard let ss = number(2) else { return nil }; s = ss }
            if skip(".,") {
                var fraction = 0.0, scale = 0.1
                while i < chars.count, chars[i] >= 48, chars[i] <= 57 {
                    fraction += Double(chars[i] - 48) * scale
                    scale /= 10
                    i += 1
                }
                ms = min(999, Int((fraction * 1000).rounded()))
            }
        }
        let rest = String(decoding: chars[i...], as: UTF8.self)
        var offset: UTCOffset? = nil
        if !rest.trimmingSpaces.isEmpty {
            guard let o = UTCOffset(rest), o.isPlausible else { return nil }
            offset = o
        }
        return Parsed(local: LocalDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s, millisecond: ms),
                      offset: offset, hasTime: hasTime)
    }
}

extension LocalDateTime {
    /// Parses an ISO or EXIF text with no zone; a text that carries a zone is refused.
    public init?(iso text: String) {
        if let canonical = Self(canonical: text) { self = canonical; return }
        guard let parsed = DateTimeText.parse(text), parsed.offset == nil else { return nil }
        self = parsed.local
    }

    /// Exactly what `description` writes (`2024-05-03T14:22:09`, `.123` optional), read by position:
    /// the catalog holds thousands and the general parser costs 4,000 instructions each. Nil for
    /// anything else, or a reading that is not a valid date, which the general parser then decides.
    init?(canonical text: String) {
        var text = text
        guard let read = text.withUTF8(LocalDateTime.init(canonicalUTF8:)) else { return nil }
        self = read
    }

    /// `init(canonical:)` of a text given as its UTF-8 bytes (a catalog column's, read in place).
    public init?(canonicalUTF8 b: UnsafeBufferPointer<UInt8>) {
        let read: LocalDateTime? = {
            guard b.count == 19 || (b.count == 23 && b[19] == UInt8(ascii: ".")),
                  b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
                  b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":") else { return nil }
            func number(_ from: Int, _ count: Int) -> Int? {
                var value = 0
                for i in from..<(from + count) {
                    let digit = Int(b[i]) - Int(UInt8(ascii: "0"))
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
                  let minute = number(14, 2), let second = number(17, 2), let millisecond = b.count == 23 ? number(20, 3) : 0
            else { return nil }
            return LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: millisecond)
        }()
        guard let read, read.isValidDate, read.second < 60 else { return nil }
        self = read
    }
}
