import Foundation
import LentaCore
import LentaMedia
import LentaTestSupport
import Testing

/// `lenta auto` knows how each clip of a story is held steady: transforms that appear after a
/// story was rendered (a later analysis) or disappear (a cleared cache) render it again; nothing
/// else does.
@Suite("Stabilisation in lenta auto", .serialized)
struct StabilisationAutoTests {
    @Test("a story renders again when its shaky clip's transforms disappear or appear, and only then",
          .enabled(if: StabilisationCache.hasVidStab))
    func transformsChangeTheStory() throws {
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        // A hand-held clip between the trip's photos (the same clip the analysis test finds shaky).
        let clip = lib.photos + "/walk.mp4"
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 180, frameRate: 30, seconds: 3,
                                                creationTime: "2024-05-03T13:00:00.000000Z",
                                                location: AutoTests.lisbon, camera: .handHeld(jitter: 4)), to: clip)
        let cache = StabilisationCache(besideCatalog: lib.catalog)
        let name = AutoTests.lisbonName
        func auto() throws -> [String] {
            let run = try lib.auto()
            #expect(run.status == 0, "\(run.stderr)")
            return Array(run.stdout.split(separator: "\n").map(String.init).dropLast())
        }

        // Night 1: the scan's analysis finds the clip shaky and keeps its transforms; the story uses them.
        #expect(try auto() == ["rendered   \(name).mp4 (new)"])
        #expect(cache.transforms(for: clip) != nil, "the analysis kept the shaky clip's transforms")
        let project = try ProjectFile.decode(Data(contentsOf: URL(fileURLWithPath: lib.project(name))))
        #expect(project.items.contains { $0.path.hasSuffix("walk.mp4") }, "the clip is in the story")
        #expect(try auto() == ["unchanged  \(name).mp4"])

        // The cache is cleared: the clip would now play as shot, so the story renders again.
        try FileManager.default.removeItem(atPath: cache.folder.path)
        let why = "rendered   \(name).mp4 (a clip's stabilisation changed (its transforms were made or removed))"
        #expect(try auto() == [why])
        #expect(try auto() == ["unchanged  \(name).mp4"])

        // Transforms appear again (as a later analysis makes them): rendered again, then left alone.
        try cache.detect(source: MediaSource(path: clip))
        #expect(try auto() == [why])
        #expect(try auto() == ["unchanged  \(name).mp4"])
    }
}
