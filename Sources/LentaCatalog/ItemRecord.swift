import Foundation
import GRDB
import LentaCore

/// A row of the `item` table, and its conversion to and from `MediaItem`.
struct ItemRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "item"

    var id: Int64?
    var path: String
    var size: Int64
    var modified: Double
    var fingerprint: String
    var format: String
    var kind: String
    var width: Int?
    var height: Int?
    var orientation: Int?
    var rotation: Int?
    var make: String?
    var model: String?
    var localTime: String?
    var utcOffset: Int?
    var utcTime: Double?
    var timeSource: String?
    var offsetSource: String?
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var duration: Double?
    var frameRate: Double?
    var variableFrameRate: Bool?
    var hasAudio: Bool?
    var warnings: String
    var scannedAt: Double
    var placeLookedUp = false
    var placeName: String?
    var placeCity: String?
    var placeRegion: String?
    var placeCountryCode: String?
    var placeCountry: String?
    var placeTimeZone: String?
    var placeDistanceKm: Double?
    var placeRemote: Bool?
    var contentIdentifier: String?
    var motionOffset: Int64?
    var motionLength: Int64?
    var motionOrigin: String?
    var motionDuration: Double?
    var motionHasAudio: Bool?
    var fullFrameRatePlayback: Bool?
    var captureFrameRate: Double?

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Every column, written by hand: encoding through `Encodable` was a third of a scan's row
    /// writing. `RecordEncodingTests` holds it to every stored property and to what
    /// `Encodable` would write.
    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["path"] = path
        container["size"] = size
        container["modified"] = modified
        container["fingerprint"] = fingerprint
        container["format"] = format
        container["kind"] = kind
        container["width"] = width
        container["height"] = height
        container["orientation"] = orientation
        container["rotation"] = rotation
        container["make"] = make
        container["model"] = model
        container["localTime"] = localTime
        container["utcOffset"] = utcOffset
        container["utcTime"] = utcTime
        container["timeSource"] = timeSource
        container["offsetSource"] = offsetSource
        container["latitude"] = latitude
        container["longitude"] = longitude
        container["altitude"] = altitude
        container["duration"] = duration
        container["frameRate"] = frameRate
        container["variableFrameRate"] = variableFrameRate
        container["hasAudio"] = hasAudio
        container["warnings"] = warnings
        container["scannedAt"] = scannedAt
        container["placeLookedUp"] = placeLookedUp
        container["placeName"] = placeName
        container["placeCity"] = placeCity
        container["placeRegion"] = placeRegion
        container["placeCountryCode"] = placeCountryCode
        container["placeCountry"] = placeCountry
        container["placeTimeZone"] = placeTimeZone
        container["placeDistanceKm"] = placeDistanceKm
        container["placeRemote"] = placeRemote
        container["contentIdentifier"] = contentIdentifier
        container["motionOffset"] = motionOffset
        container["motionLength"] = motionLength
        container["motionOrigin"] = motionOrigin
        container["motionDuration"] = motionDuration
        container["motionHasAudio"] = motionHasAudio
        container["fullFrameRatePlayback"] = fullFrameRatePlayback
        container["captureFrameRate"] = captureFrameRate
    }

    private static let warningsEncoder = JSONEncoder()

    init(_ file: ScannedFile, scannedAt: Double) {
        let m = file.metadata
        id = nil
        path = file.path
        size = file.size
        modified = file.modified
        fingerprint = file.fingerprint
        format = m.format.rawValue
        kind = m.kind.rawValue
        width = m.width
        height = m.height
        orientation = m.orientation
        rotation = m.rotation
        make = m.make
        model = m.model
        localTime = m.captureTime?.local?.description
        utcOffset = m.captureTime?.offset?.seconds
        utcTime = m.captureTime?.utc
        timeSource = m.captureTime?.source.rawValue
        offsetSource = m.captureTime?.offsetSource?.rawValue
        latitude = m.location?.latitude
        longitude = m.location?.longitude
        altitude = m.location?.altitude
        duration = m.duration
        frameRate = m.frameRate
        variableFrameRate = m.variableFrameRate
        hasAudio = m.hasAudio
        contentIdentifier = m.contentIdentifier
        motionOffset = m.embeddedMotion?.offset
        motionLength = m.embeddedMotion?.length
        motionOrigin = m.embeddedMotion?.origin.rawValue
        motionDuration = m.embeddedMotion?.duration
        motionHasAudio = m.embeddedMotion?.hasAudio
        fullFrameRatePlayback = m.slowMotion?.fullFrameRatePlayback
        captureFrameRate = m.slowMotion?.captureFrameRate
        if m.warnings.isEmpty {
            warnings = "[]"  // what the encoder writes, without it (most files have no warning)
        } else {
            let encoded = (try? Self.warningsEncoder.encode(m.warnings)) ?? Data("[]".utf8)
            warnings = String(decoding: encoded, as: UTF8.self)
        }
        self.scannedAt = scannedAt
    }

    /// The domain value; nil for a row this version cannot interpret (a format from a newer lenta).
    var item: MediaItem? {
        let record = self
        return record.intoItem()
    }

    /// `item`, the record's values handed on rather than copied (a read row is used once).
    consuming func intoItem() -> MediaItem? {
        guard let id, let format = MediaFormat(rawValue: format) else { return nil }
        var m = MediaMetadata(format: format)
        m.width = width
        m.height = height
        m.orientation = orientation
        m.rotation = rotation
        m.make = make
        m.model = model
        m.captureTime = Self.captureTime(source: timeSource, local: localTime, offset: utcOffset, utc: utcTime, offsetSource: offsetSource)
        if let latitude, let longitude { m.location = GeoPoint(latitude: latitude, longitude: longitude, altitude: altitude) }
        m.duration = duration
        m.frameRate = frameRate
        m.variableFrameRate = variableFrameRate
        m.hasAudio = hasAudio
        m.contentIdentifier = contentIdentifier
        if let motionOffset, let motionLength, let origin = motionOrigin.flatMap(EmbeddedMotion.Origin.init(rawValue:)) {
            m.embeddedMotion = EmbeddedMotion(offset: motionOffset, length: motionLength, origin: origin, duration: motionDuration,
                                              hasAudio: motionHasAudio)
        }
        if fullFrameRatePlayback != nil || captureFrameRate != nil {
            m.slowMotion = SlowMotionTags(fullFrameRatePlayback: fullFrameRatePlayback, captureFrameRate: captureFrameRate)
        }
        m.warnings = Self.warnings(warnings)
        let place = Self.place(name: placeName, city: placeCity, region: placeRegion, countryCode: placeCountryCode,
                               country: placeCountry, timeZone: placeTimeZone, distanceKm: placeDistanceKm, remote: placeRemote)
        return MediaItem(id: id, path: path, size: size, modified: modified, fingerprint: fingerprint, metadata: m, place: place)
    }
}

