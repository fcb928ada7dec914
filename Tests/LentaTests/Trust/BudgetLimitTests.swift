import Foundation
import LentaCore
import LentaMedia
@testable import LentaRender
import LentaTestSupport
import Testing

/// The README's limits, rendered at each limit (and refused just past it): the longest title,
/// subtitle and caption at the largest size, the most items, the largest photo.
@Suite("Budget limits", .serialized)
struct BudgetLimitTests {
    static func words(_ count: Int) -> String {
        String(String(repeating: "Lisbon, Sintra & Cascais · ", count: count / 20 + 1).prefix(count))
    }

    @Test func aStoryAtEveryTextLimitRendersAtFourK() throws {
        let fixture = try RenderFixture()
        let photo = try fixture.solidPhoto("one.png", 200, 120, 60, width: 640, height: 360)
        let story = try fixture.project([
            "lenta": 1, "title": Self.words(ProjectLimits.maximumTitleLength),
            "subtitle": Self.words(ProjectLimits.maximumSubtitleLength),
            "output": ["preset": "landscape-4k"],
            "titleCard": ["duration": 1.0, "map": false],
            "items": [["path": photo, "duration": 1.0,
                       "text": ["content": Self.words(ProjectLimits.maximumCaptionLength), "size": ProjectLimits.maximumTextSize, "box": true]]],
        ])
        let validate = try LentaCLI.run(["validate", story])
        #expect(validate.status == 0, "\(validate.stdout)")
        for at in ["0.5", "1.5"] {  // the title card, then the captioned photo
            let frame = try LentaCLI.run(["frame", story, "--at", at, "-o", fixture.folder.path("f\(at).png")])
            #expect(frame.status == 0, "\(frame.stderr)")
        }
    }

    @Test func aStoryOfTheMostItemsValidatesAndShowsAFrame() throws {
        let fixture = try RenderFixture()
        let photo = try fixture.solidPhoto("one.png", 200, 120, 60, width: 64, height: 36)
        let item: [String: Any] = ["path": photo, "duration": 0.1, "transition": ["type": "cut"]]
        let story = try fixture.project(["lenta": 1, "output": ["preset": "preview", "width": 64, "height": 36],
                                         "items": Array(repeating: item, count: ProjectLimits.maximumItems)])
        let frame = try LentaCLI.run(["frame", story, "--at", "999.95", "-o", fixture.folder.path("last.png")])
        #expect(frame.status == 0, "\(frame.stderr)")
        let over = try fixture.project(["lenta": 1, "items": Array(repeating: item, count: ProjectLimits.maximumItems + 1)], name: "over.json")
        let refused = try LentaCLI.run(["validate", over])
        #expect(refused.status == 2)
        #expect(refused.stdout.contains("items: a story has at most 10000 items (has 10001)"), "\(refused.stdout.suffix(300))")
    }

    /// A HEIC's size is in its header: one past the budget is refused by validate before any
    /// pixel is decoded; the largest allowed is accepted (decoding it is bench/memory's work).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc")))
    func theLargestPhotoIsAcceptedAndOnePastItRefused() throws {
        let fixture = try RenderFixture()
        let script = LentaCLI.packageRoot.appendingPathComponent("scripts/make-grid-heic.py").path
        for (name, width, height) in [("largest.heic", 16384, 12288), ("over.heic", 16384, 13312)] {
            let made = try AutoTests.tool("/usr/bin/env", ["python3", script, "\(width)", "\(height)", fixture.folder.path(name)])
            #expect(made.status == 0, "\(made.stderr)")
        }
        #expect(PhotoMemoryBudget.refusal(format: .heif, width: 16384, height: 12288) == nil)
        let story = try fixture.project(["lenta": 1, "items": [["path": "largest.heic"], ["path": "over.heic"]]])
        let result = try LentaCLI.run(["validate", story])
        #expect(result.status == 2)
        #expect(!result.stdout.contains("items[0]"), "\(result.stdout)")
        #expect(result.stdout.contains("items[1].path: cannot be read: too large to decode: 16384×13312 (218 megapixels); lenta decodes HEIF photos of up to 209 megapixels"),
                "\(result.stdout)")
        // The decoder refuses it too, before decoding, whatever asked.
        #expect(throws: MediaError.self) { try PhotoDecoder(path: fixture.folder.path("over.heic")).decode(scale: 0.01) }
    }
}
