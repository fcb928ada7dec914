import Foundation
import LentaCore
import LentaMedia
@testable import LentaRender
import LentaTestSupport
import Testing

/// `lenta sheet`: thumbnails in order, a row per day, clips marked, alternates dimmed, an
/// unreadable file a grey cross that does not stop the sheet.
@Suite("Contact sheet", .serialized)
struct ContactSheetTests {
    static let library = ScannedLibrary.make()

    static func mean(_ image: RGBAImage, x: Int, y: Int, side: Int) -> Double {
        var sum = 0
        for yy in y..<(y + side) { for xx in x..<(x + side) { let p = image.pixel(xx, yy); sum += Int(p.0) + Int(p.1) + Int(p.2) } }
        return Double(sum) / Double(3 * side * side)
    }

    @Test func thumbnailsInOrderWithClipsAlternatesAndUnreadableMarked() throws {
        let folder = try TemporaryFolder()
        let photos = folder.path("photos")
        try SyntheticLibrary().write(to: photos)
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder.path("broken.jpg")))
        let entries = [
            ContactSheet.Entry(path: photos + "/lisbon-0.jpg", isClip: false, day: "2024-05-03 · Lisbon"),
            ContactSheet.Entry(path: photos + "/lisbon-0.jpg", isClip: false, isAlternate: true, day: "2024-05-03 · Lisbon"),
            ContactSheet.Entry(path: photos + "/belem.mp4", isClip: nil, day: "2024-05-04 · Lisbon"),
            ContactSheet.Entry(path: folder.path("broken.jpg"), isClip: nil, day: "2024-05-04 · Lisbon"),
        ]
        let sheet = ContactSheet(columns: 3, cell: 96)
        let layout = sheet.layout(entries)
        #expect(layout.headings.map(\.text) == ["2024-05-03 · Lisbon", "2024-05-04 · Lisbon"])
        #expect(layout.cells[0].y == layout.cells[1].y && layout.cells[2].y > layout.cells[1].y + 96, "a new day starts a new row")
        #expect(layout.cells[3].x > layout.cells[2].x && layout.cells[3].y == layout.cells[2].y)
        var problems: [String] = []
        let image = sheet.render(entries, text: nil) { path, _ in problems.append(path) }
        #expect(image.width == layout.width && image.height == layout.height)
        #expect(problems == [folder.path("broken.jpg")], "only the broken file, by name")
        // The alternate is the same photo, dimmed (away from its corner mark).
        let chosen = Self.mean(image, x: layout.cells[0].x, y: layout.cells[0].y + 40, side: 40)
        let alternate = Self.mean(image, x: layout.cells[1].x, y: layout.cells[1].y + 40, side: 40)
        #expect(alternate < chosen * 0.5 && alternate > chosen * 0.3, "chosen \(chosen), alternate \(alternate)")
        let corner = image.pixel(layout.cells[1].x + 95, layout.cells[1].y + 1)
        #expect((corner.0, corner.1, corner.2) == (ContactSheet.mark.red, ContactSheet.mark.green, ContactSheet.mark.blue))
        // The clip (told by its headers) carries the play triangle at its lower left.
        let tri = image.pixel(layout.cells[2].x + 96 / 16 + 4, layout.cells[2].y + 96 - 96 / 16 - 96 / 8)
        #expect(tri.0 > 200 && tri.1 > 200 && tri.2 > 200)
        #expect(ContactSheet.durationText(7.4) == "0:07" && ContactSheet.durationText(3725) == "1:02:05")
    }

    @Test("lenta sheet writes the lenta's items; with its project, the story's order and its alternates")
    func sheetCommand() throws {
        let library = try #require(Self.library)
        let folder = try TemporaryFolder()
        let id = String(try #require(try library.lentas().first { $0.title.hasPrefix("Lisbon") }).id)
        let png = folder.path("sheet.png")
        let result = try library.run(["sheet", id, "-o", png, "--columns", "4", "--cell", "64"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Wrote"))
        let frame = try PhotoDecoder(path: png).decode(scale: 1)
        #expect(frame.width == ContactSheet(columns: 4, cell: 64).layout([]).width)
        let story = folder.path("story.json")
        let project = ProjectFile(items: [ProjectItem(path: library.photos + "/sintra-0.jpg")])
        var withAlternates = project
        withAlternates.alternates = [ProjectAlternate(path: library.photos + "/lisbon-1.jpg", reason: .burst)]
        try Data(withAlternates.jsonText().utf8).write(to: URL(fileURLWithPath: story))
        let fromProject = try library.run(["sheet", id, "--project", story, "-o", folder.path("p.png"), "--cell", "64"])
        #expect(fromProject.status == 0, "\(fromProject.stderr)")
        #expect(fromProject.stdout.contains("2 items (1 alternates)"), "\(fromProject.stdout)")
        let bad = try library.run(["sheet", id, "-o", folder.path("x.jpg")])
        #expect(bad.status == 2)
    }

    @Test("lenta sheet without --project finds the project lenta project last wrote for the lenta, while it is there")
    func sheetFindsTheLentasProject() throws {
        let library = try #require(Self.library)
        let folder = try TemporaryFolder()
        let japan = try #require(try library.lentas().first { $0.title.contains("Kyoto") })
        let id = String(japan.id)
        let story = folder.path("japan.json")
        let written = try library.run(["project", id, "-o", story, "--length", "10"])
        #expect(written.status == 0, "\(written.stderr)")
        let project = try ProjectFile.decode(try Data(contentsOf: URL(fileURLWithPath: story)))
        #expect(!project.alternates.isEmpty, "a 10 s story leaves some out")
        let total = project.items.count + project.alternates.count

        let found = try library.run(["sheet", id, "-o", folder.path("found.png"), "--cell", "48"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("\(total) items (\(project.alternates.count) alternates)"), "\(found.stdout)")
        #expect(found.stdout.contains("in the order of \(URL(fileURLWithPath: story).standardizedFileURL.path)"), "\(found.stdout)")

        let ignored = try library.run(["sheet", id, "--no-project", "-o", folder.path("ignored.png"), "--cell", "48"])
        #expect(ignored.status == 0 && ignored.stdout.contains("in time order") && !ignored.stdout.contains("alternates"), "\(ignored.stdout)")
        #expect(try library.run(["sheet", id, "--no-project", "--project", story, "-o", folder.path("x.png")]).status == 2)

        // Gone: the lenta's items in time order again.
        try FileManager.default.removeItem(atPath: story)
        let gone = try library.run(["sheet", id, "-o", folder.path("gone.png"), "--cell", "48"])
        #expect(gone.status == 0 && gone.stdout.contains("in time order"), "\(gone.stdout) \(gone.stderr)")
    }
}
