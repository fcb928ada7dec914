import Foundation
import LentaCore
import LentaLibrary
import LentaTestSupport
import Testing

/// A library with a photographed passport and a receipt among travel photos, run as a user runs
/// lenta: the scan's gate, reading at `lenta project`, neither chosen, each alternate saying why
/// (`--explain`), `show` marking them, `sheet` telling them apart.
@Suite struct DocumentStoryTests {
    @Test func aPassportAndAReceiptAreReadAndLeftOutWithTheirReasons() throws {
        let folder = try TemporaryFolder()
        let media = folder.url.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let repository = DocumentRecognitionTests.repository
        let backgrounds = PhotographedDocument.backgrounds(repository: repository)
        for name in ["passport-page", "hotel-bill"] {
            let paper = try #require(PhotographedDocuments.documents.first { $0.name == name })
            _ = try paper.write(to: media, backgrounds: backgrounds)
        }
        for source in backgrounds {
            try FileManager.default.copyItem(atPath: source, toPath: media.appendingPathComponent(URL(fileURLWithPath: source).lastPathComponent).path)
        }
        let catalog = folder.path("catalog.sqlite")
        let lenta = LentaCLI.Runner(catalog: catalog)
        _ = try lenta(["scan", media.path])
        // The scan's own lenta (a lenta of files picked by hand would keep them, with a warning).
        let summaries = try JSONDecoder().decode([LentaSummary].self, from: Data(try lenta(["list", "--json"]).stdout.utf8))
        let details = try summaries.map { try JSONDecoder().decode(LentaDetail.self, from: Data(try lenta(["show", "\($0.id)", "--json"]).stdout.utf8)) }
        let id = try #require(details.first { $0.items.contains { $0.path.hasSuffix("passport-page.jpg") } }?.lenta.id)
        let story = folder.path("story.json")
        _ = try lenta(["project", "\(id)", "-o", story, "--explain", "--length", "60"])
        let project = try ProjectFile.decode(Data(contentsOf: URL(fileURLWithPath: story)))
        #expect(!project.items.contains { $0.path.hasSuffix("passport-page.jpg") || $0.path.hasSuffix("hotel-bill.jpg") })
        let passport = try #require(project.alternates.first { $0.path.hasSuffix("passport-page.jpg") })
        #expect(passport.reason == .private)
        #expect(passport.why?.contains("content private: a passport's machine-readable zone") == true, "\(passport.why ?? [])")
        let bill = try #require(project.alternates.first { $0.path.hasSuffix("hotel-bill.jpg") })
        #expect(bill.reason == .document)
        #expect(bill.why?.contains { $0.hasPrefix("read: ") } == true, "\(bill.why ?? [])")
        #expect(project.items.allSatisfy { $0.why?.first == "chosen" && $0.why?.contains { $0.hasPrefix("sharpness ") } == true })

        let shown = try lenta(["show", "\(id)"])
        #expect(shown.stdout.contains("passport-page.jpg") && shown.stdout.contains("[private: a passport's machine-readable zone]"),
                "\(shown.stdout)")
        let sheet = try lenta(["sheet", "\(id)", "-o", folder.path("sheet.png")])
        #expect(sheet.stdout.contains("1 document framed in amber") && sheet.stdout.contains("1 with personal data blurred and framed in red"),
                "\(sheet.stdout)")
    }
}
