/// Every date a file carries, as text, and the rule that picks its capture time.
///
/// The order follows what each source means: EXIF `DateTimeOriginal` is when the shutter
/// fired (local wall clock); its offset comes from `OffsetTimeOriginal`, a zone inside the text,
/// or the GPS UTC stamp. QuickTime's Apple `creationdate` and `©day` carry their own offset;
/// `creation_time` is UTC. The file's modification time is the last resort and says so.
public struct CaptureEvidence: Equatable, Sendable {
    /// An EXIF date with its companions.
    public struct Stamp: Equatable, Sendable {
        public var text: String
        public var subSecond: String?
        public var offset: String?
        public init(text: String, subSecond: String? = nil, offset: String? = nil) {
            self.text = text; self.subSecond = subSecond; self.offset = offset
        }
    }

    public var dateTimeOriginal: Stamp?
    public var dateTimeDigitized: Stamp?
    public var dateTime: Stamp?
    /// XMP `exif:DateTimeOriginal`, `photoshop:DateCreated` and `xmp:CreateDate` (ISO 8601).
    public var xmpDateTimeOriginal: String?
    public var xmpDateCreated: String?
    public var xmpCreateDate: String?
    /// IPTC `DateCreated` + `TimeCreated`, joined as `2009:09:09 17:00:00+00:00`.
    public var iptcDateCreated: String?
    /// GPS `GPSDateStamp` (`2024:05:03`) and `GPSTimeStamp` as seconds into that UTC day.
    public var gpsDate: String?
    public var gpsTimeOfDay: Double?
    /// QuickTime `com.apple.quicktime.creationdate` (ISO 8601 with an offset).
    public var appleCreationDate: String?
    /// QuickTime user data `©day`, or Android's `udta/date`.
    public var quickTimeDay: String?
    /// QuickTime `creation_time` (UTC).
    public var creationTime: String?
    /// The date in the file's name; used only when the file itself has none.
    public var fileName: FileNameDate?
    /// The file's modification time, seconds since the epoch.
    public var fileModified: Double?

    public init() {}

    /// Cameras reset to these when their clock battery dies.
    static let cameraDefaultYears: Set<Int> = [1970, 1980, 1998, 2000, 2001, 2002, 2004, 2010]

    public struct Resolution: Equatable, Sendable {
        public var time: CaptureTime?
        public var warnings: [String]
    }

