import Foundation
import LentaCore
import LentaMedia
import LentaPixels
import LentaRender

/// Media and projects for render tests, in a temporary folder.
public struct RenderFixture {
    public let folder: TemporaryFolder

    public init() throws {
        FFmpegLogging.silence()
        folder = try TemporaryFolder()
    }

    /// A small preset for library-level tests.
    public static func preset(width: Int = 320, height: Int = 180, fps: Int = 30) -> OutputPreset {
        OutputPreset(name: "test", width: width, height: height, fps: OutputFrameRate(fps),
                     video: .init(crf: 23, preset: "ultrafast", gop: 30, bFrames: 0), audio: .init(bitrate: 96_000),
                     container: .init())
    }

    /// A PNG of one colour.
    public func solidPhoto(_ name: String, _ r: UInt8, _ g: UInt8, _ b: UInt8, width: Int = 320, height: Int = 180) throws -> String {
        let path = folder.path(name)
        try PNGExport.write(PlanarFrame(width: width, height: height, colour: YUVColour(red: r, green: g, blue: b)), to: path)
        return name
    }

    /// A PNG of any picture.
    public func photo(_ name: String, _ frame: PlanarFrame) throws -> String {
        try PNGExport.write(frame, to: folder.path(name))
        return name
    }

    /// Writes `story.json` (or `name`) from a JSON object.
    @discardableResult
    public func project(_ object: [String: Any], name: String = "story.json") throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: folder.url.appendingPathComponent(name))
        return folder.path(name)
    }

    /// A compositor for a project given as a JSON object.
    public func compositor(_ object: [String: Any], preset: OutputPreset = RenderFixture.preset(), threads: Int = 2) throws -> StoryCompositor {
        let data = try JSONSerialization.data(withJSONObject: object)
        let compositor = StoryCompositor(story: try story(data), preset: preset, threads: threads)
        compositor.lookahead = 0
        return compositor
    }

    /// A project given as a JSON object, resolved as `lenta render` resolves it.
    public func story(_ object: [String: Any]) throws -> ResolvedStory {
        try story(try JSONSerialization.data(withJSONObject: object))
    }

    public func story(_ data: Data) throws -> ResolvedStory {
        try ResolvedStory.resolve(try ProjectFile.decode(data), in: folder.url)
    }

    /// The average luma of a rectangle.
    public static func meanLuma(_ frame: PlanarFrame, x: Range<Int>, y: Range<Int>) -> Double {
        var total = 0
        for row in y { for column in x { total += Int(frame.luma(column, row)) } }
        return Double(total) / Double(x.count * y.count)
    }

    public static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
