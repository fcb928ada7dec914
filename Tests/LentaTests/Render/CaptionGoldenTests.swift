import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// Captions through `lenta frame` over a synthetic photo, FATE-style: block means of the luma
/// (a finer grid than the render goldens, so letters count) compared with goldens in
/// `Goldens/caption-*.json`, recorded only with LENTA_RECORD_GOLDENS=1.
@Suite("Caption goldens", .serialized)
struct CaptionGoldenTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: [String: any Sendable]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "caption-latin", text: ["content": "Lisbon & Sintra — Belém, 3 May", "position": "bottom"]),
        Case(name: "caption-cyrillic", text: ["content": "Привет, мир! Утро над Тежу", "position": "top", "box": true]),
        Case(name: "caption-greek", text: ["content": "Καλημέρα κόσμε", "position": [0.3, 0.4], "size": 0.1,
                                           "colour": "yellow", "shadow": false]),
    ]

    static func story(_ fixture: RenderFixture, text: [String: any Sendable]?) throws -> String {
        try SyntheticMedia.jpeg(width: 640, height: 480, exif: nil, to: fixture.folder.path("photo.jpg"))
        var item: [String: Any] = ["path": "photo.jpg", "duration": 2.0, "kenBurns": "none"]
        if let text { item["text"] = text }
        return try fixture.project(["lenta": 1, "output": ["preset": "preview", "width": 640, "height": 360], "items": [item]])
    }

    static func frame(_ story: String, _ fixture: RenderFixture, name: String) throws -> PlanarFrame {
        let png = fixture.folder.path(name)
        let result = try LentaCLI.run(["frame", story, "--at", "1.0", "-o", png])
        #expect(result.status == 0, "\(result.stderr)")
        return try PhotoDecoder(path: png).decode(scale: 1)
    }

    @Test("captions in Latin, Cyrillic and Greek (shadow, box, at a point) match their goldens", arguments: cases)
    func golden(_ c: Case) throws {
        let fixture = try RenderFixture()
        let plain = try Self.frame(Self.story(fixture, text: nil), fixture, name: "plain.png")
        let captioned = try Self.frame(Self.story(fixture, text: c.text), fixture, name: "caption.png")
        let means = Golden.blockMeans(captioned, columns: 32, rows: 18)
        #expect(means != Golden.blockMeans(plain, columns: 32, rows: 18), "the caption changed nothing")
        try Golden.check(c.name, ["frame": means], tolerance: 3)
    }

    @Test("lenta frame with captions is bit-identical run to run and with 1 or 2 threads")
    func bitIdentical() throws {
        let fixture = try RenderFixture()
        let story = try Self.story(fixture, text: ["content": "Καλημέρα — Привет — Lisbon", "box": true, "fadeIn": 1.5])
        var outputs: [Data] = []
        for (i, threads) in [1, 2, 2].enumerated() {
            let path = fixture.folder.path("f\(i).png")
            let result = try LentaCLI.run(["frame", story, "--at", "0.7", "-o", path, "--threads", String(threads)])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
    }
}
