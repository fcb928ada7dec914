import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LentaCore
@testable import LentaMaps
import LentaPlaces
import LentaRender
import LentaTestSupport
import Testing

/// Labels as filled rectangles of about the size text would take: what the tests check is
/// where labels go, not how letters look.
struct BoxLabeller: MapLabeller {
    func label(_ text: String, pixelSize: Double) -> AlphaMask? {
        let w = max(1, Int((Double(text.count) * pixelSize * 0.55).rounded())), h = max(1, Int((pixelSize * 1.2).rounded()))
        return AlphaMask(width: w, height: h, alpha: [UInt8](repeating: 255, count: w * h))
    }
}

@Suite("Route maps")
struct MapTests {
    static let lisbon = GeoPoint(latitude: 38.7223, longitude: -9.1393)
    static let sintra = GeoPoint(latitude: 38.7979, longitude: -9.3906)
    static let kyoto = GeoPoint(latitude: 35.0116, longitude: 135.7681)
    static let tokyo = GeoPoint(latitude: 35.6586, longitude: 139.7454)

    static func time(_ text: String) -> CaptureTime? {
        guard let parsed = DateTimeText.parse(text) else { return nil }
        return CaptureTime(local: parsed.local, offset: parsed.offset, source: .exifDateTimeOriginal)
    }

    static func stop(_ name: String, _ lat: Double, _ lon: Double) -> RouteStop {
        RouteStop(name: name, point: GeoPoint(latitude: lat, longitude: lon), time: nil)
    }

    static func outlines() throws -> CountryOutlines { try CountryOutlines.bundled() }

    // MARK: - Country outlines

    @Test func outlinesLoadAndPlaceCities() throws {
        let world = try Self.outlines()
        #expect(world.countries.count > 200)
        #expect(world.dataSource.contains("Natural Earth"))
        #expect(world.country(at: Self.lisbon)?.code == "PT")
        #expect(world.country(at: Self.kyoto)?.code == "JP")
        #expect(world.country(at: GeoPoint(latitude: 52.52, longitude: 13.405))?.code == "DE")
        #expect(world.country(at: GeoPoint(latitude: 40.7128, longitude: -74.006))?.code == "US")
        #expect(world.country(at: GeoPoint(latitude: -18.14, longitude: 178.44))?.code == "FJ", "Suva, by the antimeridian")
        #expect(world.country(at: GeoPoint(latitude: 30, longitude: -40)) == nil, "mid-Atlantic")
        #expect(world.countryCodes(touchedBy: [Self.lisbon, Self.kyoto, Self.tokyo, Self.sintra]) == ["PT", "JP"])
        let iberia = Set(world.countries(intersecting: GeoBox(west: -10, south: 36, east: 3, north: 44)).map(\.code))
        #expect(iberia.isSuperset(of: ["PT", "ES", "FR", "AD"]))
        #expect(!iberia.contains("JP"))
        let pacific = Set(world.countries(intersecting: GeoBox(west: 175, south: -20, east: 190, north: -12)).map(\.code))
        #expect(pacific.contains("FJ") && pacific.contains("WS"), "\(pacific)")
    }

