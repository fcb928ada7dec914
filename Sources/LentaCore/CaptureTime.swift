/// When an item was taken: a wall-clock reading, its UTC offset when known, the instant when it
/// can be known, and which piece of metadata said so.
///
/// Photos carry local time (EXIF), videos usually UTC (QuickTime `creation_time`). The two can
/// only be sorted together through `utc`, which exists once the offset is known.
public struct CaptureTime: Hashable, Codable, Sendable {
    /// The wall-clock reading where the item was taken.
    public var local: LocalDateTime?
    /// The offset of that wall clock from UTC.
    public var offset: UTCOffset?
    /// The instant, in seconds since 1970-01-01T00:00:00Z.
    public var utc: Double?
    public var source: CaptureTimeSource
    /// Where the offset came from; nil while it is unknown.
    public var offsetSource: OffsetSource?

    /// A wall-clock reading, with its offset when one was recorded.
    public init(local: LocalDateTime, offset: UTCOffset?, source: CaptureTimeSource, offsetSource: OffsetSource? = nil) {
        self.local = local
        self.source = source
        if let offset {
            self.offset = offset
            self.offsetSource = offsetSource ?? .recorded
            self.utc = local.secondsSinceEpochAsUTC - Double(offset.seconds)
        }
    }

    /// An instant in UTC with no known wall clock (QuickTime `creation_time`, GPS stamps).
    public init(utc: Double, source: CaptureTimeSource) {
        self.utc = utc
        self.source = source
    }

    private enum CodingKeys: String, CodingKey { case local, offset, utc, source, offsetSource }

    /// `utc` as written in JSON: ISO 8601 text (`2024-05-03T12:22:09Z`).
    var utcText: String? { utc.map { LocalDateTime(secondsSinceEpochAsUTC: $0).isoText(zulu: true) } }

    /// `utc` is written as ISO 8601 text (`2024-05-03T12:22:09Z`), as scripts expect.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(local, forKey: .local)
        try c.encodeIfPresent(offset, forKey: .offset)
        try c.encodeIfPresent(utcText, forKey: .utc)
        try c.encode(source, forKey: .source)
        try c.encodeIfPresent(offsetSource, forKey: .offsetSource)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        local = try c.decodeIfPresent(LocalDateTime.self, forKey: .local)
        offset = try c.decodeIfPresent(UTCOffset.self, forKey: .offset)
        if let text = try c.decodeIfPresent(String.self, forKey: .utc) {
            guard let parsed = DateTimeText.parse(text) else {
                throw DecodingError.dataCorruptedError(forKey: .utc, in: c, debugDescription: "not a UTC time: \(text)")
            }
            utc = parsed.local.secondsSinceEpochAsUTC - Double(parsed.offset?.seconds ?? 0)
        }
        source = try c.decode(CaptureTimeSource.self, forKey: .source)
        offsetSource = try c.decodeIfPresent(OffsetSource.self, forKey: .offsetSource)
    }

    /// Supplies the offset for a time that lacked one, deriving the side that was missing.
    /// A recorded offset is never replaced.
    public func filling(offset newOffset: UTCOffset, from newSource: OffsetSource) -> CaptureTime {
        guard offset == nil else { return self }
        var copy = self
        copy.offset = newOffset
        copy.offsetSource = newSource
        if let local {
            copy.utc = local.secondsSinceEpochAsUTC - Double(newOffset.seconds)
        } else if let utc {
            copy.local = LocalDateTime(secondsSinceEpochAsUTC: utc + Double(newOffset.seconds))
        }
        return copy
    }
}

/// The piece of metadata a capture time was read from, best first.
public enum CaptureTimeSource: String, Codable, Sendable, CaseIterable {
    case exifDateTimeOriginal = "exif:DateTimeOriginal"
    case xmpDateTimeOriginal = "xmp:exif:DateTimeOriginal"
    case iptcDateCreated = "iptc:DateCreated"
    case xmpDateCreated = "xmp:photoshop:DateCreated"
    case exifDateTimeDigitized = "exif:DateTimeDigitized"
    case xmpCreateDate = "xmp:xmp:CreateDate"
    case gpsTimestamp = "exif:GPSDateStamp"
    case exifDateTime = "exif:DateTime"
    case quickTimeCreationDate = "quicktime:com.apple.quicktime.creationdate"
    /// `©day` or Android's `udta/date`, when it carries an offset.
    case quickTimeUserDate = "quicktime:udta:date"
    case quickTimeCreationTime = "quicktime:creation_time"
    /// The moment in the file's name (`IMG_20240504_093015.jpg`), when the file has no date.
    case fileName = "filename"
    /// The day in the file's name (WhatsApp's `IMG-20191006-WA0002.jpg`), at noon local time.
    case fileNameDate = "filename:date"
    /// The file system's modification time: a last resort, often the time of a copy.
    case fileModificationTime = "file:mtime"

    public var isFallback: Bool { self == .fileModificationTime }
}

/// Where a UTC offset came from.
public enum OffsetSource: String, Codable, Sendable, CaseIterable {
    /// Written by the camera (`OffsetTimeOriginal`, or a zone inside the date text).
    case recorded
    /// The difference between the camera's wall clock and its GPS UTC stamp.
    case gpsTimestamp = "gps-timestamp"
    /// The time zone at the item's position, looked up in the gazetteer.
    case location
}