    /// Picks the capture time. `now` (seconds since the epoch) bounds what is "in the future".
    public func resolve(now: Double) -> Resolution {
        var warnings: [String] = []
        let gps = gpsInstant(warnings: &warnings, now: now)

        func plausibleLocal(_ parsed: DateTimeText.Parsed, _ name: String, _ raw: String) -> Bool {
            let local = parsed.local
            guard local.isValidDate, local.year >= 1900 else {
                warnings.append("\(name) '\(DiagnosticText.value(raw))' is not a real date; ignored")
                return false
            }
            if local.month == 1, local.day == 1, local.hour == 0, local.minute == 0, local.second == 0,
               Self.cameraDefaultYears.contains(local.year) {
                warnings.append("\(name) '\(DiagnosticText.value(raw))' is a camera's unset-clock default; ignored")
                return false
            }
            let utc = local.secondsSinceEpochAsUTC - Double(parsed.offset?.seconds ?? -14 * 3600)
            if utc > now + 86_400 {
                warnings.append("\(name) '\(DiagnosticText.value(raw))' is in the future; ignored")
                return false
            }
            return true
        }

        func fromStamp(_ stamp: Stamp?, _ name: String, _ source: CaptureTimeSource) -> CaptureTime? {
            guard let stamp else { return nil }
            guard var parsed = DateTimeText.parse(stamp.text) else {
                if !stamp.text.allSatisfy({ $0 == " " || $0 == ":" }) {
                    warnings.append("\(name) '\(DiagnosticText.value(stamp.text))' cannot be read as a date; ignored")
                } else {
                    warnings.append("\(name) is blank; ignored")
                }
                return nil
            }
            guard plausibleLocal(parsed, name, stamp.text) else { return nil }
            if parsed.local.millisecond == 0, let sub = stamp.subSecond?.trimmingSpaces, !sub.isEmpty,
               sub.allSatisfy(\.isASCIIDigit) {
                let digits = String(sub.prefix(3))
                parsed.local.millisecond = (Int(digits) ?? 0) * [100, 10, 1][digits.count - 1]
            }
            var offset = parsed.offset
            if offset == nil, let text = stamp.offset {
                if let o = UTCOffset(text), o.isPlausible { offset = o } else {
                    warnings.append("\(name) offset '\(DiagnosticText.value(text))' is not a UTC offset; ignored")
                }
            }
            var time = CaptureTime(local: parsed.local, offset: offset, source: source)
            if offset == nil, let gps, let derived = Self.offset(local: parsed.local, utc: gps) {
                time = time.filling(offset: derived, from: .gpsTimestamp)
            }
            return time
        }

        func fromISO(_ text: String?, _ name: String, _ source: CaptureTimeSource, requireOffset: Bool) -> CaptureTime? {
            guard let text else { return nil }
            guard let parsed = DateTimeText.parse(text) else {
                warnings.append("\(name) '\(DiagnosticText.value(text))' cannot be read as a date; ignored")
                return nil
            }
            if requireOffset && parsed.offset == nil { return nil }
            guard parsed.hasTime else { return nil }
            guard plausibleLocal(parsed, name, text) else { return nil }
            var time = CaptureTime(local: parsed.local, offset: parsed.offset, source: source)
            if parsed.offset == nil, let gps, let derived = Self.offset(local: parsed.local, utc: gps) {
                time = time.filling(offset: derived, from: .gpsTimestamp)
            }
            return time
        }

        func fromUTC(_ text: String?) -> CaptureTime? {
            guard let text, let parsed = DateTimeText.parse(text) else { return nil }
            let utcParsed = DateTimeText.Parsed(local: parsed.local, offset: parsed.offset ?? UTCOffset(seconds: 0))
            guard plausibleLocal(utcParsed, "creation_time", text) else { return nil }
            return CaptureTime(utc: parsed.local.secondsSinceEpochAsUTC - Double(utcParsed.offset?.seconds ?? 0),
                               source: .quickTimeCreationTime)
        }

        let candidates: [() -> CaptureTime?] = [
            { fromStamp(dateTimeOriginal, "DateTimeOriginal", .exifDateTimeOriginal) },
            { fromISO(xmpDateTimeOriginal, "XMP DateTimeOriginal", .xmpDateTimeOriginal, requireOffset: false) },
            { fromISO(iptcDateCreated, "IPTC DateCreated", .iptcDateCreated, requireOffset: false) },
            { fromISO(xmpDateCreated, "XMP DateCreated", .xmpDateCreated, requireOffset: false) },
            { fromStamp(dateTimeDigitized, "DateTimeDigitized", .exifDateTimeDigitized) },
            { fromISO(xmpCreateDate, "XMP CreateDate", .xmpCreateDate, requireOffset: false) },
            { gps.map { CaptureTime(utc: $0, source: .gpsTimestamp) } },
            { fromStamp(dateTime, "DateTime", .exifDateTime) },
            { fromISO(appleCreationDate, "com.apple.quicktime.creationdate", .quickTimeCreationDate, requireOffset: false) },
            { fromISO(quickTimeDay, "©day", .quickTimeUserDate, requireOffset: true) },
            { fromUTC(creationTime) },
        ]
        for candidate in candidates {
            if let time = candidate() { return Resolution(time: borrowingOffset(time), warnings: warnings) }
        }
        if let named = fileName, plausibleLocal(DateTimeText.Parsed(local: named.local, offset: named.isUTC ? UTCOffset(seconds: 0) : nil),
                                                "the date in the file's name", named.local.description) {
            warnings.append(named.isDateOnly
                ? "no capture date in the file; using the day in its name (\(LocalDate(named.local))), at noon local time as the name has no time of day"
                : "no capture date in the file; using the \(named.isUTC ? "UTC time" : "time") in its name (\(named.local))")
            let time = named.isUTC ? CaptureTime(utc: named.local.secondsSinceEpochAsUTC, source: .fileName)
                : CaptureTime(local: named.local, offset: nil, source: named.isDateOnly ? .fileNameDate : .fileName)
            return Resolution(time: time, warnings: warnings)
        }
        if let mtime = fileModified {
            // A file system keeps any 64-bit time (`touch -d @9223372036854775807`): one before 1900 or
            // past the year 9999 says nothing about when the item was taken. (One in the future is
            // still used: a camera's clock set wrong moves the file's time, not the taking.)
            guard mtime.isFinite, mtime >= Self.year1900, mtime < Self.year10000 else {
                warnings.append("no capture date in the file, and its modification time (\(mtime) s since 1970) is not a plausible one; ignored")
                return Resolution(time: nil, warnings: warnings)
            }
            warnings.append("no capture date in the file; using its modification time, which may be when it was copied")
            return Resolution(time: CaptureTime(utc: mtime, source: .fileModificationTime), warnings: warnings)
        }
        return Resolution(time: nil, warnings: warnings)
    }