    @Test func damagedOutlinesNameTheFile() throws {
        let temp = try TemporaryFolder()
        let good = try Data(contentsOf: URL(fileURLWithPath: try CountryOutlines.bundledFilePath()))
        let cut = temp.path("cut.bin")
        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: cut))
        #expect(throws: DataFileError(what: "country outlines file", path: cut, reason: .damaged("checksum mismatch (truncated or damaged)"))) {
            try CountryOutlines(contentsOfFile: cut)
        }
        let missing = temp.path("none.bin")
        do {
            _ = try CountryOutlines(contentsOfFile: missing)
            Issue.record("a missing file was read")
        } catch {
            #expect("\(error)".contains(missing))
        }
    }

    // MARK: - Stops

    @Test func stopsMergeConsecutiveSamePlaceAndKeepOrder() {
        let items = [
            LocatedItem(time: Self.time("2024-05-03T10:00:00+01:00"), point: Self.lisbon, placeName: "Lisbon"),
            LocatedItem(time: Self.time("2024-05-03T11:00:00+01:00"), point: nil, placeName: nil),
            LocatedItem(time: Self.time("2024-05-03T12:00:00+01:00"), point: GeoPoint(latitude: 38.71, longitude: -9.14), placeName: "Lisbon"),
            LocatedItem(time: Self.time("2024-05-04T10:00:00+01:00"), point: Self.sintra, placeName: "Sintra"),
            LocatedItem(time: Self.time("2024-05-04T12:00:00+01:00"), point: GeoPoint(latitude: 0, longitude: 0), placeName: nil),
            LocatedItem(time: Self.time("2024-05-05T10:00:00+01:00"), point: Self.lisbon, placeName: "Lisbon"),
            LocatedItem(time: nil, point: GeoPoint(latitude: 39.0, longitude: -12.0), placeName: nil),
            LocatedItem(time: nil, point: GeoPoint(latitude: 39.001, longitude: -12.001), placeName: nil),
        ]
        let stops = RouteStops.build(from: items)
        #expect(stops.map(\.name) == ["Lisbon", "Sintra", "Lisbon", nil])
        #expect(stops.map(\.itemCount) == [2, 1, 1, 2])
        #expect(stops[0].time == Self.time("2024-05-03T10:00:00+01:00"), "a stop keeps its first item's time")
        #expect(abs(stops[0].point.latitude - (38.7223 + 38.71) / 2) < 1e-4, "a merged stop sits at its items' centre")
        let utcs = stops.prefix(3).compactMap { $0.time?.utc }
        #expect(utcs == utcs.sorted())
        #expect(RouteStops.build(from: []).isEmpty)
    }

    // MARK: - Framing

    @Test func framingHoldsEveryStopInsideTheMargins() {
        let points = [Self.lisbon, GeoPoint(latitude: 40.4168, longitude: -3.7038), GeoPoint(latitude: 48.8566, longitude: 2.3522)]
        let framing = MapFraming.fitting(points, width: 1920, height: 1080, margin: 0.12)
        let projected = points.map(framing.project)
        for p in projected {
            #expect(p.x >= 1920 * 0.12 - 0.5 && p.x <= 1920 * 0.88 + 0.5, "\(p)")
            #expect(p.y >= 1080 * 0.12 - 0.5 && p.y <= 1080 * 0.88 + 0.5, "\(p)")
        }
        // Fitted, not merely inside: the trip fills the usable height (it is taller than wide here).
        let ys = projected.map(\.y)
        #expect((ys.max() ?? 0) - (ys.min() ?? 0) > 1080 * 0.76 - 1)
    }

    @Test func oneCityShowsItsSurroundings() {
        let framing = MapFraming.fitting([Self.lisbon], width: 1920, height: 1080, margin: 0.12)
        let p = framing.project(Self.lisbon)
        #expect(abs(p.x - 960) < 0.5 && abs(p.y - 540) < 0.5)
        let usableKm = framing.kilometresPerPixel * 1080 * 0.76
        #expect(usableKm >= 299 && usableKm < 310, "\(usableKm) km across the usable height")
        // Two stops a few km apart frame the same minimum span.
        let near = MapFraming.fitting([Self.lisbon, Self.sintra], width: 1920, height: 1080, margin: 0.12)
        #expect(near.kilometresPerPixel * 1080 * 0.76 >= 299)
    }

    @Test func routeAcrossTheAntimeridianIsFramedAsOnePiece() {
        let fiji = GeoPoint(latitude: -18.14, longitude: 178.44), samoa = GeoPoint(latitude: -13.83, longitude: -171.76)
        let tonga = GeoPoint(latitude: -21.14, longitude: -175.2)
        let framing = MapFraming.fitting([fiji, samoa, tonga], width: 1920, height: 1080, margin: 0.12)
        #expect(abs(GeoBox.wrap(framing.centreLongitude - 180)) < 10, "centre \(framing.centreLongitude)")
        let xs = [fiji, samoa, tonga].map { framing.project($0).x }
        #expect(xs.allSatisfy { $0 > 0 && $0 < 1920 })
        #expect(framing.project(fiji).x < framing.project(samoa).x, "Fiji is west of Samoa on the map")
        #expect(framing.visibleBox.width < 40, "\(framing.visibleBox)")
        let box = GeoBox.enclosing([fiji, samoa])
        #expect(box.map { $0.width < 15 } == true)
    }

    // MARK: - Rasteriser

    static func coverage(_ mask: AlphaMask) -> Double { mask.alpha.reduce(0.0) { $0 + Double($1) } / 255 }

    @Test func filledSquareCoversItsArea() {
        let square = [PixelPoint(x: 10.3, y: 20.6), PixelPoint(x: 110.3, y: 20.6), PixelPoint(x: 110.3, y: 120.6), PixelPoint(x: 10.3, y: 120.6)]
        let mask = PolygonRasteriser.fill([square], rule: .nonZero, width: 200, height: 200)
        #expect(abs(Self.coverage(mask) - 10_000) / 10_000 < 0.01, "\(Self.coverage(mask))")
        // Anti-aliased: the cut column shows 70 % of the pixel, whole pixels are full.
        func at(_ x: Int, _ y: Int) -> UInt8 { mask.alpha[(y - mask.originY) * mask.width + x - mask.originX] }
        #expect(abs(Int(at(10, 50)) - 179) <= 2, "\(at(10, 50))")
        #expect(at(50, 50) == 255)
        #expect(abs(Int(at(50, 20)) - 102) <= 9, "\(at(50, 20))")   // 40 % of the row, to 1/16
        // A diamond (edges at 45°) covers half its box.
        let diamond = [PixelPoint(x: 100, y: 10), PixelPoint(x: 190, y: 100), PixelPoint(x: 100, y: 190), PixelPoint(x: 10, y: 100)]
        let d = Self.coverage(PolygonRasteriser.fill([diamond], rule: .evenOdd, width: 200, height: 200))
        #expect(abs(d - 16_200) / 16_200 < 0.01, "\(d)")
        // Off the picture: nothing, and no trap on far-away points.
        let far = [PixelPoint(x: -1e12, y: -1e12), PixelPoint(x: 1e12, y: -1e12), PixelPoint(x: 1e12, y: -5e11)]
        #expect(PolygonRasteriser.fill([far], rule: .nonZero, width: 10, height: 10).isEmpty)
    }

    @Test func fillRulesAndHoles() {
        let outer = [PixelPoint(x: 0, y: 0), PixelPoint(x: 100, y: 0), PixelPoint(x: 100, y: 100), PixelPoint(x: 0, y: 100)]
        let inner = [PixelPoint(x: 25, y: 25), PixelPoint(x: 75, y: 25), PixelPoint(x: 75, y: 75), PixelPoint(x: 25, y: 75)]
        let evenOdd = Self.coverage(PolygonRasteriser.fill([outer, inner], rule: .evenOdd, width: 100, height: 100))
        #expect(abs(evenOdd - 7_500) < 1)
        let nonZero = Self.coverage(PolygonRasteriser.fill([outer, inner], rule: .nonZero, width: 100, height: 100))
        #expect(abs(nonZero - 10_000) < 1, "rings drawn the same way round merge")
        let holeReversed = Self.coverage(PolygonRasteriser.fill([outer, Array(inner.reversed())], rule: .nonZero, width: 100, height: 100))
        #expect(abs(holeReversed - 7_500) < 1)
    }

    @Test func strokesAndDiscs() {
        let line = StrokeRasteriser.stroke([[PixelPoint(x: 20, y: 50), PixelPoint(x: 120, y: 50)]], lineWidth: 4, width: 200, height: 100)
        let expected = 100.0 * 4 + Double.pi * 4   // the body and two round caps
        #expect(abs(Self.coverage(line) - expected) / expected < 0.03, "\(Self.coverage(line))")
        // A polyline with a sharp turn: the joint is not counted twice.
        let turn = StrokeRasteriser.stroke([[PixelPoint(x: 20, y: 20), PixelPoint(x: 80, y: 20), PixelPoint(x: 80, y: 80)]],
                                           lineWidth: 6, width: 100, height: 100)
        let turnExpected = 120.0 * 6 + Double.pi * 9
        #expect(abs(Self.coverage(turn) - turnExpected) / turnExpected < 0.04, "\(Self.coverage(turn))")
        let disc = StrokeRasteriser.discs([PixelPoint(x: 50.5, y: 50.5)], radius: 20, width: 100, height: 100)
        #expect(abs(Self.coverage(disc) - Double.pi * 400) / (Double.pi * 400) < 0.02)
    }

    // MARK: - Labels and the whole map

    static let europe: [RouteStop] = [
        stop("Lisbon", 38.72, -9.14), stop("Sintra", 38.80, -9.39), stop("Porto", 41.15, -8.61), stop("Madrid", 40.42, -3.70),
        stop("Toledo", 39.86, -4.03), stop("Barcelona", 41.39, 2.17), stop("Girona", 41.98, 2.82), stop("Montpellier", 43.61, 3.88),
        stop("Nîmes", 43.84, 4.36), stop("Avignon", 43.95, 4.81), stop("Marseille", 43.30, 5.37), stop("Nice", 43.70, 7.27),
        stop("Monaco", 43.74, 7.42), stop("Lisbon", 38.72, -9.14),
    ]

    @Test func labelsStayInsideAndNeverOverlap() throws {
        let renderer = RouteMapRenderer(outlines: try Self.outlines(), style: .light)
        for (w, h) in [(1920, 1080), (640, 360), (1080, 1920)] {
            let layout = renderer.layout(Self.europe, width: w, height: h, labeller: BoxLabeller())
            #expect(layout.dots.count == Self.europe.count)
            #expect(Set(layout.labels.map(\.text)).count == layout.labels.count, "each place named once")
            #expect(layout.labels.count + layout.omittedLabels.count == 13)
            #expect(layout.labels.count >= 8, "\(w)×\(h): only \(layout.labels.map(\.text)) placed")
            let picture = PixelRect(x: 0, y: 0, width: Double(w), height: Double(h))
            let radius = MapStyle.light.dotRadius * Double(min(w, h))
            for (i, a) in layout.labels.enumerated() {
                #expect(a.rect.isInside(picture), "\(a.text) at \(a.rect)")
                for b in layout.labels[(i + 1)...] { #expect(!a.rect.intersects(b.rect), "\(a.text) overlaps \(b.text)") }
                for d in layout.dots {
                    let dot = PixelRect(x: d.x - radius, y: d.y - radius, width: 2 * radius, height: 2 * radius)
                    #expect(!a.rect.intersects(dot), "\(a.text) covers a dot")
                }
            }
        }
    }

    @Test func mapRendersDeterministically() throws {
        let renderer = RouteMapRenderer(outlines: try Self.outlines(), style: .light)
        let stops = [Self.stop("Lisbon", 38.72, -9.14), Self.stop("Porto", 41.15, -8.61)]
        let a = renderer.render(stops, width: 480, height: 270, labeller: BoxLabeller())
        let b = renderer.render(stops, width: 480, height: 270, labeller: BoxLabeller())
        #expect(a == b)
        let layout = renderer.layout(stops, width: 480, height: 270, labeller: BoxLabeller())
        let dot = layout.dots[0]
        let (r, g, bl, _) = a.pixel(Int(dot.x), Int(dot.y))
        #expect((r, g, bl) == (255, 255, 255), "the dot's centre")
        let sea = MapStyle.light.sea
        let corner = a.pixel(2, 135)   // the Atlantic, west of Portugal
        #expect((corner.0, corner.1, corner.2) == (sea.red, sea.green, sea.blue))
        #expect(layout.visitedCountries == ["PT"])
        let dark = RouteMapRenderer(outlines: try Self.outlines(), style: .dark).render(stops, width: 480, height: 270, labeller: nil)
        #expect(dark != a)
    }

    @Test func wholeWorldTripsRender() throws {
        let renderer = RouteMapRenderer(outlines: try Self.outlines(), style: .dark)
        let stops = [Self.stop("Lisbon", 38.72, -9.14), Self.stop("Tokyo", 35.66, 139.75), Self.stop("Suva", -18.14, 178.44),
                     Self.stop("Apia", -13.83, -171.76), Self.stop("Santiago", -33.45, -70.67)]
        let image = renderer.render(stops, width: 320, height: 180, labeller: BoxLabeller())
        #expect(image.width == 320)
        let layout = renderer.layout(stops, width: 320, height: 180, labeller: nil)
        #expect(layout.dots.allSatisfy { $0.x >= 0 && $0.x <= 320 && $0.y >= 0 && $0.y <= 180 })
        #expect(renderer.render([], width: 64, height: 32, labeller: nil).width == 64, "no stops: the world, no route")
    }

    // MARK: - Exports

    static let pacific: [RouteStop] = [
        RouteStop(name: "Suva", point: GeoPoint(latitude: -18.14, longitude: 178.44), time: time("2024-07-01T09:00:00+12:00")),
        RouteStop(name: "Apia & \"Upolu\" <3>", point: GeoPoint(latitude: -13.833333, longitude: -171.766667), time: time("2024-07-03T15:30:00+13:00")),
        RouteStop(name: "Nuku'alofa", point: GeoPoint(latitude: -21.1394, longitude: -175.2049), time: nil),
    ]

    @Test func geoJSONParsesWithLongitudeFirst() throws {
        let text = RouteGeoJSON.text(Self.pacific, title: "South Seas")
        #expect(text == RouteGeoJSON.text(Self.pacific, title: "South Seas"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["type"] as? String == "FeatureCollection")
        let features = try #require(json["features"] as? [[String: Any]])
        #expect(features.count == 4)
        let line = try #require(features[0]["geometry"] as? [String: Any])
        #expect(line["type"] as? String == "MultiLineString", "cut at the antimeridian")
        let parts = try #require(line["coordinates"] as? [[[Double]]])
        #expect(parts.count == 2 && parts[0].first == [178.44, -18.14] && parts[0].last?.first == 180)
        #expect(parts[1].count == 3 && parts[1].last == [-175.2049, -21.1394])
        #expect(parts[1].first?.first == -180)
        let points = features.dropFirst().compactMap { ($0["geometry"] as? [String: Any])?["coordinates"] as? [Double] }
        #expect(points == [[178.44, -18.14], [-171.766667, -13.833333], [-175.2049, -21.1394]])
        let properties = features.dropFirst().compactMap { $0["properties"] as? [String: Any] }
        #expect(properties.map { $0["name"] as? String } == ["Suva", "Apia & \"Upolu\" <3>", "Nuku'alofa"])
        #expect(properties[0]["time"] as? String == "2024-07-01T09:00:00+12:00")
        #expect(properties[2]["time"] is NSNull)
        let simple = RouteGeoJSON.text([Self.stop("Lisbon", 38.7223, -9.1393), Self.stop("Porto", 41.15, -8.61)])
        #expect(simple.contains("\"LineString\",\"coordinates\":[[-9.139300,38.722300],[-8.610000,41.150000]]"))
    }

    @Test func gpxParsesWithWaypointsInOrder() throws {
        let text = RouteGPX.text(Self.pacific, title: "South Seas & more")
        final class Collector: NSObject, XMLParserDelegate {
            var waypoints: [(lat: String, lon: String)] = []
            var names: [String] = []
            var times: [String] = []
            var trackPoints = 0
            var text = ""
            func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                text = ""
                if element == "wpt" { waypoints.append((attributes["lat"] ?? "", attributes["lon"] ?? "")) }
                if element == "trkpt" { trackPoints += 1 }
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
            func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
                if element == "name" { names.append(text) }
                if element == "time" { times.append(text) }
            }
        }
        let collector = Collector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.waypoints.map(\.lat) == ["-18.140000", "-13.833333", "-21.139400"])
        #expect(collector.waypoints.map(\.lon) == ["178.440000", "-171.766667", "-175.204900"])
        #expect(collector.names == ["South Seas & more", "Suva", "Apia & \"Upolu\" <3>", "Nuku'alofa", "South Seas & more"])
        #expect(collector.times.prefix(2) == ["2024-06-30T21:00:00Z", "2024-07-03T02:30:00Z"], "GPX times are UTC")
        #expect(collector.trackPoints == 3)
    }

    @Test func numbersAreFixedAndLocaleFree() {
        #expect(FixedDecimal.text(-9.1394, digits: 6) == "-9.139400")
        #expect(FixedDecimal.text(-0.0000001, digits: 6) == "0.000000")
        #expect(FixedDecimal.text(179.9999996, digits: 6) == "180.000000")
        #expect(RouteMapFormat(path: "a/route.PNG") == .png && RouteMapFormat(path: "x.json") == .geoJSON)
        #expect(RouteMapFormat(path: "x.gpx") == .gpx && RouteMapFormat(path: "x.txt") == nil && RouteMapFormat(path: "a.png/x") == nil)
    }

    // MARK: - Stops from a project file

    @Test func projectRouteReadsEachFile() throws {
        let temp = try TemporaryFolder()
        let library = SyntheticLibrary()
        try library.write(to: temp.path("photos"))
        let names = ["lisbon-0.jpg", "lisbon-1.jpg", "lisbon-nogps-0.jpg", "sintra-0.jpg", "belem-before.jpg", "kyoto-0.jpg"]
        let project = ProjectFile(items: names.map { ProjectItem(path: "photos/" + $0) })
        let stops = try ProjectRoute.stops(of: ResolvedStory.resolve(project, in: temp.url))
        // The route follows the trip in time: belem-before.jpg was taken before the others, so
        // it joins Lisbon's stop although the story shows it after Sintra.
        #expect(stops.map(\.name) == ["Lisbon", "Sintra", "Kyoto"])
        #expect(stops.map(\.itemCount) == [3, 1, 1])
        #expect(stops[0].time?.offset?.seconds == 3600)
        #expect(stops[2].time?.offset?.seconds == 9 * 3600, "Kyoto's photo had no offset: the time zone there gives it")
        let missing = ProjectFile(items: [ProjectItem(path: "photos/none.jpg")])
        do {
            _ = try ProjectRoute.stops(of: ResolvedStory.resolve(missing, in: temp.url))
            Issue.record("a missing file gave stops")
        } catch {
            #expect("\(error)".contains("none.jpg"))
        }
    }
}
