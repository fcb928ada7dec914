import Foundation
import LentaCore
@testable import LentaLibrary
import LentaTestSupport
import Testing

/// Items a person put in a story by hand that show a document or personal data: they stay, and
/// each command that writes or checks the story names the file and what was found in it.
@Suite struct SensitiveItemsTests {
    /// A hand-written project that shows a passport is warned about, with what was found, learned by
    /// analysing the photo when no catalog holds it (`lenta validate`'s way).
    @Test func aPassportInAHandWrittenProjectIsNamed() throws {
        let folder = try TemporaryFolder()
        let backgrounds = PhotographedDocument.backgrounds(repository: DocumentRecognitionTests.repository)
        let passport = try #require(PhotographedDocuments.documents.first { $0.name == "passport-page" })
        _ = try passport.write(to: folder.url, backgrounds: backgrounds)
        let scene = try #require(PhotographedDocuments.travelScenes.first { $0.name == "scene-street-sign" })
        _ = try scene.write(to: folder.url, backgrounds: backgrounds)
        let project = ProjectFile(items: [ProjectItem(path: "scene-street-sign.jpg"), ProjectItem(path: "passport-page.jpg")])
        let findings = try SensitiveItems.find(in: project, folder: folder.url, catalog: nil)
        #expect(findings.map(\.path) == ["passport-page.jpg"])
        #expect(findings.first?.warning == "a passport's machine-readable zone; this story will show it")
    }

    /// The same passport picked by hand into a lenta, as a user does it: `lenta project` keeps it
    /// and warns, `lenta validate` of that project warns (from the catalog, and by analysing the
    /// photo without one), `lenta auto` warns about a story whose project the person edited to
    /// show it — each one line on stderr through the one diagnostics printer, naming the file.
    @Test func aPassportAddedByHandIsNamedByProjectValidateAndAuto() throws {
        let folder = try TemporaryFolder()
        let media = folder.url.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let backgrounds = PhotographedDocument.backgrounds(repository: DocumentRecognitionTests.repository)
        let passport = try #require(PhotographedDocuments.documents.first { $0.name == "passport-page" })
        _ = try passport.write(to: media, backgrounds: backgrounds)
        var photos: [String] = []
        for source in backgrounds.prefix(4) {
            let copy = media.appendingPathComponent(URL(fileURLWithPath: source).lastPathComponent).path
            try FileManager.default.copyItem(atPath: source, toPath: copy)
            photos.append(copy)
        }
        let catalog = folder.path("catalog.sqlite")
        let warning = "warning: a passport's machine-readable zone; this story will show it"
        let lenta = LentaCLI.Runner(catalog: catalog, in: folder.url)
        _ = try lenta(["scan", media.path])

        // Picked by hand: kept by `project`, and warned about.
        _ = try lenta(["new", "--pick", media.appendingPathComponent("passport-page.jpg").path] + photos)
        let summaries = try JSONDecoder().decode([LentaSummary].self, from: Data(try lenta(["list", "--json"]).stdout.utf8))
        let picked = try #require(summaries.map(\.id).max())
        let story = folder.path("story.json")
        let projected = try lenta(["project", "\(picked)", "-o", story])
        let project = try ProjectFile.decode(Data(contentsOf: URL(fileURLWithPath: story)))
        let written = try #require(project.items.first { $0.path.hasSuffix("passport-page.jpg") }?.path, "kept: \(project.items.map(\.path))")
        #expect(projected.stderr.contains("\(written): \(warning)"), "\(projected.stderr)")
        #expect(projected.stderr.components(separatedBy: warning).count == 2, "one warning, for the passport alone: \(projected.stderr)")

        // `validate`: from the catalog, and without one (the photo analysed there and then).
        let validated = try lenta(["validate", story])
        #expect(validated.stderr.contains("\(written): \(warning)"), "\(validated.stderr)")
        let alone = try LentaCLI.Runner(catalog: folder.path("no-catalog.sqlite"), in: folder.url)(["validate", story])
        #expect(alone.stderr.contains("\(written): \(warning)"), "\(alone.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("no-catalog.sqlite")), "validate made no catalog")

        // `auto` (a catalog of its own: no lenta picked by hand): its story of the trip leaves the
        // passport out; the person adds it to the project.
        let stories = folder.path("stories")
        let auto = ["auto", media.path, "--out", stories, "--preset", "preview", "--settle", "1h", "--plan"]
        let autoLenta = LentaCLI.Runner(catalog: folder.path("auto.sqlite"), in: folder.url)
        let plan = try autoLenta(auto)
        #expect(!plan.stderr.contains(warning), "auto chose no private item itself: \(plan.stderr)")
        let trip = try #require(try FileManager.default.contentsOfDirectory(atPath: stories).filter { $0.hasSuffix(".json") }.first { name in
            let p = try ProjectFile.decode(Data(contentsOf: URL(fileURLWithPath: stories + "/" + name)))
            return p.items.contains { $0.path.hasSuffix("DSCF1024.JPG") }
        })
        let tripURL = URL(fileURLWithPath: stories + "/" + trip)
        var edited = try ProjectFile.decode(Data(contentsOf: tripURL))
        #expect(!edited.items.contains { $0.path.hasSuffix("passport-page.jpg") })
        edited.items.append(ProjectItem(path: "../media/passport-page.jpg"))
        try edited.write(to: tripURL)
        let again = try autoLenta(auto)
        #expect(again.stderr.contains("../media/passport-page.jpg: \(warning)"), "\(again.stderr)")
        let json = try autoLenta(auto + ["--json"])
        #expect(json.stdout.contains("a passport's machine-readable zone; this story will show it"), "the outcome carries it: \(json.stdout)")
    }
}
