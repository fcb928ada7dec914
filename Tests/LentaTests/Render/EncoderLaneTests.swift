import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// `EncoderLane`: one output's writer on its own queue in a render of several shapes — the same
/// file as the writer called directly, a failure on the lane thrown at the next hand-over, and a
/// lane given up leaving no file.
@Suite("Encoder lanes")
struct EncoderLaneTests {
    static func frame(_ n: Int, preset: OutputPreset) -> PlanarFrame {
        PlanarFrame(width: preset.width, height: preset.height, colour: YUVColour(y: UInt8(16 + 7 * n), u: UInt8(128 - n), v: UInt8(100 + 3 * n)))
    }

    @Test("frames handed to a lane make the file the writer makes when called directly")
    func sameFileAsDirect() throws {
        let fixture = try RenderFixture()
        let preset = RenderFixture.preset()
        let direct = try StoryWriter(path: fixture.folder.path("direct.mp4"), preset: preset, audio: false, threads: 1)
        for n in 0..<20 { try direct.appendVideo(Self.frame(n, preset: preset)) }
        try direct.finish()
        let lane = EncoderLane(writer: try StoryWriter(path: fixture.folder.path("lane.mp4"), preset: preset, audio: false, threads: 1),
                               depth: 2)
        for n in 0..<20 { try lane.appendVideo(Self.frame(n, preset: preset), recycling: nil) }
        try lane.finish()
        try lane.wait()
        let a = try Data(contentsOf: URL(fileURLWithPath: fixture.folder.path("direct.mp4")))
        let b = try Data(contentsOf: URL(fileURLWithPath: fixture.folder.path("lane.mp4")))
        #expect(a.count > 500 && a == b)
    }

    @Test("a failure on the lane's thread is thrown at the next hand-over, and what follows it is not done")
    func failureReachesTheRenderer() throws {
        let fixture = try RenderFixture()
        let preset = RenderFixture.preset()
        let lane = EncoderLane(writer: try StoryWriter(path: fixture.folder.path("a.mp4"), preset: preset, audio: false, threads: 1),
                               depth: 1)
        // A frame of the wrong size fails in the writer, on the lane's queue.
        try lane.appendVideo(PlanarFrame(width: 64, height: 64), recycling: nil)
        let error = #expect(throws: MediaError.self) { try lane.wait() }
        #expect(error?.reason.contains("64×64") == true)
        #expect(throws: MediaError.self) { try lane.appendVideo(Self.frame(0, preset: preset), recycling: nil) }
        #expect(throws: MediaError.self) { try lane.finish() }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("a.mp4")))
    }

    @Test("a lane given up midway leaves neither the output nor its temporary file")
    func abandonedLaneLeavesNothing() throws {
        let fixture = try RenderFixture()
        let preset = RenderFixture.preset()
        var lane: EncoderLane? = EncoderLane(writer: try StoryWriter(path: fixture.folder.path("b.mp4"), preset: preset, audio: false,
                                                                     threads: 1), depth: 2)
        for n in 0..<5 { try lane?.appendVideo(Self.frame(n, preset: preset), recycling: nil) }
        lane?.abandon()
        lane = nil
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.url.path)
        #expect(!left.contains("b.mp4") && left.allSatisfy { !$0.hasPrefix(".") }, "\(left)")
    }
}