    /// 1900-01-01T00:00:00Z, the earliest capture time believed (as `plausibleLocal` does for readings).
    static let year1900 = LocalDateTime(year: 1900, month: 1, day: 1).secondsSinceEpochAsUTC
    /// 10000-01-01T00:00:00Z, past the last reading `LocalDateTime` writes.
    static let year10000 = LocalDateTime.writable.upperBound + 1

    /// EXIF dates often lack the offset that XMP or IPTC copies of the same reading carry.
    private func borrowingOffset(_ time: CaptureTime) -> CaptureTime {
        guard time.offset == nil, let local = time.local else { return time }
        for text in [xmpDateTimeOriginal, iptcDateCreated, xmpDateCreated, xmpCreateDate, dateTimeOriginal?.text] {
            guard let text, let parsed = DateTimeText.parse(text), let offset = parsed.offset, offset.isPlausible,
                  parsed.local.secondsSinceEpochAsUTC.rounded(.down) == local.secondsSinceEpochAsUTC.rounded(.down) else { continue }
            return time.filling(offset: offset, from: .recorded)
        }
        return time
    }

    private func gpsInstant(warnings: inout [String], now: Double) -> Double? {
        guard let gpsDate, let seconds = gpsTimeOfDay else { return nil }
        guard let day = DateTimeText.parse(gpsDate)?.local, day.isValidDate, day.year >= 1990,
              seconds >= 0, seconds < 86_401 else {
            warnings.append("GPS date stamp '\(DiagnosticText.value(gpsDate))' is not a real date; ignored")
            return nil
        }
        let utc = LocalDateTime(year: day.year, month: day.month, day: day.day).secondsSinceEpochAsUTC + seconds
        guard utc <= now + 86_400 else {
            warnings.append("GPS date stamp '\(DiagnosticText.value(gpsDate))' is in the future; ignored")
            return nil
        }
        return utc
    }

    /// The offset a camera clock showed, from its wall-clock reading and a GPS UTC stamp taken
    /// with it: zones are whole quarter hours, and a GPS fix may be a few minutes stale.
    static func offset(local: LocalDateTime, utc: Double) -> UTCOffset? {
        let difference = local.secondsSinceEpochAsUTC - utc
        let quarterHours = (difference / 900).rounded()
        guard abs(difference - quarterHours * 900) <= 300 else { return nil }
        let offset = UTCOffset(seconds: Int(quarterHours) * 900)
        return offset.isPlausible ? offset : nil
    }
}
