import Foundation
import LentaCore
import LentaLibrary
@testable import LentaMedia
import LentaTestSupport
import Testing

/// Shaky clips found by their analysis (camera jitter: the translation path less its moving
/// average), their vid.stab transforms kept beside the catalog, and stabilised at render in the
/// clip's own filter graph; a steady pan left alone.
@Suite("Stabilisation", .serialized)
struct StabilisationTests {
    static let size = (width: 640, height: 360)

    /// A hand-held clip (random walk plus ±6 px of jitter every frame) and a steady pan.
    static func media(_ folder: TemporaryFolder) throws {
        try SyntheticMedia.video(SyntheticVideo(width: size.width, height: size.height, frameRate: 30, seconds: 4, camera: .handHeld(jitter: 6)),
                                 to: folder.path("shaky.mp4"))
        try SyntheticMedia.video(SyntheticVideo(width: size.width, height: size.height, frameRate: 30, seconds: 4, camera: .pan(pixelsPerFrame: 3)),
                                 to: folder.path("pan.mp4"))
    }

    /// The jitter of the frames `from..<to` seconds of a decoded clip (every frame at 30 fps).
    static func jitter(of path: String, from: Double, to: Double) throws -> Double {
        let reader = try VideoReader(path: path)
        var measure = CameraJitter(frameRate: 30)
        var n = Int((from * 30).rounded())
        while Double(n) / 30 < to - 1e-9 {
            let frame = try reader.frame(at: Rational(Int64(n), 30))
            measure.add(luma: frame.y, width: frame.width, height: frame.height)
            n += 1
        }
        return try #require(measure.value)
    }

