import LentaCore

/// What to put in a synthetic EXIF block. Every field is optional and written only when set;
/// texts are written as given (so `"0000:00:00 00:00:00"` or a bad offset can be planted on
/// purpose), numbers as the EXIF types cameras use.
///
/// Layout (see `tiffBytes()`): IFD0 holds Make, Model, Orientation, DateTime and the pointers to
/// the Exif IFD and the GPS IFD; the Exif IFD holds ExifVersion and the date, sub-second and offset
/// tags; the GPS IFD holds GPSVersionID, latitude/longitude (degrees, minutes, seconds rationals with
/// N/S/E/W references), altitude with its reference, GPSTimeStamp and GPSDateStamp.
public struct SyntheticExif: Equatable, Sendable {
    public var byteOrder: TIFFByteOrder = .bigEndian

    // IFD0
    public var make: String?
    public var model: String?
    /// EXIF Orientation, normally 1...8; any value that fits a SHORT is written (0 and 9 make traps).
    public var orientation: Int?
    /// IFD0 `DateTime` (0x0132), the file's modification time by the camera's clock.
    public var dateTime: String?

    // Exif IFD
    /// `DateTimeOriginal` (0x9003), e.g. `"2024:05:03 14:22:09"`.
    public var dateTimeOriginal: String?
    /// `DateTimeDigitized` (0x9004).
    public var dateTimeDigitized: String?
    /// `OffsetTime` (0x9010), the offset of `dateTime`, e.g. `"+01:00"`.
    public var offsetTime: String?
    /// `OffsetTimeOriginal` (0x9011).
    public var offsetTimeOriginal: String?
    /// `OffsetTimeDigitized` (0x9012).
    public var offsetTimeDigitized: String?
    /// `SubSecTimeOriginal` (0x9291), e.g. `"253"`.
    public var subSecTimeOriginal: String?
    /// `SubSecTimeDigitized` (0x9292).
    public var subSecTimeDigitized: String?
    /// An Apple maker note (0x927C) holding this Live Photo content identifier as tag 0x0011,
    /// laid out as iPhones write it (`Apple iOS\0`, version 1, `MM`, an IFD whose offsets count
    /// from the note's start).
    public var appleContentIdentifier: String?

    // GPS IFD
    /// Written as GPSLatitudeRef/GPSLatitude, GPSLongitudeRef/GPSLongitude (degrees/1, minutes/1,
    /// seconds/10000: exact to about 3e-9°) and, when `altitude` is set, GPSAltitudeRef/GPSAltitude
    /// (metres/1000).
    public var gps: GeoPoint?
    /// `GPSDateStamp` (0x001D), e.g. `"2024:05:03"`.
    public var gpsDateStamp: String?
    /// `GPSTimeStamp` (0x0007): hours, minutes, seconds of the UTC day. Whole numbers are written
    /// as n/1, fractions as n/1000.
    public var gpsTimeStamp: GPSTime?

    /// Hours, minutes and seconds of a UTC day, as GPSTimeStamp holds them.
    public struct GPSTime: Equatable, Sendable {
        public var hours: Double
        public var minutes: Double
        public var seconds: Double
        public init(hours: Double, minutes: Double, seconds: Double) {
            self.hours = hours; self.minutes = minutes; self.seconds = seconds
        }
    }

    public init(
        make: String? = nil, model: String? = nil, orientation: Int? = nil,
        dateTimeOriginal: String? = nil, subSecTimeOriginal: String? = nil, offsetTimeOriginal: String? = nil,
        dateTimeDigitized: String? = nil, dateTime: String? = nil,
        gps: GeoPoint? = nil, gpsDateStamp: String? = nil, gpsTimeStamp: GPSTime? = nil,
        byteOrder: TIFFByteOrder = .bigEndian
    ) {
        self.make = make; self.model = model; self.orientation = orientation
        self.dateTimeOriginal = dateTimeOriginal; self.subSecTimeOriginal = subSecTimeOriginal
        self.offsetTimeOriginal = offsetTimeOriginal
        self.dateTimeDigitized = dateTimeDigitized; self.dateTime = dateTime
        self.gps = gps; self.gpsDateStamp = gpsDateStamp; self.gpsTimeStamp = gpsTimeStamp
        self.byteOrder = byteOrder
    }
}

/// The byte order a TIFF block is written in: `MM` (Motorola, big-endian) or `II` (Intel).
public enum TIFFByteOrder: Sendable {
    case bigEndian
    case littleEndian
}
