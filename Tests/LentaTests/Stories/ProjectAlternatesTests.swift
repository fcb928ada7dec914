import Foundation
import LentaCore
import Testing

/// `alternates` in a project file: read, written, and checked by `lenta validate`.
@Suite struct ProjectAlternatesTests {
    static func story(alternates: String) -> String {
        #"{"lenta": 1, "items": [{"path": "2024-05/IMG_0001.HEIC"}], "alternates": "# + alternates + "}"
    }

    @Test func roundTripsAndValidates() throws {
        let folder = try ProjectFixtures.Folder()
        try folder.touch("2024-05/IMG_0002.HEIC")
        let json = Self.story(alternates: #"[{"path": "2024-05/IMG_0002.HEIC", "reason": "burst"}]"#)
        let project = try ProjectFile.decode(Data(json.utf8))
        #expect(project.alternates == [ProjectAlternate(path: "2024-05/IMG_0002.HEIC", reason: .burst)])
        #expect(try ProjectFile.decode(project.encodedJSON()) == project)
        #expect(try folder.problems(json).isEmpty)
    }

    @Test func unknownReasonAndMissingFileAreErrorsWithTheirPaths() throws {
        let folder = try ProjectFixtures.Folder()
        let json = Self.story(alternates: #"[{"path": "2024-05/IMG_0001.HEIC", "reason": "blury"}, {"path": "gone.jpg", "reason": "dark"}, {"reason": "length"}]"#)
        let problems = try folder.problems(json)
        #expect(problems.contains("alternates[0].reason: \"blury\" is not burst, duplicate, blurred, dark, screenshot, document, private or length"), "\(problems)")
        #expect(problems.contains("alternates[1].path: file not found: gone.jpg"), "\(problems)")
        #expect(problems.contains("alternates[2].path: missing (it is required)"), "\(problems)")
        #expect(!folder.temp.url.appendingPathComponent("story.json").path.isEmpty)
        #expect(try !folder.check(json).isValid)
    }

    @Test func anAlternateSwappedInIsAWarning() throws {
        let folder = try ProjectFixtures.Folder()
        let json = Self.story(alternates: #"[{"path": "2024-05/IMG_0001.HEIC", "reason": "length"}]"#)
        let report = try folder.check(json)
        #expect(report.isValid)
        #expect(report.problems.map(\.description) == ["alternates[0].path: warning: is also in items; it can be taken out of alternates"])
    }

    @Test func unknownKeyInAnAlternate() throws {
        let folder = try ProjectFixtures.Folder()
        let problems = try folder.problems(Self.story(alternates: #"[{"path": "2024-05/IMG_0001.HEIC", "reason": "dark", "note": 1}]"#))
        #expect(problems.contains { $0.hasPrefix("alternates[0].note: unknown key") }, "\(problems)")
    }
}
