import Foundation
import LentaCatalog
import LentaCore
import LentaLibrary
import LentaTestSupport
import Testing

/// `lenta project --length` on a trip with bursts, blurred twins, copies, a screenshot, a scanned
/// ticket and a dark frame (`SyntheticTrip`), scanned for real: the story leaves the rejects out
/// with their reasons, keeps one frame per burst and every day, and lasts what was asked.
@Suite(.serialized) struct ChooseStoryTests {
    /// The trip, written and scanned once for the suite.
    final class ScannedTrip: @unchecked Sendable {
        let temp: TemporaryFolder
        let catalog: Catalog
        let trip = SyntheticTrip()
        let lentaID: Int64

        init() throws {
            temp = try TemporaryFolder()
            try trip.write(to: temp.path("photos"))
            catalog = try Catalog(path: temp.path("catalog.sqlite"))
            let now = LocalDateTime(year: 2026, month: 1, day: 1).secondsSinceEpochAsUTC
            _ = try LibraryScanner(catalog: catalog).scan(.init(folders: [temp.path("photos")], now: now))
            let lentas = try Lentas(catalog: catalog).list()
            guard lentas.count == 1, let only = lentas.first else { throw Lentas.Failure("expected one lenta, found \(lentas.map(\.title))") }
            lentaID = only.id
        }

        static let shared: Result<ScannedTrip, Error> = Result { try ScannedTrip() }
    }

    static func trip() throws -> ScannedTrip { try ScannedTrip.shared.get() }

    static func project(length: Double?, byHand: [String] = []) throws -> (ProjectFile, URL) {
        let trip = try trip()
        var style = ProjectStyle()
        style.length = length
        let url = URL(fileURLWithPath: trip.temp.path("stories/story-\(Int(length ?? 0)).json"))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        return (try Lentas(catalog: trip.catalog).project(id: trip.lentaID, writingTo: url, style: style), url)
    }