extension ItemRecord {
    /// The `warnings` column's JSON array of strings; none when it is not one.
    static func warnings(_ column: String) -> [String] {
        guard column != "[]" else { return [] }
        // `JSONEncoder`'s compact array (`["a","b\/c"]`) read by its bytes (a third of reading an
        // item went to `JSONDecoder`, and all of it for a warning that quotes a name). Any other
        // layout is left to `JSONDecoder`.
        var column = column
        let read: [String]? = column.withUTF8 { bytes in
            var reader = CompactStringArrayReader(bytes: bytes)
            return reader.read()
        }
        return read ?? (try? JSONDecoder().decode([String].self, from: Data(column.utf8))) ?? []
    }

    static func captureTime(source: String?, local: String?, offset: Int?, utc: Double?, offsetSource: String?) -> CaptureTime? {
        guard let source = source.flatMap(CaptureTimeSource.init(rawValue:)) else { return nil }
        return captureTime(source: source, local: local.flatMap(LocalDateTime.init(iso:)), offset: offset, utc: utc,
                           offsetSource: offsetSource.flatMap(OffsetSource.init(rawValue:)))
    }

    /// The capture time of the columns once read: `local` as `LocalDateTime(iso:)` reads the
    /// column, `offsetSource` nil when the column names none this version knows.
    static func captureTime(source: CaptureTimeSource, local: LocalDateTime?, offset: Int?, utc: Double?,
                            offsetSource: OffsetSource?) -> CaptureTime? {
        let offsetFrom = offsetSource ?? .recorded
        var time: CaptureTime
        if let local {
            time = CaptureTime(local: local, offset: nil, source: source)
        } else if let utc {
            time = CaptureTime(utc: utc, source: source)
        } else {
            return nil
        }
        if let offset { time = time.filling(offset: UTCOffset(seconds: offset), from: offsetFrom) }
        return time
    }

    static func place(name: String?, city: String?, region: String?, countryCode: String?, country: String?,
                      timeZone: String?, distanceKm: Double?, remote: Bool?) -> ItemPlace? {
        guard let name, let city, let countryCode, let country, let distanceKm else { return nil }
        return ItemPlace(name: name, city: city, region: region, countryCode: countryCode, country: country,
                         timeZone: timeZone, distanceKm: distanceKm, isRemote: remote ?? false)
    }
}

struct UnreadableRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "unreadable"
    var path: String
    var size: Int64
    var modified: Double
    var reason: String
    var scannedAt: Double
}
