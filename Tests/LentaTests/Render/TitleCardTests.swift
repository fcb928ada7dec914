import Foundation
import LentaCore
import LentaMedia
import LentaPixels
import LentaTestSupport
import Testing

/// The opening card through `lenta frame`, as a user sees it: the title and subtitle at the top,
/// the route map of the items' places under them (or the text alone, centred), goldens of its
/// block means (Goldens/title-card*.json, recorded only with LENTA_RECORD_GOLDENS=1).
@Suite("Title card", .serialized)
struct TitleCardTests {
    static let background = YUVColour(red: 0x1d, green: 0x35, blue: 0x57)

    /// A story of the synthetic library's Lisbon, Sintra and Kyoto photos (they carry GPS)
    /// opened by a title card; `photos` are file names in the library.
    static func story(_ fixture: RenderFixture, card: [String: Any], photos: [String] = ["lisbon-0.jpg", "sintra-0.jpg", "kyoto-0.jpg"],
                      width: Int = 640, height: Int = 360) throws -> String {
        try SyntheticLibrary().write(to: fixture.folder.path("photos"))
        var card = card
        card["background"] = "#1d3557"
        return try fixture.project([
            "lenta": 1, "title": "Lisbon, Sintra & Kyoto", "subtitle": "3–14 May 2024 · Portugal, Japan",
            "output": ["preset": "preview", "width": width, "height": height],
            "titleCard": card,
            "items": photos.map { ["path": "photos/" + $0, "duration": 2.0] },
        ])
    }

    static func frame(_ story: String, _ fixture: RenderFixture, at time: String = "0.5", name: String = "card.png") throws -> PlanarFrame {
        let png = fixture.folder.path(name)
        let result = try LentaCLI.run(["frame", story, "--at", time, "-o", png])
        #expect(result.status == 0, "\(result.stderr)")
        return try PhotoDecoder(path: png).decode(scale: 1)
    }

    /// The share of a band of rows that is not the card's background colour.
    static func drawnShare(_ frame: PlanarFrame, rows: Range<Int>) -> Double {
        var drawn = 0, total = 0
        for y in rows {
            for x in 0..<frame.width {
                let c = frame.colour(x, y)
                total += 1
                if abs(Int(c.y) - Int(background.y)) > 4 || abs(Int(c.u) - Int(background.u)) > 4 || abs(Int(c.v) - Int(background.v)) > 4 {
                    drawn += 1
                }
            }
        }
        return Double(drawn) / Double(max(1, total))
    }

    @Test("landscape: title and subtitle on top, the map of the route below, matching the golden")
    func landscapeWithMap() throws {
        let fixture = try RenderFixture()
        let frame = try Self.frame(Self.story(fixture, card: [:]), fixture)
        #expect(Self.drawnShare(frame, rows: 20..<50) > 0.05, "the title is drawn at the top")
        #expect(Self.drawnShare(frame, rows: 200..<320) >= 0.89, "the map fills the lower part of the safe area")
        try ColourGolden.check("title-card", ["landscape": ColourGolden.blockMeans(frame, columns: 16, rows: 9)], tolerance: 3)
    }

    @Test("portrait: the same card stacked for a tall frame, matching the golden")
    func portraitWithMap() throws {
        let fixture = try RenderFixture()
        let frame = try Self.frame(Self.story(fixture, card: [:], width: 360, height: 640), fixture)
        #expect(Self.drawnShare(frame, rows: 300..<560) >= 0.89, "the map fills the lower part of the safe area")
        try ColourGolden.check("title-card-portrait", ["portrait": ColourGolden.blockMeans(frame, columns: 9, rows: 16)], tolerance: 3)
    }

    @Test("\"map\": false, or items without positions: the text alone, centred, and nothing below it")
    func withoutMap() throws {
        let fixture = try RenderFixture()
        let off = try Self.frame(Self.story(fixture, card: ["map": false]), fixture, name: "off.png")
        let unplaced = try Self.frame(Self.story(fixture, card: [:], photos: ["lisbon-nogps-0.jpg"]), fixture, name: "unplaced.png")
        for frame in [off, unplaced] {
            #expect(Self.drawnShare(frame, rows: 0..<100) == 0, "nothing at the top: the text is centred")
            #expect(Self.drawnShare(frame, rows: 150..<200) > 0.02, "the text is in the middle")
            #expect(Self.drawnShare(frame, rows: 260..<360) == 0, "no map")
        }
        #expect(off == unplaced)
    }

    @Test("the card is bit-identical run to run")
    func bitIdentical() throws {
        let fixture = try RenderFixture()
        let story = try Self.story(fixture, card: [:])
        var outputs: [Data] = []
        for (i, threads) in [1, 2].enumerated() {
            let path = fixture.folder.path("c\(i).png")
            let result = try LentaCLI.run(["frame", story, "--at", "0.2", "-o", path, "--threads", String(threads)])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(outputs[0] == outputs[1])
    }
}
