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

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

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
        let encoded = (try? JSONEncoder().encode(m.warnings)) ?? Data("[]".utf8)
        warnings = String(decoding: encoded, as: UTF8.self)
        self.scannedAt = scannedAt
    }

    /// The domain value; nil for a row this version cannot interpret (a format from a newer lenta).
    var item: MediaItem? {
        guard let id, let format = MediaFormat(rawValue: format) else { return nil }
        var m = MediaMetadata(format: format)
        m.width = width
        m.height = height
        m.orientation = orientation
        m.rotation = rotation
        m.make = make
        m.model = model
        if let source = timeSource.flatMap(CaptureTimeSource.init(rawValue:)) {
            let offset = utcOffset.map(UTCOffset.init(seconds:))
            let offsetFrom = offsetSource.flatMap(OffsetSource.init(rawValue:))
            if let local = localTime.flatMap(LocalDateTime.init(iso:)) {
                var time = CaptureTime(local: local, offset: nil, source: source)
                if let offset { time = time.filling(offset: offset, from: offsetFrom ?? .recorded) }
                m.captureTime = time
            } else if let utcTime {
                var time = CaptureTime(utc: utcTime, source: source)
                if let offset { time = time.filling(offset: offset, from: offsetFrom ?? .recorded) }
                m.captureTime = time
            }
        }
        if let latitude, let longitude { m.location = GeoPoint(latitude: latitude, longitude: longitude, altitude: altitude) }
        m.duration = duration
        m.frameRate = frameRate
        m.variableFrameRate = variableFrameRate
        m.hasAudio = hasAudio
        m.warnings = (try? JSONDecoder().decode([String].self, from: Data(warnings.utf8))) ?? []
        var place: ItemPlace? = nil
        if let placeName, let placeCity, let placeCountryCode, let placeCountry, let placeDistanceKm {
            place = ItemPlace(name: placeName, city: placeCity, region: placeRegion, countryCode: placeCountryCode,
                              country: placeCountry, timeZone: placeTimeZone, distanceKm: placeDistanceKm,
                              isRemote: placeRemote ?? false)
        }
        return MediaItem(id: id, path: path, size: size, modified: modified, fingerprint: fingerprint, metadata: m, place: place)
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
