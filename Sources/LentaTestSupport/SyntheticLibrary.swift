import Foundation
import LentaCore

/// A photo library written to disk with known ground truth: which lenta each file belongs to.
///
/// Home is Berlin. The year holds: everyday photos at home; a trip to Lisbon and Sintra with
/// photos lacking GPS and a UTC-stamped video minutes from local-time photos; a trip to Tokyo
/// and Kyoto whose photos carry no offset (the time zone at the position gives it); a trip from
/// New York to Chicago that crosses a time zone; a trip to Munich at home in Germany; a day trip
/// to Leipzig (an outing, not a trip); and Christmas Eve at home (an event).
public struct SyntheticLibrary {
    public struct Shot {
        public var name: String
        public var local: String        // "2024:05:03 14:22:09"
        public var offset: String?      // "+01:00", or nil for "no OffsetTimeOriginal"
        public var point: GeoPoint?
        public var group: String?       // the expected lenta, nil for none
        public var videoUTC: String?    // a video's creation_time instead of a photo
    }

    public var shots: [Shot] = []

    /// Expected lentas: name → file names, and the titles they should get.
    public var expectedGroups: [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for shot in shots { if let g = shot.group { result[g, default: []].insert(shot.name) } }
        return result
    }

    public static let expectedTitles: [String: String] = [
        "lisbon": "Lisbon & Sintra, Portugal",
        "japan": "Tokyo & Kyoto, Japan",
        "usa": "New York City & Chicago, United States",
        "munich": "Munich, Germany",
        "christmas": "Berlin, 24 December 2024",
    ]

    public static let berlin = GeoPoint(latitude: 52.5200, longitude: 13.4050)

    public init() {
        func add(_ name: String, _ local: String, _ offset: String?, _ point: GeoPoint?, _ group: String?, video: String? = nil) {
            shots.append(Shot(name: name, local: local, offset: offset, point: point, group: group, videoUTC: video))
        }
        // Everyday life at home: 42 days across the year, away from the trips, a little scatter
        // around the city.
        let homeDays: [(Int, [Int])] = [(1, [5, 12, 19, 26]), (2, [2, 9, 16, 23]), (3, [1, 8, 15, 22]), (4, [5, 12, 19, 26]),
                                        (5, [15, 22, 29]), (6, [5, 12, 22]), (7, [15, 22, 29]), (8, [1, 20, 27]),
                                        (9, [3, 10, 17, 24]), (10, [1, 22, 29]), (11, [5, 12, 19, 26]), (12, [3, 10, 17])]
        var d = 0
        for (month, days) in homeDays {
            for day in days {
                let offset = (4...10).contains(month) ? "+02:00" : "+01:00"
                let p = GeoPoint(latitude: 52.50 + Double(d % 5) * 0.01, longitude: 13.35 + Double(d % 7) * 0.015)
                add("home-\(d).jpg", String(format: "2024:%02d:%02d 18:%02d:00", month, day, d % 60), offset, p, nil)
                d += 1
            }
        }
        // Lisbon & Sintra, 3–6 May 2024 (+01:00).
        let lisbon = GeoPoint(latitude: 38.7075, longitude: -9.1364), sintra = GeoPoint(latitude: 38.7979, longitude: -9.3906)
        for i in 0..<8 { add("lisbon-\(i).jpg", String(format: "2024:05:0%d 1%d:30:00", 3 + i / 3, i % 3 * 3), "+01:00", lisbon, "lisbon") }
        for i in 0..<3 { add("sintra-\(i).jpg", String(format: "2024:05:06 1%d:00:00", i * 2), "+01:00", sintra, "lisbon") }
        add("lisbon-nogps-0.jpg", "2024:05:04 13:00:00", "+01:00", nil, "lisbon")
        add("lisbon-nogps-1.jpg", "2024:05:05 20:00:00", nil, nil, "lisbon")
        // Minutes between 11:30 and 11:33 local (10:30Z, 10:33Z): the video sits between them.
        add("belem-before.jpg", "2024:05:04 11:30:00", "+01:00", GeoPoint(latitude: 38.6916, longitude: -9.2160), "lisbon")
        add("belem-after.jpg", "2024:05:04 11:33:00", "+01:00", GeoPoint(latitude: 38.6916, longitude: -9.2160), "lisbon")
        add("belem.mp4", "", nil, GeoPoint(latitude: 38.6916, longitude: -9.2160), "lisbon", video: "2024-05-04T10:31:30.000000Z")
        // Tokyo & Kyoto, 10–15 October 2024: GPS but no offset.
        let tokyo = GeoPoint(latitude: 35.6586, longitude: 139.7454), kyoto = GeoPoint(latitude: 34.9671, longitude: 135.7727)
        for i in 0..<6 { add("tokyo-\(i).jpg", String(format: "2024:10:1%d 1%d:00:00", i / 2, 2 + i % 2 * 4), nil, tokyo, "japan") }
        for i in 0..<4 { add("kyoto-\(i).jpg", String(format: "2024:10:1%d 1%d:00:00", 3 + i / 2, i), nil, kyoto, "japan") }
        // New York → Chicago, 1–6 July 2024, crossing from −04:00 to −05:00; no offsets recorded.
        let ny = GeoPoint(latitude: 40.7128, longitude: -74.0060), chicago = GeoPoint(latitude: 41.8781, longitude: -87.6298)
        for i in 0..<5 { add("ny-\(i).jpg", String(format: "2024:07:0%d 1%d:00:00", 1 + i / 2, 1 + i), nil, ny, "usa") }
        add("ny-last.jpg", "2024:07:03 20:00:00", nil, ny, "usa")        // 00:00Z on the 4th
        add("chicago-first.jpg", "2024:07:03 19:30:00", nil, chicago, "usa")  // 00:30Z on the 4th: after NY
        for i in 0..<4 { add("chicago-\(i).jpg", String(format: "2024:07:0%d 1%d:00:00", 4 + i / 2, 2 + i), nil, chicago, "usa") }
        // Munich, 10–12 August 2024: a trip within the home country.
        let munich = GeoPoint(latitude: 48.1374, longitude: 11.5755)
        for i in 0..<6 { add("munich-\(i).jpg", String(format: "2024:08:1%d 1%d:00:00", i / 2, 1 + i), "+02:00", munich, "munich") }
        // Leipzig, 15 June 2024, 09:00–17:00: a day trip, not a trip.
        let leipzig = GeoPoint(latitude: 51.3397, longitude: 12.3731)
        for i in 0..<5 { add("leipzig-\(i).jpg", String(format: "2024:06:15 %02d:00:00", 9 + i * 2), "+02:00", leipzig, nil) }
        // Christmas Eve at home: a burst of photos, an event.
        for i in 0..<16 {
            add("christmas-\(i).jpg", String(format: "2024:12:24 %02d:%02d:00", 17 + i / 6, i % 6 * 10), "+01:00",
                GeoPoint(latitude: 52.5301, longitude: 13.4102), "christmas")
        }
    }

    /// Writes every shot (16×16 JPEGs, one tiny MP4) into `folder`.
    public func write(to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for shot in shots {
            let path = folder + "/" + shot.name
            if let utc = shot.videoUTC {
                try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, frameRate: 10, seconds: 0.5, creationTime: utc,
                                                        location: shot.point), to: path)
            } else {
                try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(
                    dateTimeOriginal: shot.local, offsetTimeOriginal: shot.offset, gps: shot.point), to: path)
            }
        }
    }
}
