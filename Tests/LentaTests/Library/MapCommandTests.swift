import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LentaCore
import LentaLibrary
import LentaMedia
import LentaTestSupport
import Testing

/// `lenta map` as a user runs it, on a scanned synthetic library.
@Suite("Map command", .serialized)
struct MapCommandTests {
    static let library = ScannedLibrary.make()

    func lib() throws -> ScannedLibrary { try #require(Self.library) }

    func run(_ args: [String]) throws -> LentaCLI.Result { try lib().run(args) }

    func lentaID(_ prefix: String) throws -> String {
        String(try #require(try lib().lentas().first { $0.title.hasPrefix(prefix) }).id)
    }

    /// Width and height from a PNG's IHDR.
    static func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count > 24 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        return (be32(16), be32(20))
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: try lib().temp.url.path).filter { $0.contains(".partial-") }
    }

    @Test func writesPNGGeoJSONAndGPX() throws {
        let id = try lentaID("Lisbon")
        let png = try lib().temp.path("route.png")
        let result = try run(["map", id, "-o", png])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Wrote \(png): Lisbon & Sintra, Portugal"))
        #expect(try Self.pngSize(png) == (1920, 1080))
        let small = try lib().temp.path("small.png")
        #expect(try run(["map", id, "-o", small, "--width", "640", "--height", "360", "--style", "dark"]).status == 0)
        #expect(try Self.pngSize(small) == (640, 360))

        let geojson = try lib().temp.path("route.geojson")
        #expect(try run(["map", id, "-o", geojson]).status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: geojson))) as? [String: Any])
        let features = try #require(json["features"] as? [[String: Any]])
        let names = features.compactMap { ($0["properties"] as? [String: Any])?["stop"] != nil ? ($0["properties"] as? [String: Any])?["name"] as? String : nil }
        // In time order: Lisbon (with Belém's photos and the video), back to Lisbon, then Sintra.
        #expect(names.first == "Lisbon" && names.last == "Sintra", "\(names)")
        let line = try #require((features[0]["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
        #expect(line.allSatisfy { $0[0] < -9 && $0[0] > -9.5 && $0[1] > 38.6 && $0[1] < 38.9 }, "[lon, lat]: \(line)")

        let gpx = try lib().temp.path("route.gpx")
        #expect(try run(["map", id, "-o", gpx]).status == 0)
        let text = try String(contentsOfFile: gpx, encoding: .utf8)
        #expect(text.contains("<name>Lisbon &amp; Sintra, Portugal</name>"))
        #expect(XMLParser(data: Data(text.utf8)).parse())
        #expect(try leftovers().isEmpty)
    }

    @Test func refusesOtherFormatsAndUnknownLentas() throws {
        let id = try lentaID("Lisbon")
        let txt = try run(["map", id, "-o", try lib().temp.path("route.txt")])
        #expect(txt.status == 2 && txt.stderr.contains(".png, .geojson, .json or .gpx"), "\(txt.stderr)")
        let style = try run(["map", id, "-o", try lib().temp.path("x.png"), "--style", "sepia"])
        #expect(style.status == 2)
        let unknown = try run(["map", "9999", "-o", try lib().temp.path("x.png")])
        #expect(unknown.status == 1 && unknown.stderr.contains("no lenta with id 9999"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: try lib().temp.path("x.png")))
    }

    @Test func refusesALentaWithNoPositions() throws {
        let photos = try lib().photos
        let made = try run(["new", "--pick", photos + "/lisbon-nogps-0.jpg", photos + "/lisbon-nogps-1.jpg", "--json"])
        #expect(made.status == 0, "\(made.stderr)")
        let detail = try JSONDecoder().decode(LentaDetail.self, from: Data(made.stdout.utf8))
        let result = try run(["map", String(detail.lenta.id), "-o", try lib().temp.path("none.png")])
        #expect(result.status == 1 && result.stderr.contains("no photo or video with a location"), "\(result.stderr)")
        _ = try run(["delete", String(detail.lenta.id), "--yes"])
    }

    @Test func pngIsTheSameEveryRunAndMatchesTheGolden() throws {
        let id = try lentaID("Tokyo")
        let a = try lib().temp.path("a.png"), b = try lib().temp.path("b.png")
        #expect(try run(["map", id, "-o", a, "--width", "640", "--height", "360", "--style", "dark"]).status == 0)
        #expect(try run(["map", id, "-o", b, "--width", "640", "--height", "360", "--style", "dark"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
        let frame = try PhotoDecoder(path: a).decode(scale: 1)
        try Golden.check("map-japan", ["map": Golden.blockMeans(frame)], tolerance: 3)
    }
}
