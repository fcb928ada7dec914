import Foundation
import LentaCatalog
import LentaCore
import LentaLibrary
import LentaStories
import LentaTestSupport
import Testing

/// Grouping a generated year of photos with known ground truth.
@Suite(.serialized) struct GroupingTests {
    static let now = LocalDateTime(year: 2026, month: 11, day: 21, hour: 12).secondsSinceEpochAsUTC

    struct Scanned {
        let temp: TemporaryFolder
        let catalog: Catalog
        let report: ScanReport
        var lentas: Lentas { Lentas(catalog: catalog) }
    }

    static func scanLibrary(_ library: SyntheticLibrary = SyntheticLibrary()) throws -> Scanned {
        let temp = try TemporaryFolder()
        try library.write(to: temp.path("photos"))
        let catalog = try Catalog(path: temp.path("catalog.sqlite"))
        let report = try LibraryScanner(catalog: catalog).scan(.init(folders: [temp.path("photos")], now: now))
        return Scanned(temp: temp, catalog: catalog, report: report)
    }

    static func groups(_ s: Scanned) throws -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for summary in try s.lentas.list() {
            let detail = try s.lentas.show(id: summary.id)
            result[summary.title] = Set(detail.items.map { URL(fileURLWithPath: $0.path).lastPathComponent })
        }
        return result
    }

    @Test func groupsExactlyAsTheGroundTruthSays() throws {
        let library = SyntheticLibrary()
        let s = try Self.scanLibrary(library)
        #expect(s.report.home?.hasPrefix("Berlin") == true, "\(s.report.home ?? "no home")")
        var expected: [String: Set<String>] = [:]
        for (group, files) in library.expectedGroups { expected[SyntheticLibrary.expectedTitles[group] ?? group] = files }
        let actual = try Self.groups(s)
        #expect(actual.keys.sorted() == expected.keys.sorted())
        for (title, files) in expected {
            let got = actual[title] ?? []
            #expect(got == files, "\(title): missing \(files.subtracting(got).sorted()), extra \(got.subtracting(files).sorted())")
        }
    }

    @Test func timeZonesAndOrderOnOneAxis() throws {
        let s = try Self.scanLibrary()
        let items = Dictionary(uniqueKeysWithValues: try s.catalog.items().map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })
        // Offsets inferred from the position, with daylight saving.
        #expect(items["tokyo-0.jpg"]?.metadata.captureTime?.offset?.description == "+09:00")
        #expect(items["tokyo-0.jpg"]?.metadata.captureTime?.offsetSource == .location)
        #expect(items["ny-last.jpg"]?.metadata.captureTime?.offset?.description == "-04:00")
        #expect(items["chicago-first.jpg"]?.metadata.captureTime?.offset?.description == "-05:00")
        // The UTC video gets its wall clock from Lisbon's zone.
        #expect(items["belem.mp4"]?.metadata.captureTime?.local?.description == "2024-05-04T11:31:30")
        #expect(items["belem.mp4"]?.place?.city == "Lisbon")

        let lentas = try s.lentas.list()
        let lisbon = try #require(lentas.first { $0.title == "Lisbon & Sintra, Portugal" })
        let order = try s.lentas.show(id: lisbon.id).items.map { URL(fileURLWithPath: $0.path).lastPathComponent }
        let before = try #require(order.firstIndex(of: "belem-before.jpg"))
        #expect(order[before + 1] == "belem.mp4" && order[before + 2] == "belem-after.jpg", "\(order)")
        #expect(lisbon.photos == 15 && lisbon.videos == 1)

        let usa = try #require(lentas.first { $0.title.contains("Chicago") })
        let usaOrder = try s.lentas.show(id: usa.id).items.map { URL(fileURLWithPath: $0.path).lastPathComponent }
        #expect((usaOrder.firstIndex(of: "ny-last.jpg") ?? 99) < (usaOrder.firstIndex(of: "chicago-first.jpg") ?? -1),
                "New York at 20:00 −04:00 comes before Chicago at 19:30 −05:00")
        // Newest first.
        #expect(lentas.first?.title == "Berlin, 24 December 2024")
    }

    @Test func idsStayStableWhenTheLibraryGrows() throws {
        let s = try Self.scanLibrary()
        let before = Dictionary(uniqueKeysWithValues: try s.lentas.list().map { ($0.title, $0.id) })
        try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(
            dateTimeOriginal: "2024:05:05 12:00:00", offsetTimeOriginal: "+01:00",
            gps: GeoPoint(latitude: 38.7075, longitude: -9.1364)), to: s.temp.path("photos") + "/lisbon-late.jpg")
        let report = try LibraryScanner(catalog: s.catalog).scan(.init(folders: [s.temp.path("photos")], now: Self.now))
        #expect(report.new == 1)
        let after = Dictionary(uniqueKeysWithValues: try s.lentas.list().map { ($0.title, $0.id) })
        #expect(after == before, "no lenta renumbered")
        let lisbon = try s.lentas.show(id: try #require(after["Lisbon & Sintra, Portugal"]))
        #expect(lisbon.items.contains { $0.path.hasSuffix("/lisbon-late.jpg") })
    }

    @Test func rulesCanBeChanged() throws {
        let s = try Self.scanLibrary()
        // With a one-hour gap every multi-day trip falls apart into days.
        var options = try s.lentas.groupingOptions()
        options.gap = 3600
        options.minItems = 1
        _ = try LibraryScanner(catalog: s.catalog).scan(.init(folders: [s.temp.path("photos")], now: Self.now, grouping: options))
        #expect(try s.lentas.list().count > 8)
    }

    @Test func titles() {
        func place(_ city: String, _ country: String) -> ItemPlace {
            ItemPlace(name: city, city: city, region: nil, countryCode: "XX", country: country, timeZone: nil, distanceKm: 1, isRemote: false)
        }
        let may3 = LocalDate(year: 2024, month: 5, day: 3), may9 = LocalDate(year: 2024, month: 5, day: 9)
        #expect(LentaTitle.title(places: [place("Lisbon", "Portugal"), place("Sintra", "Portugal"), place("Lisbon", "Portugal")], first: may3, last: may9) == "Lisbon & Sintra, Portugal")
        #expect(LentaTitle.title(places: [place("Porto", "Portugal"), place("Madrid", "Spain"), place("Lisbon", "Portugal")], first: may3, last: may9) == "Portugal & Spain")
        #expect(LentaTitle.title(places: [nil, nil], first: may3, last: may9) == "3–9 May 2024")
        #expect(LentaTitle.dateRange(LocalDate(year: 2024, month: 12, day: 28), LocalDate(year: 2025, month: 1, day: 2)) == "28 December 2024 – 2 January 2025")
        #expect(LentaTitle.subtitle(places: [place("Lisbon", "Portugal")], first: may3, last: may9) == "3–9 May 2024 · Portugal")
    }

    @Test func stableMatchingPrefersTheLargestOverlap() {
        let existing: [Int64: Set<Int64>] = [1: [1, 2, 3], 2: [4, 5, 6]]
        let ids = AutoLentaMatcher.match(existing: existing, proposed: [[4, 5, 6, 7], [1, 2], [3, 8, 9]])
        #expect(ids == [2, 1, nil])
    }
}
