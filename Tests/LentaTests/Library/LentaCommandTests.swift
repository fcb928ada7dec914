import Foundation
import LentaCore
import LentaLibrary
import LentaMedia
import LentaTestSupport
import Testing

/// list, show, new, edit, delete and project, run as a user runs them.
@Suite(.serialized) struct LentaCommandTests {
    /// A scanned copy of the synthetic library, shared by the tests of this suite.
    static let library = ScannedLibrary.make()

    func lib() throws -> ScannedLibrary { try #require(Self.library) }

    func run(_ args: [String]) throws -> LentaCLI.Result { try lib().run(args) }

    func lentas() throws -> [LentaSummary] { try lib().lentas() }

    @Test func listNewestFirst() throws {
        let text = try run(["list"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.first?.contains("Berlin, 24 December 2024") == true, "\(text.stdout)")
        #expect(text.stdout.contains("3–6 May 2024"))
        #expect(text.stdout.contains("Lisbon & Sintra, Portugal  ·  15 photos, 1 video"))
        let json = try lentas()
        #expect(json.map(\.title) == ["Berlin, 24 December 2024", "Tokyo & Kyoto, Japan", "Munich, Germany",
                                      "New York City & Chicago, United States", "Lisbon & Sintra, Portugal"])
        #expect(json.last?.countries == ["Portugal"] && json.last?.places == ["Lisbon", "Sintra"])
    }

    @Test func showItemsInOrderWithTimesAndPlaces() throws {
        let lisbon = try #require(try lentas().first { $0.title.hasPrefix("Lisbon") })
        let text = try run(["show", String(lisbon.id)])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Lenta \(lisbon.id): Lisbon & Sintra, Portugal"))
        #expect(text.stdout.contains("2024-05-04 11:31 +01:00  Lisbon, Portugal"), "the UTC video on Lisbon's clock")
        #expect(text.stdout.contains("no position"))
        let json = try JSONDecoder().decode(LentaDetail.self, from: Data(try run(["show", String(lisbon.id), "--json"]).stdout.utf8))
        #expect(json.items.count == 16)
    }

    @Test func unknownIdsAndBadDates() throws {
        let show = try run(["show", "9999"])
        #expect(show.status == 1 && show.stderr.contains("no lenta with id 9999"))
        let edit = try run(["edit", "9999", "--from", "2024-05-01", "--to", "2024-05-02"])
        #expect(edit.status == 1 && edit.stderr.contains("no lenta with id 9999"))
        let delete = try run(["delete", "9999", "--yes"])
        #expect(delete.status == 1)
        let project = try run(["project", "9999", "-o", try lib().temp.path("x.json")])
        #expect(project.status == 1)
        let badDate = try run(["new", "--from", "2024-13-01", "--to", "2024-12-31"])
        #expect(badDate.status == 2 && badDate.stderr.contains("--from '2024-13-01' is not a date"))
        let reversed = try run(["new", "--from", "2024-06-01", "--to", "2024-05-01"])
        #expect(reversed.status == 2 && reversed.stderr.contains("is after --to"))
        let half = try run(["new", "--from", "2024-06-01"])
        #expect(half.status == 2)
        let nothing = try run(["new", "--from", "2030-01-01", "--to", "2030-01-02"])
        #expect(nothing.status == 1 && nothing.stderr.contains("nothing in the catalog was taken between"))
        let notScanned = try run(["new", "--pick", "/etc/hostname"])
        #expect(notScanned.status == 1 && notScanned.stderr.contains("not in the catalog"))
    }

