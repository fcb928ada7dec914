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
        let lib = try Self.library()
        let clip = lib.photos + "/walk.mp4"
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

    @Test("a dry run writes nothing: no shaky clip's transforms beside the catalog, none for a clip marked to be held steady",
          .enabled(if: StabilisationCache.hasVidStab))
    func dryRunMakesNoTransforms() throws {
        let lib = try Self.library()
        let cache = StabilisationCache(besideCatalog: lib.catalog)
        let name = AutoTests.lisbonName
        // A catalog on disk (the scan's), so that the dry run works on a copy of a real file.
        let scan = try LentaCLI.run(["scan", lib.photos, "--catalog", lib.catalog])
        #expect(scan.status == 0, "\(scan.stderr)")
        let before = try Self.files(under: lib.temp.url)

        // The story's first making analyses the clip and finds it shaky: a real run keeps its transforms, a dry run does not.
        let dry = try lib.auto(["--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("would render \(name).mp4"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: cache.folder.path), "a dry run made the shaky clip's transforms")
        #expect(try Self.files(under: lib.temp.url) == before, "a dry run wrote or changed a file")

        // A clip marked "stabilise": true whose transforms are gone: a dry run does not make them again.
        #expect(try lib.auto().status == 0)
        try FileManager.default.removeItem(atPath: cache.folder.path)
        try lib.editProject(name) { project in
            for i in project.items.indices where project.items[i].path.hasSuffix("walk.mp4") { project.items[i].stabilise = true }
        }
        let edited = try Self.files(under: lib.temp.url)
        let again = try lib.auto(["--dry-run"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cache.folder.path), "a dry run made the marked clip's transforms")
        #expect(try Self.files(under: lib.temp.url) == edited, "a dry run wrote or changed a file")
    }

    /// The trip's photos and a hand-held clip between them (the same clip the analysis test finds
    /// shaky), written once for the suite.
    static let shakyTrip = Result { () throws -> TemporaryFolder in
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 180, frameRate: 30, seconds: 3,
                                                creationTime: "2024-05-03T13:00:00.000000Z",
                                                location: AutoTests.lisbon, camera: .handHeld(jitter: 4)), to: lib.photos + "/walk.mp4")
        return lib.temp
    }

    /// A library of the test's own (its catalog, stories and the clip's transforms start empty)
    /// holding a copy of `shakyTrip`'s files.
    static func library() throws -> AutoTests.Library {
        let photos = try shakyTrip.get().path("photos")
        let lib = try AutoTests.Library([])
        for name in try FileManager.default.contentsOfDirectory(atPath: photos) {
            try FileManager.default.copyItem(atPath: photos + "/" + name, toPath: lib.photos + "/" + name)
        }
        return lib
    }

    /// Every file under `folder` with its size and modification time (not SQLite's -shm/-wal,
    /// which a reader of a WAL catalog may touch).
    static func files(under folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) else { return found }
        for case let url as URL in walk {
            let values = try url.resourceValues(forKeys: Set(keys))
            let path = url.path
            guard path.hasSuffix("-shm") == false, path.hasSuffix("-wal") == false else { continue }
            found[path] = values.isRegularFile == true
                ? "\(values.fileSize ?? -1) \(values.contentModificationDate?.timeIntervalSince1970 ?? 0)" : "folder"
        }
        return found
    }
}
