import Foundation
import LentaCore
import LentaMaps
import LentaMedia
import LentaPixels
import LentaRender
import LentaTestSupport
import Testing

/// The true route: GPX and GeoJSON tracks read (bounded, with named errors), clipped to the
/// trip's dates, drawn on `lenta map` and on a story's title card where the path went, not along
/// the straight line between the stops.
@Suite("Travelled tracks", .serialized)
struct RouteTrackTests {
    static let lisbon = GeoPoint(latitude: 38.7075, longitude: -9.1364)
    static let sintra = GeoPoint(latitude: 38.7979, longitude: -9.3906)
    /// Lisbon → Évora → Santarém → Sintra: inland, well away from the line Lisbon–Sintra.
    static let detour: [(Double, Double)] = [(38.7075, -9.1364), (38.65, -8.6), (38.5714, -7.9087), (38.9, -8.2),
                                             (39.2362, -8.6859), (39.0, -9.1), (38.7979, -9.3906)]

    /// A GPX track of the detour, timed between the synthetic library's first Lisbon photo
    /// (2024-05-03 09:30Z) and its first Sintra photo (2024-05-06 09:00Z), plus a second
    /// segment in Madrid a week later (to be clipped) and an untimed point.
    static func gpx() -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>Trip</name><trkseg>"]
        // Dense: 40 points per leg, a second apart at the start of each hour, as loggers write.
        for (leg, (a, b)) in zip(detour, detour.dropFirst()).enumerated() {
            for i in 0..<40 {
                let t = Double(i) / 40
                let hour = 10 + leg * 9 + i / 10
                lines.append(String(format: "<trkpt lat=\"%.6f\" lon=\"%.6f\"><ele>12</ele><time>2024-05-0%dT%02d:%02d:00Z</time></trkpt>",
                                    a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, 3 + hour / 24, hour % 24, i % 10))
            }
        }
        lines.append("<trkpt lat=\"38.7979\" lon=\"-9.3906\"/>")
        lines.append("</trkseg><trkseg>")
        lines.append("<trkpt lat=\"40.4168\" lon=\"-3.7038\"><time>2024-05-13T10:00:00Z</time></trkpt>")
        lines.append("<trkpt lat=\"40.45\" lon=\"-3.70\"><time>2024-05-13T11:00:00Z</time></trkpt>")
        lines.append("</trkseg></trk></gpx>")
        return lines.joined(separator: "\n")
    }

    static func write(_ text: String, _ folder: TemporaryFolder, _ name: String) throws -> String {
        let path = folder.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static let lisbonFirst = 1_714_728_600.0   // 2024-05-03T09:30:00Z
    static let sintraFirst = 1_714_986_000.0   // 2024-05-06T09:00:00Z

    // MARK: Reading

    @Test func gpxReadsSegmentsTimesAndClipsToTheTrip() throws {
        let folder = try TemporaryFolder()
        let track = try TrackFile.read(Self.write(Self.gpx(), folder, "trip.gpx"))
        #expect(track.segments.count == 2)
        #expect(track.segments[0].count == 6 * 40 + 1)
        #expect(track.segments[0][0].utc == 1_714_730_400, "2024-05-03T10:00:00Z")
        #expect(track.segments[0].last?.utc == nil, "a point without a time")
        let clipped = track.clipped(toTimes: [Self.lisbonFirst, nil, Self.sintraFirst])
        #expect(clipped.segments.count == 1, "Madrid, a week later, is not this trip")
        #expect(clipped.segments[0] == track.segments[0], "everything within the trip's dates and the untimed point stay")
        // A window that ends mid-trip cuts the segment there.
        let half = track.clipped(from: Self.lisbonFirst, to: Self.lisbonFirst + 24 * 3600)
        #expect(half.pointCount < track.segments[0].count && half.pointCount > 40)
        #expect(half.segments.allSatisfy { $0.allSatisfy { $0.utc.map { $0 <= Self.lisbonFirst + 27 * 3600 } ?? true } })
        #expect(track.clipped(toTimes: [nil]) == track, "no item time: nothing says which part to keep")
    }

    @Test func geoJSONLinesAndFeatureCollections() throws {
        let folder = try TemporaryFolder()
        let line = try TrackFile.read(Self.write(#"{"type":"LineString","coordinates":[[-9.1,38.7],[-8.6,39.2,40]]}"#, folder, "a.geojson"))
        #expect(line.segments == [[.init(GeoPoint(latitude: 38.7, longitude: -9.1)), .init(GeoPoint(latitude: 39.2, longitude: -8.6, altitude: 40))]])
        let collection = #"""
            {"type":"FeatureCollection","features":[
              {"type":"Feature","properties":{"name":"stop"},"geometry":{"type":"Point","coordinates":[1,2]}},
              {"type":"Feature","properties":{"coordTimes":[["2024-05-03T10:00:00Z","2024-05-03T11:00:00Z"],["2024-05-13T10:00:00Z"]]},
               "geometry":{"type":"MultiLineString","coordinates":[[[-9.1,38.7],[-8.6,39.2]],[[-3.7,40.4]]]}}]}
            """#
        let multi = try TrackFile.read(Self.write(collection, folder, "b.json"))
        #expect(multi.segments.map(\.count) == [2, 1], "the Point feature is a stop, not part of the path")
        #expect(multi.segments[0][1].utc == 1_714_734_000)
        #expect(multi.clipped(toTimes: [Self.lisbonFirst, Self.sintraFirst]).segments.map(\.count) == [2])
    }

    @Test func badTracksNameTheFileAndTheReason() throws {
        let folder = try TemporaryFolder()
        let full = Self.gpx()
        let cases: [(String, String, String)] = [
            ("empty.gpx", "", "is empty"),
            ("truncated.gpx", String(full.prefix(full.count / 2)), "not well-formed GPX"),
            ("photo.gpx", "\u{FF}\u{D8}JFIF not a track", "neither GPX"),
            ("notgpx.xml", "<html><body>hello</body></html>", "not GPX"),
            ("nopoints.gpx", "<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"/></gpx>", "no track points"),
            ("offglobe.gpx", "<gpx><trk><trkseg><trkpt lat=\"95\" lon=\"2\"/></trkseg></trk></gpx>", "off the globe"),
            ("nolat.gpx", "<gpx><trk><trkseg><trkpt lon=\"2\"/></trkseg></trk></gpx>", "no numeric lat/lon"),
            ("cut.geojson", #"{"type":"LineString","coordinates":[[1,2],[3"#, "not valid JSON"),
            ("swapped.geojson", #"{"type":"LineString","coordinates":[[200,2]]}"#, "off the globe"),
            ("notgeo.json", #"{"name":"x"}"#, "not GeoJSON"),
        ]
        for (name, text, reason) in cases {
            let path = try Self.write(text, folder, name)
            do {
                _ = try TrackFile.read(path)
                Issue.record("\(name) was read")
            } catch {
                #expect(error.path == path)
                #expect(error.reason.contains(reason), "\(name): \(error.reason)")
            }
        }
        #expect(throws: TrackFileError.self) { try TrackFile.read(folder.path("missing.gpx")) }
        // Huge: the cap on points holds whatever the file's size.
        let huge = try Self.write(full, folder, "huge.gpx")
        do {
            _ = try TrackFile.read(huge, maximumPoints: 100)
            Issue.record("the point cap did not hold")
        } catch {
            #expect(error.reason.contains("more than 100 points"))
        }
    }

    // MARK: Drawing

    /// Whether the picture has the route's colour within a pixel of (x, y).
    static func routeNear(_ image: RGBAImage, _ x: Double, _ y: Double, _ colour: MapColour) -> Bool {
        for dy in -1...1 {
            for dx in -1...1 {
                let px = Int(x) + dx, py = Int(y) + dy
                guard px >= 0, py >= 0, px < image.width, py < image.height else { continue }
                let p = image.pixel(px, py)
                if abs(Int(p.0) - Int(colour.red)) < 40, abs(Int(p.1) - Int(colour.green)) < 40, abs(Int(p.2) - Int(colour.blue)) < 40 { return true }
            }
        }
        return false
    }

    /// Points every few pixels along polylines.
    static func along(_ lines: [[PixelPoint]], step: Double = 3) -> [PixelPoint] {
        lines.flatMap { line in
            zip(line, line.dropFirst()).flatMap { a, b -> [PixelPoint] in
                let n = max(1, Int(((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() / step))
                return (0..<n).map { i in let t = Double(i) / Double(n); return PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
            }
        }
    }

    /// The middle of the straight line between two dots (clear of the dots themselves).
    static func straight(_ a: PixelPoint, _ b: PixelPoint) -> [PixelPoint] {
        (6...14).map { i in let t = Double(i) / 20; return PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
    }

    @Test func mapDrawsTheTrackNotTheStraightLine() throws {
        let folder = try TemporaryFolder()
        let track = try TrackFile.read(Self.write(Self.gpx(), folder, "trip.gpx")).clipped(toTimes: [Self.lisbonFirst, Self.sintraFirst])
        let stops = [RouteStop(name: "Lisbon", point: Self.lisbon, time: nil), RouteStop(name: "Sintra", point: Self.sintra, time: nil)]
        let renderer = RouteMapRenderer(outlines: try CountryOutlines.bundled(), style: .light)
        let layout = renderer.layout(stops, track: track, width: 800, height: 600, labeller: nil)
        #expect(layout.followsTrack)
        let image = renderer.render(stops, track: track, width: 800, height: 600, labeller: nil)
        let onTrack = Self.along(layout.route)
        let drawn = onTrack.filter { Self.routeNear(image, $0.x, $0.y, MapStyle.light.route) }.count
        #expect(Double(drawn) >= 0.97 * Double(onTrack.count), "\(drawn) of \(onTrack.count) points on the track are drawn")
        let line = Self.straight(layout.dots[0], layout.dots[1])
        #expect(line.filter { Self.routeNear(image, $0.x, $0.y, MapStyle.light.route) }.isEmpty, "nothing along the straight line")
        // Thinned to the picture: 241 points become far fewer, the shape kept.
        #expect(layout.route.reduce(0) { $0 + $1.count } < 60)
        // The Évora corner is on the map where Évora projects.
        let evora = layout.framing.project(GeoPoint(latitude: 38.5714, longitude: -7.9087))
        #expect(Self.routeNear(image, evora.x, evora.y, MapStyle.light.route))
        // Without a track: the stops as before (arcs), framed around them alone.
        let plain = renderer.layout(stops, width: 800, height: 600, labeller: nil)
        #expect(!plain.followsTrack && plain.route.count == 1)
    }

    static let library = ScannedLibrary.make()

    @Test("lenta map --track writes the path; a bad track is refused naming the file, and nothing is written")
    func mapCommandTakesATrack() throws {
        let library = try #require(Self.library)
        let folder = try TemporaryFolder()
        let gpx = try Self.write(Self.gpx(), folder, "trip.gpx")
        let id = String(try #require(try library.lentas().first { $0.title.hasPrefix("Lisbon") }).id)
        let png = folder.path("route.png"), plain = folder.path("plain.png")
        let ok = try library.run(["map", id, "--track", gpx, "-o", png, "--width", "640", "--height", "480"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try library.run(["map", id, "-o", plain, "--width", "640", "--height", "480"]).status == 0)
        let withTrack = try PhotoDecoder(path: png).decode(scale: 1), without = try PhotoDecoder(path: plain).decode(scale: 1)
        #expect(withTrack.width == 640 && withTrack != without)
        let bad = try Self.write("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">", folder, "bad.gpx")
        let failed = try library.run(["map", id, "--track", bad, "-o", folder.path("bad.png")])
        #expect(failed.status != 0)
        #expect(failed.stderr.contains("bad.gpx") && failed.stderr.contains("well-formed"), "\(failed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("bad.png")))
        #expect(try library.run(["map", id, "--track", bad, "-o", folder.path("bad.gpx.geojson")]).status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("bad.gpx.geojson")))
    }

    @Test("lenta map --track writes the travelled path in GeoJSON and GPX too: read back, it is the track clipped to the trip")
    func mapCommandWritesTheTrackInEveryFormat() throws {
        let library = try #require(Self.library)
        let folder = try TemporaryFolder()
        let gpx = try Self.write(Self.gpx(), folder, "trip.gpx")
        let id = String(try #require(try library.lentas().first { $0.title.hasPrefix("Lisbon") }).id)
        // The first segment lies within the trip's dates (its untimed point too); Madrid, a week later, does not.
        let expected = try #require(try TrackFile.read(gpx).segments.first)
        for name in ["route.geojson", "route.json", "route.gpx"] {
            let out = folder.path(name)
            let result = try library.run(["map", id, "--track", gpx, "-o", out])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let back = try TrackFile.read(out)
            #expect(back.segments.count == 1, "\(name): one segment, Madrid left out")
            let points = try #require(back.segments.first)
            #expect(points.count == expected.count, "\(name): every point of the segment")
            let same = zip(points, expected).allSatisfy { a, b in
                abs(a.point.latitude - b.point.latitude) < 1e-6 && abs(a.point.longitude - b.point.longitude) < 1e-6 && a.utc == b.utc
            }
            #expect(same, "\(name): the same positions and times")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.contains("Lisbon") && text.contains("Sintra"), "\(name): the places are still named")
        }
        // Without --track: the line through the stops, as before.
        let plain = folder.path("plain.gpx")
        #expect(try library.run(["map", id, "-o", plain]).status == 0)
        #expect(try TrackFile.read(plain).pointCount < expected.count / 10)
    }

    @Test("a track crossing ±180° is cut there in GeoJSON, the cut point timed between its neighbours")
    func geoJSONTrackAcrossTheAntimeridian() throws {
        let track = TravelledTrack(segments: [[.init(GeoPoint(latitude: 10, longitude: 179), utc: 1000),
                                               .init(GeoPoint(latitude: 20, longitude: -179), utc: 2000),
                                               .init(GeoPoint(latitude: 21, longitude: -178))]])
        let folder = try TemporaryFolder()
        let text = RouteGeoJSON.text([], track: track, title: "Pacific")
        #expect(text.contains("\"MultiLineString\""))
        let back = try TrackFile.read(Self.write(text, folder, "pacific.geojson"))
        #expect(back.segments.map(\.count) == [2, 3])
        #expect(back.segments[0].last?.point.longitude == 180 && back.segments[0].last?.utc == 1500)
        #expect(back.segments[1].first?.utc == 1500 && back.segments[1].last?.utc == nil)
    }

    @Test("a story whose project names a GPX track shows that path on its title card")
    func titleCardFollowsTheProjectsTrack() throws {
        let fixture = try RenderFixture()
        try SyntheticLibrary().write(to: fixture.folder.path("photos"))
        _ = try Self.write(Self.gpx(), fixture.folder, "trip.gpx")
        let width = 1280, height = 720
        var project: [String: Any] = [
            "lenta": 1, "title": "Lisbon & Sintra", "route": "trip.gpx",
            "output": ["preset": "preview", "width": width, "height": height],
            "titleCard": ["background": "#1d3557"],
            "items": ["lisbon-0.jpg", "sintra-0.jpg"].map { ["path": "photos/" + $0, "duration": 2.0] },
        ]
        let story = try fixture.project(project)
        let png = fixture.folder.path("card.png")
        let result = try LentaCLI.run(["frame", story, "--at", "0.5", "-o", png])
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try PhotoDecoder(path: png).decode(scale: 1)

        // The map is the block of the safe area's lower part that is not the background.
        let left = Int((Double(width) * 0.05).rounded()), mapWidth = Int((Double(width) * 0.9).rounded())
        let bottom = Int((Double(height) * 0.95).rounded())
        let background = TitleCardTests.background
        func isBackground(_ c: YUVColour) -> Bool {
            abs(Int(c.y) - Int(background.y)) <= 4 && abs(Int(c.u) - Int(background.u)) <= 4 && abs(Int(c.v) - Int(background.v)) <= 4
        }
        var top = bottom - 1
        while top > 0, (left + 4..<left + mapWidth - 4).allSatisfy({ !isBackground(frame.colour($0, top - 1)) }) { top -= 1 }
        #expect(bottom - top > height / 3, "the map is there (\(top)…\(bottom))")

        // Where the renderer puts the track and the stops on a map of that size.
        let track = try TrackFile.read(fixture.folder.path("trip.gpx")).clipped(toTimes: [Self.lisbonFirst, Self.sintraFirst])
        let stops = [RouteStop(name: nil, point: Self.lisbon, time: nil), RouteStop(name: nil, point: Self.sintra, time: nil)]
        let layout = RouteMapRenderer(outlines: try CountryOutlines.bundled(), style: .dark).layout(stops, track: track, width: mapWidth,
                                                                                                    height: bottom - top, labeller: nil)
        // The route's orange: V well above U (4:2:0 blurs a thin line's chroma, so within a pixel).
        func orangeNear(_ p: PixelPoint) -> Bool {
            for dy in -2...2 {
                for dx in -2...2 {
                    let x = left + Int(p.x) + dx, y = top + Int(p.y) + dy
                    guard x >= 0, y >= 0, x < width, y < height else { continue }
                    let c = frame.colour(x, y)
                    if Int(c.v) - Int(c.u) > 30 { return true }
                }
            }
            return false
        }
        let onTrack = Self.along(layout.route, step: 4)
        let drawn = onTrack.filter(orangeNear).count
        #expect(Double(drawn) >= 0.95 * Double(onTrack.count), "\(drawn) of \(onTrack.count) points along the track are drawn")
        let line = Self.straight(layout.dots[0], layout.dots[1])
        let onLine = line.filter(orangeNear).count
        #expect(onLine == 0, "\(onLine) of \(line.count) points on the straight line Lisbon–Sintra are drawn")

        // The same story without its track: the straight(ish) arc between the stops instead.
        project["route"] = nil
        let plainStory = try fixture.project(project, name: "plain.json")
        let plainPNG = fixture.folder.path("plain.png")
        #expect(try LentaCLI.run(["frame", plainStory, "--at", "0.5", "-o", plainPNG]).status == 0)
        #expect(try PhotoDecoder(path: plainPNG).decode(scale: 1) != frame)
    }

    @Test("the project's route is validated like its other paths, with its JSON path")
    func badRouteInAProject() throws {
        let fixture = try RenderFixture()
        try SyntheticLibrary().write(to: fixture.folder.path("photos"))
        _ = try Self.write("{\"type\":\"LineString\",\"coordinates\":[[1,2],[3", fixture.folder, "cut.geojson")
        for (route, reason) in [("cut.geojson", "not valid JSON"), ("missing.gpx", "missing.gpx"), ("", "must not be empty")] {
            let story = try fixture.project(["lenta": 1, "route": route, "items": [["path": "photos/lisbon-0.jpg"]]])
            let result = try LentaCLI.run(["validate", story])
            #expect(result.status != 0)
            let text = result.stdout + result.stderr
            #expect(text.contains("route") && text.contains(reason), "\(text)")
        }
    }
}
