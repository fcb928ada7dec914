/// A wall-clock date and time with no zone, as cameras write it (EXIF `DateTimeOriginal`).
///
/// Kept apart from instants on purpose: a local time becomes an instant only once its UTC offset
/// is known, and the two must never be compared directly.
public struct LocalDateTime: Hashable, Comparable, CodableAsText, Sendable {
    public var year: Int, month: Int, day: Int
    public var hour: Int, minute: Int, second: Int
    /// Fraction of the second, in milliseconds (EXIF `SubSecTime*` rarely carries more).
    public var millisecond: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) {
        self.year = year; self.month = month; self.day = day
        self.hour = hour; self.minute = minute; self.second = second
        self.millisecond = millisecond
    }

    /// True when every field is inside its calendar range (February 30th is not).
    public var isValidDate: Bool {
        guard (1...9999).contains(year), (1...12).contains(month), (0...23).contains(hour),
              (0...59).contains(minute), (0...60).contains(second), (0...999).contains(millisecond)
        else { return false }
        return (1...Self.daysIn(month: month, year: year)).contains(day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Seconds since 1970-01-01T00:00:00 of this wall-clock reading taken as if it were UTC.
    /// Subtract the UTC offset to get the instant.
    public var secondsSinceEpochAsUTC: Double {
        Double(Self.daysFromCivil(year: year, month: month, day: day)) * 86_400
            + Double(hour * 3600 + minute * 60 + second) + Double(millisecond) / 1000
    }

    /// Seconds since the epoch of 0001-01-01T00:00:00 and 9999-12-31T23:59:59, as UTC: the readings
    /// that are written with a four-digit year.
    public static let writable: ClosedRange<Double> = -62_135_596_800 ... 253_402_300_799

    /// The wall-clock reading at `seconds` since the epoch, taken as UTC.
    /// Any Double gives a reading: a catalog or file can hold an absurd instant, and converting
    /// one past `Int`'s range would trap. Outside years 1–9999 the nearest end is taken, NaN is 0.
    public init(secondsSinceEpochAsUTC raw: Double) {
        let seconds = raw.isNaN ? 0 : min(max(raw, Self.writable.lowerBound), Self.writable.upperBound)
        let whole = seconds.rounded(.down)
        var days = Int((whole / 86_400).rounded(.down))
        var rest = Int(whole) - days * 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        let (y, m, d) = Self.civilFromDays(days)
        let ms = Int(((seconds - whole) * 1000).rounded())
        self.init(year: y, month: m, day: d, hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60,
                  millisecond: min(ms, 999))
    }

    // Howard Hinnant's days_from_civil / civil_from_days: exact, no calendar object, no locale.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        a.secondsSinceEpochAsUTC < b.secondsSinceEpochAsUTC
    }

    /// ISO 8601 without a zone: `2024-05-03T14:22:09` (with `.123` when there is a fraction).
    public var description: String { isoText(zulu: false) }

    /// The ISO 8601 text, with a `Z` after it when `zulu` (the time is in UTC).
    func isoText(zulu: Bool) -> String {
        guard hasFixedWidthText else {
            let base = "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))"
            return (millisecond == 0 ? base : base + "." + pad(millisecond, 3)) + (zulu ? "Z" : "")
        }
        return String(unsafeUninitializedCapacity: Self.isoTextCapacity) { buffer in
            var text = OutputSpan(buffer: buffer, initializedCount: 0)
            appendISOText(zulu: zulu, to: &text)
            return text.finalize(for: buffer)
        }
    }

    /// Whether every field fits its digits (year 0–9999, two-digit fields, milliseconds 0–999):
    /// the text `appendISOText` writes.
    var hasFixedWidthText: Bool {
        let twoDigits = 0...99
        return (0...9999).contains(year) && twoDigits.contains(month) && twoDigits.contains(day) && twoDigits.contains(hour)
            && twoDigits.contains(minute) && twoDigits.contains(second) && (0...999).contains(millisecond)
    }

    /// The most bytes `appendISOText` writes.
    static let isoTextCapacity = 24

    /// `isoText` of a reading with `hasFixedWidthText`, digit by digit into the output: `scan
    /// --json` writes thousands (interpolation cost 8k instructions each; a `String` between, 300).
    func appendISOText(zulu: Bool, to text: inout OutputSpan<UInt8>) {
        precondition(hasFixedWidthText && text.freeCapacity >= Self.isoTextCapacity, "a JSON piece wrote more than it reserved")
        text.withUnsafeMutableBufferPointer { buffer, initialized in
            guard let start = buffer.baseAddress.map({ $0 + initialized }) else { return }
            func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10) }
            start[0] = digit(year / 1000); start[1] = digit(year / 100); start[2] = digit(year / 10); start[3] = digit(year)
            start[4] = UInt8(ascii: "-"); start[5] = digit(month / 10); start[6] = digit(month)
            start[7] = UInt8(ascii: "-"); start[8] = digit(day / 10); start[9] = digit(day)
            start[10] = UInt8(ascii: "T"); start[11] = digit(hour / 10); start[12] = digit(hour)
            start[13] = UInt8(ascii: ":"); start[14] = digit(minute / 10); start[15] = digit(minute)
            start[16] = UInt8(ascii: ":"); start[17] = digit(second / 10); start[18] = digit(second)
            var count = 19
            if millisecond != 0 {
                start[19] = UInt8(ascii: "."); start[20] = digit(millisecond / 100); start[21] = digit(millisecond / 10)
                start[22] = digit(millisecond)
                count = 23
            }
            if zulu {
                start[count] = UInt8(ascii: "Z")
                count += 1
            }
            initialized += count
        }
    }

    public init?(codableText: String) { self.init(iso: codableText) }
    public static let textKind = "a local date-time"
}

func pad(_ value: Int, _ width: Int = 2) -> String {
    let s = String(value)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
