import CExif
import LentaCore

/// The EXIF tags lenta reads, by number (some are newer than libexif's names for them).
enum ExifTagNumber {
    static let make: UInt16 = 0x010F
    static let model: UInt16 = 0x0110
    static let orientation: UInt16 = 0x0112
    static let dateTime: UInt16 = 0x0132
    static let software: UInt16 = 0x0131
    static let userComment: UInt16 = 0x9286
    static let dateTimeOriginal: UInt16 = 0x9003
    static let dateTimeDigitized: UInt16 = 0x9004
    static let offsetTime: UInt16 = 0x9010
    static let offsetTimeOriginal: UInt16 = 0x9011
    static let offsetTimeDigitized: UInt16 = 0x9012
    static let subSecTime: UInt16 = 0x9290
    static let subSecTimeOriginal: UInt16 = 0x9291
    static let subSecTimeDigitized: UInt16 = 0x9292
    static let gpsLatitudeRef: UInt16 = 0x0001
    static let gpsLatitude: UInt16 = 0x0002
    static let gpsLongitudeRef: UInt16 = 0x0003
    static let gpsLongitude: UInt16 = 0x0004
    static let gpsAltitudeRef: UInt16 = 0x0005
    static let gpsAltitude: UInt16 = 0x0006
    static let gpsTimeStamp: UInt16 = 0x0007
    static let gpsDateStamp: UInt16 = 0x001D
    static let makerNote: UInt16 = 0x927C
}

/// What lenta takes from an EXIF block, before any judgement about which date to trust.
struct ExifFields: Equatable {
    var make: String?
    var model: String?
    var orientation: Int?
    var software: String?
    /// iPhones write "Screenshot" here in their screenshots.
    var userComment: String?
    var dates = CaptureEvidence()
    var position: GeoPoint?
    /// A GPS block was present but its position was unusable.
    var positionProblem: String?
    /// Apple's Live Photo content identifier, from the maker note.
    var contentIdentifier: String?

    init() {}

    init(_ exif: ExifBlock) {
        make = exif.string(EXIF_IFD_0, ExifTagNumber.make)
        model = exif.string(EXIF_IFD_0, ExifTagNumber.model)
        orientation = exif.integer(EXIF_IFD_0, ExifTagNumber.orientation)
        software = exif.string(EXIF_IFD_0, ExifTagNumber.software)
        userComment = exif.comment(EXIF_IFD_EXIF, ExifTagNumber.userComment)
        contentIdentifier = exif.bytes(EXIF_IFD_EXIF, ExifTagNumber.makerNote).flatMap(AppleMakerNote.init(bytes:))?.contentIdentifier

        func stamp(_ ifd: ExifIfd, _ date: UInt16, _ subSec: UInt16, _ offset: UInt16) -> CaptureEvidence.Stamp? {
            guard let text = exif.string(ifd, date) else { return nil }
            return .init(text: text, subSecond: exif.string(EXIF_IFD_EXIF, subSec), offset: exif.string(EXIF_IFD_EXIF, offset))
        }
        dates.dateTimeOriginal = stamp(EXIF_IFD_EXIF, ExifTagNumber.dateTimeOriginal, ExifTagNumber.subSecTimeOriginal, ExifTagNumber.offsetTimeOriginal)
            ?? stamp(EXIF_IFD_0, ExifTagNumber.dateTimeOriginal, ExifTagNumber.subSecTimeOriginal, ExifTagNumber.offsetTimeOriginal)
        dates.dateTimeDigitized = stamp(EXIF_IFD_EXIF, ExifTagNumber.dateTimeDigitized, ExifTagNumber.subSecTimeDigitized, ExifTagNumber.offsetTimeDigitized)
        dates.dateTime = stamp(EXIF_IFD_0, ExifTagNumber.dateTime, ExifTagNumber.subSecTime, ExifTagNumber.offsetTime)
        dates.gpsDate = exif.string(EXIF_IFD_GPS, ExifTagNumber.gpsDateStamp)
        if let hms = exif.numbers(EXIF_IFD_GPS, ExifTagNumber.gpsTimeStamp), hms.count == 3 {
            dates.gpsTimeOfDay = hms[0] * 3600 + hms[1] * 60 + hms[2]
        } else if let text = exif.string(EXIF_IFD_GPS, ExifTagNumber.gpsTimeStamp) {
            // Some writers store the time of day as text ("12:34:56").
            let parts = text.split(separator: ":").compactMap { Double($0) }
            if parts.count == 3 { dates.gpsTimeOfDay = parts[0] * 3600 + parts[1] * 60 + parts[2] }
        }

        let latitude = Self.degrees(exif.numbers(EXIF_IFD_GPS, ExifTagNumber.gpsLatitude), exif.string(EXIF_IFD_GPS, ExifTagNumber.gpsLatitudeRef), negative: "S")
        let longitude = Self.degrees(exif.numbers(EXIF_IFD_GPS, ExifTagNumber.gpsLongitude), exif.string(EXIF_IFD_GPS, ExifTagNumber.gpsLongitudeRef), negative: "W")
        if let latitude, let longitude {
            var altitude = exif.numbers(EXIF_IFD_GPS, ExifTagNumber.gpsAltitude)?.first
            if let metres = altitude, exif.integer(EXIF_IFD_GPS, ExifTagNumber.gpsAltitudeRef) == 1 { altitude = -metres }
            let point = GeoPoint(latitude: latitude, longitude: longitude, altitude: altitude)
            if point.isPlausible {
                position = point
            } else {
                positionProblem = abs(latitude) < 1e-7 && abs(longitude) < 1e-7
                    ? "GPS position is 0°, 0° (the camera had no fix); treated as missing"
                    : "GPS position \(latitude), \(longitude) is out of range; treated as missing"
            }
        } else if latitude != nil || longitude != nil {
            positionProblem = "GPS block has only half a position; treated as missing"
        }
    }

    /// Degrees from EXIF's degrees/minutes/seconds rationals and a hemisphere letter.
    static func degrees(_ parts: [Double]?, _ ref: String?, negative: Character) -> Double? {
        guard let parts, !parts.isEmpty, parts.count <= 3 else { return nil }
        let scales = [1.0, 60.0, 3600.0]
        var value = 0.0
        for (i, part) in parts.enumerated() { value += part / scales[i] }
        guard value.isFinite else { return nil }
        if let first = ref?.uppercased().first, first == negative { value = -value }
        return value
    }
}
