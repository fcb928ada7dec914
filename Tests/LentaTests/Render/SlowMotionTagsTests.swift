import Foundation
import LentaCore
import LentaMedia
import LentaStories
import LentaTestSupport
import Testing

/// What a clip's container says of slow motion (`SlowMotionTags`), read through libavformat's
/// container tags from synthetic MOV and MP4 files carrying the keys as QuickTime `mdta` items:
/// as the ffmpeg muxer writes them (text), and as cameras write them (Apple's intent as an
/// unsigned integer, Android's capture rate as a 32-bit float).
@Suite("Slow-motion tags", .serialized)
struct SlowMotionTagsTests {
    static let intent = SlowMotionTags.fullFrameRatePlaybackKey
    static let capture = SlowMotionTags.captureFrameRateKey

    /// A 2 s clip at `frameRate` with `tags` as `mdta` keys.
    static func clip(_ path: String, frameRate: Int, container: SyntheticVideo.Container = .mov, tags: [String: String]) throws {
        try SyntheticMedia.video(SyntheticVideo(width: 160, height: 120, frameRate: frameRate, seconds: 2, container: container,
                                                creationTime: "2024-05-03T12:00:00.000000Z", metadata: tags, quickTimeKeys: true),
                                 to: path)
    }

    /// Rewrites the one `data` atom holding the UTF-8 text `text` as the well-known `type` with
    /// `value`'s bytes (the same length as the text), as a camera writes a number.
    static func retype(_ path: String, text: String, type: UInt32, value: [UInt8]) throws {
        precondition(value.count == text.utf8.count)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let size = UInt32(16 + value.count)
        let atom: [UInt8] = withUnsafeBytes(of: size.bigEndian, Array.init) + Array("data".utf8) + [0, 0, 0, 1, 0, 0, 0, 0] + Array(text.utf8)
        let starts = (0...(bytes.count - atom.count)).filter { bytes[$0..<($0 + atom.count)].elementsEqual(atom) }
        try #require(starts.count == 1, "one data atom holds '\(text)'")
        let typeAt = starts[0] + 8
        bytes.replaceSubrange(typeAt..<(typeAt + 4), with: withUnsafeBytes(of: type.bigEndian, Array.init))
        bytes.replaceSubrange((starts[0] + 16)..<(starts[0] + 16 + value.count), with: value)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func tags(_ path: String) throws -> SlowMotionTags? {
        guard case .media(let metadata) = try MetadataProbe.read(path: path, modified: 0, now: 2e9) else {
            throw MediaError("read", path: path, reason: "not media")
        }
        return metadata.slowMotion
    }

    @Test("the keys as text (the ffmpeg muxer's): Apple's intent 1 and 0, Android's capture rate; none without them")
    func textKeys() throws {
        let folder = try TemporaryFolder()
        try Self.clip(folder.path("full.mov"), frameRate: 240, tags: [Self.intent: "1"])
        try Self.clip(folder.path("slow.mov"), frameRate: 240, tags: [Self.intent: "0"])
        try Self.clip(folder.path("android.mp4"), frameRate: 240, container: .mp4, tags: [Self.capture: "240.000000"])
        try Self.clip(folder.path("plain.mov"), frameRate: 240, tags: ["title": "a walk"])
        try Self.clip(folder.path("odd.mov"), frameRate: 240, tags: [Self.intent: "yes", Self.capture: "-3"])
        #expect(try Self.tags(folder.path("full.mov")) == SlowMotionTags(fullFrameRatePlayback: true))
        #expect(try Self.tags(folder.path("slow.mov")) == SlowMotionTags(fullFrameRatePlayback: false))
        #expect(try Self.tags(folder.path("android.mp4")) == SlowMotionTags(captureFrameRate: 240))
        #expect(try Self.tags(folder.path("plain.mov")) == nil)
        #expect(try Self.tags(folder.path("odd.mov")) == nil, "values that are not an intent or a rate are not read")
    }

    @Test("the keys as cameras type them: an unsigned integer (type 22) and a big-endian float (type 23)")
    func typedKeys() throws {
        let folder = try TemporaryFolder()
        let apple = folder.path("apple.mov")
        try Self.clip(apple, frameRate: 240, tags: [Self.intent: "7"])
        try Self.retype(apple, text: "7", type: 22, value: [1])
        #expect(try Self.tags(apple) == SlowMotionTags(fullFrameRatePlayback: true))
        let android = folder.path("android.mp4")
        try Self.clip(android, frameRate: 240, container: .mp4, tags: [Self.capture: "abcd"])
        try Self.retype(android, text: "abcd", type: 23, value: withUnsafeBytes(of: Float(240).bitPattern.bigEndian, Array.init))
        #expect(try Self.tags(android) == SlowMotionTags(captureFrameRate: 240))
    }

    @Test("the speed a clip is slowed to: by its rate, unless its container says it plays at full rate or was captured otherwise")
    func speeds() {
        #expect(ClipMoment.slowMotionSpeed(frameRate: 240, tags: nil) == 0.25)
        #expect(ClipMoment.slowMotionSpeed(frameRate: 240, tags: SlowMotionTags(fullFrameRatePlayback: true)) == nil)
        #expect(ClipMoment.slowMotionSpeed(frameRate: 240, tags: SlowMotionTags(fullFrameRatePlayback: false)) == 0.25)
        #expect(ClipMoment.slowMotionSpeed(frameRate: 30, tags: SlowMotionTags(fullFrameRatePlayback: false)) == nil,
                "iPhones write 0 on ordinary clips too")
        #expect(ClipMoment.slowMotionSpeed(frameRate: 240, tags: SlowMotionTags(captureFrameRate: 240)) == 0.25)
        #expect(ClipMoment.slowMotionSpeed(frameRate: 119.88, tags: SlowMotionTags(captureFrameRate: 120)) == 0.25)
        #expect(ClipMoment.slowMotionSpeed(frameRate: 30, tags: SlowMotionTags(captureFrameRate: 240)) == nil,
                "stored at 30 fps: already slowed in its timestamps")
        #expect(ClipMoment.slowMotionSpeed(frameRate: 30, tags: SlowMotionTags(captureFrameRate: 1)) == nil, "a time-lapse")
    }

    @Test("lenta project slows a 240 fps clip, not one its container marks for full frame rate (through the catalog)")
    func projectKnowsTheIntent() throws {
        let folder = try TemporaryFolder()
        let media = folder.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try Self.clip(media + "/slomo.mov", frameRate: 240, tags: [Self.intent: "0"])
        try Self.clip(media + "/smooth.mov", frameRate: 240, tags: [Self.intent: "1"])
        let catalog = folder.path("catalog.sqlite")
        let lenta = LentaCLI.Runner(catalog: catalog)
        let scanned = try lenta(["scan", media, "--json"]).stdout
        #expect(scanned.contains("\"fullFrameRatePlayback\" : true"), "scan --json tells what the container says")
        _ = try lenta(["new", "--pick", media + "/slomo.mov", media + "/smooth.mov"])
        _ = try lenta(["project", "1", "-o", folder.path("story.json"), "--no-title-card", "--preset", "preview"])
        let project = try ProjectFile.decode(Data(contentsOf: URL(fileURLWithPath: folder.path("story.json"))))
        let slomo = try #require(project.items.first { $0.path.hasSuffix("slomo.mov") })
        let smooth = try #require(project.items.first { $0.path.hasSuffix("smooth.mov") })
        #expect(slomo.speed == 0.25)
        #expect(smooth.speed == nil, "marked to play at its full frame rate (kept in the catalog by the scan)")
    }
}