    @Test func newByDatesEditKeepsHandPickedAndDelete() throws {
        let photos = try lib().photos
        let made = try run(["new", "--from", "2024-05-04", "--to", "2024-05-04", "--json"])
        #expect(made.status == 0, "\(made.stderr)")
        let detail = try JSONDecoder().decode(LentaDetail.self, from: Data(made.stdout.utf8))
        // 4 May, on the photos' own clocks: Lisbon photos of that day and the video.
        #expect(detail.items.allSatisfy { $0.captureTime?.local?.day == 4 })
        #expect(detail.items.contains { $0.path.hasSuffix("belem.mp4") })

        let picked = try run(["new", "--pick", photos + "/munich-0.jpg", photos + "/tokyo-1.jpg", "--json"])
        #expect(picked.status == 0)
        let pick = try JSONDecoder().decode(LentaDetail.self, from: Data(picked.stdout.utf8))
        #expect(pick.items.map(\.byHand) == [true, true])

        // Re-dating keeps items added by hand even outside the new range.
        let id = String(pick.lenta.id)
        let edited = try run(["edit", id, "--from", "2024-07-01", "--to", "2024-07-02", "--json"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let after = try JSONDecoder().decode(LentaDetail.self, from: Data(edited.stdout.utf8))
        #expect(after.items.contains { $0.path.hasSuffix("munich-0.jpg") && $0.byHand })
        #expect(after.items.contains { $0.path.hasSuffix("ny-0.jpg") && !$0.byHand })
        #expect(after.lenta.kind == .dates)

        let refused = try run(["delete", id])
        #expect(refused.status == 1 && refused.stderr.contains("without --yes"), "no terminal to ask on")
        let deleted = try run(["delete", id, "--yes"])
        #expect(deleted.status == 0 && deleted.stdout.contains("Deleted lenta \(id)"))
        #expect(try run(["show", id]).status == 1)
    }

    @Test func projectValidates() throws {
        let lisbon = try #require(try lentas().first { $0.title.hasPrefix("Lisbon") })
        let out = try lib().temp.path("stories/lisbon.json")
        try FileManager.default.createDirectory(atPath: try lib().temp.path("stories"), withIntermediateDirectories: true)
        let written = try run(["project", String(lisbon.id), "-o", out])
        #expect(written.status == 0, "\(written.stderr)")
        let validate = try LentaCLI.run(["validate", out])
        #expect(validate.status == 0, "\(validate.stdout)")
        let project = try ProjectFile.decode(try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(project.title == "Lisbon & Sintra, Portugal")
        #expect(project.subtitle == "3–6 May 2024 · Portugal")
        // belem-after.jpg shows the very picture belem-before.jpg showed three minutes earlier.
        #expect(project.items.count == 15)
        #expect(project.alternates == [ProjectAlternate(path: "../photos/belem-after.jpg", reason: .duplicate)])
        #expect(project.items.first?.path == "../photos/lisbon-0.jpg")
        #expect(project.items.map(\.path).contains("../photos/belem.mp4"))
        // A title card (title, dates and places, the route map) opens it unless asked not to.
        #expect(project.titleCard == TitleCard())
        let bare = try lib().temp.path("stories/bare.json")
        #expect(try run(["project", String(lisbon.id), "-o", bare, "--no-title-card"]).status == 0)
        #expect(try ProjectFile.decode(try Data(contentsOf: URL(fileURLWithPath: bare))).titleCard == nil)
        // A second run does not overwrite edits without --force.
        let again = try run(["project", String(lisbon.id), "-o", out])
        #expect(again.status == 1 && again.stderr.contains("--force"))
    }

    @Test("project --music: the music under the story (the last track looping), every boundary on a click, the end on a bar")
    func projectWithMusic() throws {
        let lisbon = try #require(try lentas().first { $0.title.hasPrefix("Lisbon") })
        let folder = try lib().temp.path("music")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let click = AudioFixtures.clickTrack(bpm: 120, seconds: 90, first: 0.3)
        try AudioFixtures.writeWAV(click.samples, channels: 1, to: folder + "/click.wav")
        let out = folder + "/story.json"
        let written = try run(["project", String(lisbon.id), "-o", out, "--music", folder + "/click.wav"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try LentaCLI.run(["validate", out]).status == 0)
        let project = try ProjectFile.decode(try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(project.music.map(\.path) == ["click.wav"] && project.music.first?.loop == true)
        #expect(project.music.first?.fadeOut == 2.0)  // the last bar at 120 bpm
        let timeline = AudioFixtures.timeline(project)
        func onBeat(_ t: Double, _ beats: [Double]) -> Bool { beats.contains { abs($0 - t) < 0.005 } }
        var checked = 0
        for segment in timeline.segments.dropLast() {
            // The library's 0.5 s clip is shorter than a beat plus its transitions: it starts on a
            // beat, and the photo after it ends on one again, but its own end cannot.
            if case .item(let i) = segment.content, project.items[i].path.hasSuffix(".mp4") { continue }
            let midpoint = (segment.end - segment.overlapOut * Rational(1, 2)).doubleValue
            #expect(onBeat(midpoint, click.beats), "a boundary at \(midpoint) s")
            checked += 1
        }
        #expect(checked >= 14, "every boundary but the short clip's, on the chosen story (a duplicate left out)")
        #expect(onBeat(timeline.length.doubleValue, click.downbeats), "the story ends at \(timeline.length.doubleValue) s")
        let missing = try run(["project", String(lisbon.id), "-o", folder + "/other.json", "--music", folder + "/none.mp3"])
        #expect(missing.status == 1 && missing.stderr.contains("none.mp3"), "\(missing.stderr)")
    }

    @Test func emptyCatalog() throws {
        let temp = try TemporaryFolder()
        let list = try LentaCLI.run(["list", "--catalog", temp.path("empty.sqlite")])
        #expect(list.status == 0 && list.stdout.contains("No lentas yet"))
        let json = try LentaCLI.run(["list", "--json", "--catalog", temp.path("empty.sqlite")])
        #expect(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]" || json.stdout.contains("[]"))
        let show = try LentaCLI.run(["show", "1", "--catalog", temp.path("empty.sqlite")])
        #expect(show.status == 1)
    }

    @Test func noPositionsAtAllIsExplained() throws {
        let temp = try TemporaryFolder()
        let photos = temp.path("p")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for i in 0..<4 {
            try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(dateTimeOriginal: "2024:03:0\(i + 1) 12:00:00"), to: photos + "/\(i).jpg")
        }
        let scan = try LentaCLI.run(["scan", "--catalog", temp.path("c.sqlite"), photos])
        #expect(scan.stdout.contains("Turn on location for the camera app"))
        let list = try LentaCLI.run(["list", "--catalog", temp.path("c.sqlite")])
        #expect(list.stdout.contains("1–4 March 2024") && list.stdout.contains("no positions"), "\(list.stdout)")
    }
}
