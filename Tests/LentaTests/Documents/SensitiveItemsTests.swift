import Foundation
import LentaCore
@testable import LentaLibrary
import LentaTestSupport
import Testing

/// A hand-written project that shows a passport is warned about, with what was found, learned by
/// analysing the photo when no catalog holds it (`lenta validate`'s way).
@Suite struct SensitiveItemsTests {
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
}