    static func name(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

    /// The length on the project's own timeline (frames at 30 fps), as the renderer lays it out.
    static func timelineLength(_ project: ProjectFile) -> Double {
        let lengths = project.items.map { $0.trim?.length ?? ($0.duration ?? project.photoDuration) }
        return StoryTimeline(project: project, fps: Rational(30), itemLength: { lengths[$0] }).length.doubleValue
    }

    @Test(arguments: [30.0, 45.0, 60.0])
    func storyOfTheLengthAskedLeavesTheRejectsOut(length: Double) throws {
        let trip = try Self.trip()
        let (project, url) = try Self.project(length: length)
        let chosen = project.items.map { Self.name($0.path) }
        let alternates = Dictionary(uniqueKeysWithValues: project.alternates.map { (Self.name($0.path), $0.reason) })

        // None of the rejects, each listed with its reason.
        for (file, reason) in trip.trip.rejects {
            #expect(!chosen.contains(file), "\(file) is in the story")
            #expect(alternates[file] == reason, "\(file): \(String(describing: alternates[file])), expected \(reason)")
        }
        // One frame per burst, its sharp one (or none when the length has no room); the others
        // are alternates as "burst".
        let sharpFrames = ["lisbon-burst-2.jpg", "porto-burst-0.jpg"]
        for (_, frames) in trip.trip.bursts {
            let shown = frames.filter(chosen.contains)
            #expect(shown.count <= 1 && shown.allSatisfy(sharpFrames.contains), "\(frames) in \(chosen)")
            if length >= 60 { #expect(shown.count == 1, "\(frames) in \(chosen)") }
            for frame in frames where !sharpFrames.contains(frame) { #expect(alternates[frame] == .burst, "\(frame)") }
        }
        // Every day of the trip (and every place: one per day here).
        for prefix in ["lisbon", "sintra", "porto"] {
            #expect(chosen.contains { $0.hasPrefix(prefix) }, "no \(prefix) in \(chosen)")
        }
        // Every item of the lenta is either in the story or an alternate, once.
        let all = trip.trip.shots.map(\.name) + [SyntheticTrip.clipName]
        #expect(Set(chosen + alternates.keys).count == all.count && Set(chosen).isDisjoint(with: alternates.keys))
        #expect(Set(chosen + alternates.keys) == Set(all))
        // Left out for length only what the length had no room for.
        #expect(alternates.values.filter { $0 == .length }.count == all.count - chosen.count - trip.trip.rejects.count
                - trip.trip.bursts.values.map { $0.count - 1 }.reduce(0, +))
        // Chronological order kept (the names' hours rise within each day; days in order).
        let order = trip.trip.shots.map(\.name) + [SyntheticTrip.clipName]
        let times = try Lentas(catalog: trip.catalog).show(id: trip.lentaID).items.map { Self.name($0.path) }
        #expect(chosen == times.filter(chosen.contains), "\(chosen)")
        _ = order
        // The length asked for, on the timeline, within a second.
        #expect(abs(Self.timelineLength(project) - length) <= 1, "\(Self.timelineLength(project)) s for \(length) s")
        // It validates as written, files and all.
        try project.write(to: url)
        let report = ProjectFile.check(url)
        #expect(report.isValid, "\(report.problems)")
        #expect(abs((report.length ?? 0) - length) <= 1)
    }

    @Test func clipContributesAPartInProportion() throws {
        let (project, _) = try Self.project(length: 60)
        let clip = try #require(project.items.first { $0.path.hasSuffix(SyntheticTrip.clipName) })
        let trim = try #require(clip.trim)
        #expect(abs(trim.length - 4.8) < 0.01, "8% of 60 s: \(trim)")
        #expect(trim.start >= 0 && trim.end <= 6)
    }

    @Test func withoutLengthTheDefaultRuleApplies() throws {
        let (project, _) = try Self.project(length: nil)
        // Three days: about a minute, never stretched past the material at 3 s a photo.
        let length = Self.timelineLength(project)
        #expect(length <= 61 && length >= 40, "\(length)")
        #expect(project.photoDuration <= 3.0)
        #expect(!project.alternates.isEmpty)
    }

    @Test func anItemAddedByHandIsAlwaysIn() throws {
        let trip = try Self.trip()
        let members = try trip.catalog.members(of: trip.lentaID)
        let items = try trip.catalog.items(ids: members.map(\.itemID))
        let dark = try #require(items.first { $0.path.hasSuffix("sintra-pocket.jpg") })
        let picked = try trip.catalog.createLenta(kind: .pick, title: "Picked", members: members.map {
            LentaMember(itemID: $0.itemID, byHand: $0.itemID == dark.id)
        })
        var style = ProjectStyle()
        style.length = 30
        let url = URL(fileURLWithPath: trip.temp.path("stories/picked.json"))
        let project = try Lentas(catalog: trip.catalog).project(id: picked, writingTo: url, style: style)
        #expect(project.items.contains { $0.path.hasSuffix("sintra-pocket.jpg") })
        #expect(!project.alternates.contains { $0.path.hasSuffix("sintra-pocket.jpg") })
        #expect(abs(Self.timelineLength(project) - 30) <= 1)
    }

    @Test func showJSONCarriesQualityAndARescanDoesNotAnalyseAgain() throws {
        let trip = try Self.trip()
        // The scan learned the photos; the lenta's first story (this one, unless another test's
        // came first) learns its clip.
        _ = try Self.project(length: 33)
        let detail = try Lentas(catalog: trip.catalog).show(id: trip.lentaID)
        #expect(detail.items.allSatisfy { $0.quality != nil && $0.qualityPending == nil },
                "\(detail.items.filter { $0.quality == nil }.map { ($0.path, $0.qualityProblem) })")
        let shot = try #require(detail.items.first { $0.path.hasSuffix("IMG_0420.PNG") })
        #expect(shot.quality?.content == .screenshot)
        let encoded = String(decoding: try JSONEncoder().encode(detail), as: UTF8.self)
        #expect(encoded.contains("\"sharpness\"") && encoded.contains("\"signature\""))
        // An unchanged file is not read again: nothing new, changed or analysed.
        let report = try LibraryScanner(catalog: trip.catalog).scan(.init(folders: [trip.temp.path("photos")],
                                                                    now: LocalDateTime(year: 2026, month: 1, day: 1).secondsSinceEpochAsUTC))
        #expect(report.new == 0 && report.changed == 0 && report.analysed == 0 && report.unchanged == trip.trip.shots.count + 1)
    }
}
