import Foundation
import LentaCore

/// Three years of trips, for memories (`lenta new --on-this-day`, `--year`, `lenta auto
/// --memories`): a folder of trips only (no home), each trip a few distinct scenes a day, so
/// none is a copy, a burst twin, dark or blurred — every photo is a good item.
///
/// - 2022: Lisbon 3–5 May, Munich 10–11 August.
/// - 2023: Vienna 14–16 January, Porto 2–5 May (the 2nd is outside 4 May's window).
/// - 2024: Prague 15–16 January, Sintra 3–5 May, Munich 10–11 August, Tokyo 10–13 October:
///   trips of 4, 12, 4 and 16 photos, to be shown in proportion.
public struct SyntheticYears {
    public struct Shot: Sendable {
        public var name: String
        /// The local date and time, `2024-05-03 10:00`.
        public var day: LocalDate
        public var hour: Int
        public var offset: String
        public var point: GeoPoint
        /// The trip, `sintra-2024`.
        public var trip: String
        public var seed: Int

        public init(name: String, day: LocalDate, hour: Int, offset: String, point: GeoPoint, trip: String, seed: Int) {
            self.name = name
            self.day = day
            self.hour = hour
            self.offset = offset
            self.point = point
            self.trip = trip
            self.seed = seed
        }
    }

    public private(set) var shots: [Shot] = []

    public static let lisbon = GeoPoint(latitude: 38.7075, longitude: -9.1364)
    public static let sintra = GeoPoint(latitude: 38.7979, longitude: -9.3906)
    public static let porto = GeoPoint(latitude: 41.1496, longitude: -8.6109)
    public static let munich = GeoPoint(latitude: 48.1374, longitude: 11.5755)
    public static let vienna = GeoPoint(latitude: 48.2082, longitude: 16.3738)
    public static let prague = GeoPoint(latitude: 50.0755, longitude: 14.4378)
    public static let tokyo = GeoPoint(latitude: 35.6586, longitude: 139.7454)

    public init() {
        var seed = 1000
        func trip(_ name: String, _ first: String, days: Int, perDay: Int, _ offset: String, _ point: GeoPoint) {
            guard let start = LocalDate(first) else { return }
            for d in 0..<days {
                for k in 0..<perDay {
                    let day = start.adding(days: d)
                    shots.append(Shot(name: "\(name)-\(day)-\(k).jpg", day: day, hour: 9 + k * (10 / perDay), offset: offset,
                                      point: point, trip: name, seed: seed))
                    seed += 1
                }
            }
        }
        trip("lisbon-2022", "2022-05-03", days: 3, perDay: 2, "+01:00", Self.lisbon)
        trip("munich-2022", "2022-08-10", days: 2, perDay: 2, "+02:00", Self.munich)
        trip("vienna-2023", "2023-01-14", days: 3, perDay: 2, "+01:00", Self.vienna)
        trip("porto-2023", "2023-05-02", days: 4, perDay: 2, "+01:00", Self.porto)
        trip("prague-2024", "2024-01-15", days: 2, perDay: 2, "+01:00", Self.prague)
        trip("sintra-2024", "2024-05-03", days: 3, perDay: 4, "+01:00", Self.sintra)
        trip("munich-2024", "2024-08-10", days: 2, perDay: 2, "+02:00", Self.munich)
        trip("tokyo-2024", "2024-10-10", days: 4, perDay: 4, "+09:00", Self.tokyo)
    }

    /// The trips, by name: their shots.
    public var trips: [String: [Shot]] { Dictionary(grouping: shots, by: \.trip) }

    /// Writes every shot into `folder`: 160×120 JPEGs of distinct scenes, from a phone, with
    /// time, offset and GPS.
    public func write(to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for shot in shots { try write(shot, to: folder) }
    }

    public func write(_ shot: Shot, to folder: String) throws {
        let local = String(format: "%04d:%02d:%02d %02d:00:00", shot.day.year, shot.day.month, shot.day.day, shot.hour)
        try SyntheticMedia.jpeg(SyntheticPicture.scene(seed: shot.seed, width: 160, height: 120),
                                exif: SyntheticExif(make: "Google", model: "Pixel 8", dateTimeOriginal: local,
                                                    offsetTimeOriginal: shot.offset, gps: shot.point),
                                to: folder + "/" + shot.name)
    }
}
