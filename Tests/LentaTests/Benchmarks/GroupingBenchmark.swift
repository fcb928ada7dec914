import Foundation
import LentaCatalog
import LentaCore
import LentaLibrary
import LentaStories
import LentaPlaces
import LentaTestSupport
import Testing

/// Speed, measured only when asked: `LENTA_BENCH=1` (see bench/places). Goal: clustering a
/// 100,000-item catalog in under 2 seconds.
@Suite struct GroupingBenchmark {
    /// Ten years of a phone library: most days at home in Berlin, a trip every couple of months.
    static func library(count: Int) -> [ScannedFile] {
        var rng = UInt64(42)
        func next() -> Double {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            return Double(rng >> 11) / Double(1 << 53)
        }
        let destinations = [GeoPoint(latitude: 38.7075, longitude: -9.1364), GeoPoint(latitude: 35.6586, longitude: 139.7454),
                            GeoPoint(latitude: 40.7128, longitude: -74.0060), GeoPoint(latitude: 48.1374, longitude: 11.5755),
                            GeoPoint(latitude: 41.9028, longitude: 12.4964)]
        var files: [ScannedFile] = []
        var t = LocalDateTime(year: 2015, month: 1, day: 1, hour: 9).secondsSinceEpochAsUTC
        var trip = 0
        while files.count < count {
            let day = Int(t / 86_400)
            let onTrip = day % 60 < 6
            if day % 60 == 0 { trip += 1 }
            let base = onTrip ? destinations[trip % destinations.count] : GeoPoint(latitude: 52.52, longitude: 13.405)
            let perDay = onTrip ? 40 : 25
            for k in 0..<perDay where files.count < count {
                var m = MediaMetadata(format: .jpeg)
                let local = LocalDateTime(secondsSinceEpochAsUTC: t + Double(k) * 600)
                m.captureTime = CaptureTime(local: local, offset: UTCOffset(seconds: 3600), source: .exifDateTimeOriginal)
                m.location = next() < 0.1 ? nil : GeoPoint(latitude: base.latitude + (next() - 0.5) * 0.1, longitude: base.longitude + (next() - 0.5) * 0.1)
                files.append(ScannedFile(path: "/library/\(files.count).jpg", size: 1000, modified: t, fingerprint: "\(files.count)", metadata: m))
            }
            t += 86_400
        }
        return files
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["LENTA_BENCH"] == "1"))
    func clusteringSpeed() throws {
        let clock = ContinuousClock()
        let files = Self.library(count: 100_000)
        let temp = try TemporaryFolder()
        let catalog = try Catalog(path: temp.path("bench.sqlite"))
        var batch = CatalogBatch()
        batch.stored = files
        let insert = try clock.measure { try catalog.record(batch, scannedAt: 0) }
        // Places as the gazetteer gives them, once (not part of clustering).
        let place = try clock.measure {
            let gazetteer = try LentaPlaces.Gazetteer.bundled()
            try PlaceLocator(gazetteer: gazetteer).update(catalog)
        }
        let items = try catalog.items()
        let timeline = items.map { TimelineItem(id: $0.id, capture: $0.metadata.captureTime, location: $0.metadata.location,
                                               city: $0.place?.city, countryCode: $0.place?.countryCode, isVideo: false) }
        var result: Grouping.Result?
        let pure = clock.measure { result = Grouping().group(timeline) }
        let lentas = Lentas(catalog: catalog)
        let full = try clock.measure { try lentas.regroup() }
        let again = try clock.measure { try lentas.regroup() }
        print("""
            grouping bench: 100,000 items
              insert into the catalog          \(insert)
              name places (gazetteer)          \(place)
              Grouping.group (in memory)       \(pure)   → \(result?.groups.count ?? 0) lentas, home \(result?.home?.city ?? "none")
              regroup the catalog (load, group, store)  \(full)
              regroup again (nothing changed)  \(again)
            """)
        #expect(full < .seconds(2), "clustering a 100,000-item catalog must take under 2 s")
        #expect((result?.groups.count ?? 0) > 50)
    }
}