    @Test("the measure: the synthetic shake is shaky, a pan and a still camera are not")
    func jitterOfCameras() throws {
        let folder = try TemporaryFolder()
        try Self.media(folder)
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 180, frameRate: 30, seconds: 3, camera: .pan(pixelsPerFrame: 0)),
                                 to: folder.path("still.mp4"))
        let shaky = try #require(JitterSampler.measure(path: folder.path("shaky.mp4"), duration: 4, frameRate: 30))
        let pan = try #require(JitterSampler.measure(path: folder.path("pan.mp4"), duration: 4, frameRate: 30))
        let still = try #require(JitterSampler.measure(path: folder.path("still.mp4"), duration: 3, frameRate: 30))
        #expect(shaky > ClipActivity.shakyJitter * 1.5, "shaky \(shaky)")
        #expect(pan < ClipActivity.shakyJitter / 3, "pan \(pan)")
        #expect(still < ClipActivity.shakyJitter / 10, "still \(still)")
    }

    @Test("transforms are kept by the file's identity: a changed file has none", .enabled(if: StabilisationCache.hasVidStab))
    func transformsByIdentity() throws {
        let folder = try TemporaryFolder()
        try Self.media(folder)
        let cache = StabilisationCache(besideCatalog: folder.path("catalog.sqlite"))
        #expect(cache.transforms(for: folder.path("shaky.mp4")) == nil)
        let made = try cache.detect(source: MediaSource(path: folder.path("shaky.mp4")))
        #expect(cache.transforms(for: folder.path("shaky.mp4")) == made)
        guard case .vidStab(let trf, let times) = made else { Issue.record("not vid.stab"); return }
        #expect(trf.path.hasPrefix(folder.path("cache/stabilise/")))
        let lines = try String(contentsOf: times, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 + 120, "a time base and 120 frame times")
        // The file changes (new modification time): its old transforms are not its own.
        let later = Date().addingTimeInterval(10)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: folder.path("shaky.mp4"))
        #expect(cache.transforms(for: folder.path("shaky.mp4")) == nil)
    }

    /// Renders `items` to 640×360 with the catalog (and its cache) at `catalog`.
    static func render(_ folder: TemporaryFolder, items: [[String: Any]], catalog: String, name: String) throws -> String {
        let project = try JSONSerialization.data(withJSONObject: [
            "lenta": 1, "output": ["preset": "preview", "width": size.width, "height": size.height, "fps": 30], "items": items,
        ] as [String: Any])
        let story = folder.path(name + ".json")
        try project.write(to: URL(fileURLWithPath: story))
        let out = folder.path(name + ".mp4")
        let result = try LentaCLI.run(["render", story, "-o", out, "--quiet"], environment: ["LENTA_CATALOG": catalog])
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    @Test("a shaky clip's story has at most half its jitter; stabilise: false plays it as shot", .enabled(if: StabilisationCache.hasVidStab))
    func shakyClipHeldSteady() throws {
        let folder = try TemporaryFolder()
        try Self.media(folder)
        let catalog = folder.path("catalog.sqlite")
        try StabilisationCache(besideCatalog: catalog).detect(source: MediaSource(path: folder.path("shaky.mp4")))
        let trim = [0.5, 3.5]
        let steady = try Self.render(folder, items: [["path": "shaky.mp4", "trim": trim, "fit": "fill"]], catalog: catalog, name: "steady")
        let asShot = try Self.render(folder, items: [["path": "shaky.mp4", "trim": trim, "fit": "fill", "stabilise": false]],
                                     catalog: catalog, name: "as-shot")
        let source = try Self.jitter(of: folder.path("shaky.mp4"), from: 0.5, to: 3.5)
        let story = try Self.jitter(of: steady, from: 0, to: 3)
        let unstabilised = try Self.jitter(of: asShot, from: 0, to: 3)
        #expect(story <= source / 2, "story \(story), source \(source)")
        #expect(abs(unstabilised - source) < source * 0.25, "as shot \(unstabilised), source \(source)")
    }

    @Test("a steady pan is not stabilised: its frames are those of a render with stabilise: false")
    func panLeftAlone() throws {
        let folder = try TemporaryFolder()
        try Self.media(folder)
        let catalog = folder.path("catalog.sqlite")
        // The analysis finds it steady, so no transforms are made and none is applied.
        let pan = try #require(JitterSampler.measure(path: folder.path("pan.mp4"), duration: 4, frameRate: 30))
        #expect(pan <= ClipActivity.shakyJitter)
        #expect(StabilisationCache(besideCatalog: catalog).transforms(for: folder.path("pan.mp4")) == nil)
        let auto = try Self.render(folder, items: [["path": "pan.mp4", "trim": [0.5, 3.5], "fit": "fill"]], catalog: catalog, name: "auto")
        let off = try Self.render(folder, items: [["path": "pan.mp4", "trim": [0.5, 3.5], "fit": "fill", "stabilise": false]],
                                  catalog: catalog, name: "off")
        let a = try VideoReader(path: auto), b = try VideoReader(path: off)
        for n in [0, 31, 60, 89] {
            let fa = try a.frame(at: Rational(Int64(n), 30)), fb = try b.frame(at: Rational(Int64(n), 30))
            let difference = zip(fa.y, fb.y).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            #expect(Double(difference) / Double(fa.y.count) < 0.5, "frame \(n)")
        }
    }

    @Test("stabilise: true on a clip without transforms makes them at render")
    func stabiliseOnRequest() throws {
        let folder = try TemporaryFolder()
        try Self.media(folder)
        let catalog = folder.path("catalog.sqlite")
        var story = try ResolvedStory.resolve(ProjectFile.decode(Data(#"{"lenta": 1, "items": [{"path": "pan.mp4", "stabilise": true}]}"#.utf8)),
                                              in: folder.url)
        StabilisationCache(besideCatalog: catalog).resolve(&story)
        if StabilisationCache.hasVidStab {
            guard case .vidStab? = story.items[0].stabilisation else { Issue.record("no transforms made"); return }
        } else {
            #expect(story.items[0].stabilisation == .deshake)
        }
        story.project.items[0].stabilise = nil
        story.items[0].item.stabilise = nil
        StabilisationCache(besideCatalog: folder.path("elsewhere/catalog.sqlite")).resolve(&story)
        #expect(story.items[0].stabilisation == nil, "no transforms beside that catalog, and not asked for")
    }

    @Test("the one loader resolves how each clip is held steady, from the cache beside the catalog it is given",
          .enabled(if: StabilisationCache.hasVidStab))
    func loaderResolvesStabilisation() throws {
        let folder = try TemporaryFolder()
        try Self.media(folder)
        let catalog = folder.path("catalog.sqlite")
        let made = try StabilisationCache(besideCatalog: catalog).detect(source: MediaSource(path: folder.path("shaky.mp4")))
        let url = folder.url.appendingPathComponent("story.json")
        try Data(#"{"lenta": 1, "items": [{"path": "shaky.mp4"}, {"path": "shaky.mp4", "stabilise": false}, {"path": "pan.mp4"}]}"#.utf8)
            .write(to: url)
        let loaded = try ProjectLoader.load(url, catalogPath: catalog)
        #expect(loaded.story.items.map(\.stabilisation) == [made, nil, nil])
        let elsewhere = try ProjectLoader.load(url, catalogPath: folder.path("elsewhere/catalog.sqlite"))
        #expect(elsewhere.story.items.allSatisfy { $0.stabilisation == nil }, "no transforms beside that catalog")
    }

    @Test("lenta project analyses the clips: the shaky one's transforms are kept beside the catalog, the pan's are not", .enabled(if: StabilisationCache.hasVidStab))
    func analysisKeepsTransforms() throws {
        let folder = try TemporaryFolder()
        let media = folder.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 180, frameRate: 30, seconds: 4, camera: .handHeld(jitter: 4)),
                                 to: media + "/shaky.mp4")
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 180, frameRate: 30, seconds: 4, camera: .pan(pixelsPerFrame: 2)),
                                 to: media + "/pan.mp4")
        let catalog = folder.path("catalog.sqlite")
        let lenta = LentaCLI.Runner(catalog: catalog)
        _ = try lenta(["scan", media])
        _ = try lenta(["new", "--pick", media + "/shaky.mp4", media + "/pan.mp4"])
        _ = try lenta(["project", "1", "-o", folder.path("story.json"), "--no-title-card", "--preset", "preview"])
        let cache = StabilisationCache(besideCatalog: catalog)
        #expect(cache.transforms(for: media + "/shaky.mp4") != nil, "the shaky clip's transforms")
        #expect(cache.transforms(for: media + "/pan.mp4") == nil, "none for the pan")
        let shown = try lenta(["show", "1", "--json"]).stdout
        #expect(shown.contains("\"jitter\""), "the catalog keeps each clip's jitter")
    }

    @Test("deshake, where vid.stab is missing, also steadies the clip, in the same place")
    func deshakeSteadies() throws {
        let folder = try TemporaryFolder()
        try Self.media(folder)
        var story = try ResolvedStory.resolve(ProjectFile.decode(Data(#"{"lenta": 1, "items": [{"path": "shaky.mp4", "trim": [0.5, 3.5], "fit": "fill"}]}"#.utf8)),
                                              in: folder.url)
        story.items[0].stabilisation = .deshake
        let reader = try VideoReader(source: story.items[0].source, grader: nil, stabilisation: .deshake)
        var steadied = CameraJitter(frameRate: 30)
        for n in 15..<105 {
            let frame = try reader.frame(at: Rational(Int64(n), 30))
            #expect(frame.width == Self.size.width && frame.height == Self.size.height)
            steadied.add(luma: frame.y, width: frame.width, height: frame.height)
        }
        let source = try Self.jitter(of: folder.path("shaky.mp4"), from: 0.5, to: 3.5)
        let value = try #require(steadied.value)
        #expect(value < source * 0.75, "deshake \(value), source \(source)")
    }
}
