import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// The render's frame pipeline (frames planned in order, drawn several at once, handed on in
/// order) gives exactly the frames the compositor gives one by one, for any thread count.
@Suite("Frame pipeline", .serialized)
struct FramePipelineTests {
    /// Photos with Ken Burns, a rotated photo, a still photo with a caption, a clip; crossfade, wipe, cut.
    static func story(_ fixture: RenderFixture) throws -> [String: Any] {
        try SyntheticMedia.jpeg(width: 640, height: 480, exif: nil, to: fixture.folder.path("one.jpg"))
        try SyntheticMedia.jpeg(width: 640, height: 480, exif: SyntheticExif(orientation: 6), to: fixture.folder.path("two.jpg"))
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 25, seconds: 2, withAudio: false),
                                 to: fixture.folder.path("clip.mp4"))
        return [
            "lenta": 1,
            "output": ["preset": "preview", "width": 320, "height": 180],
            "defaults": ["transition": ["type": "crossfade", "duration": 0.3]],
            "items": [
                ["path": "one.jpg", "duration": 1.0, "kenBurns": ["from": [0, 0, 1, 1], "to": [0.1, 0.1, 0.8, 0.8], "easing": "inOut"]],
                ["path": "two.jpg", "duration": 1.0, "rotate": 3.0, "transition": ["type": "wipe", "duration": 0.3]],
                ["path": "one.jpg", "duration": 1.0, "kenBurns": "none", "fit": "fit",
                 "text": ["content": "Still", "fadeIn": 0.2], "transition": ["type": "cut"]],
                ["path": "clip.mp4", "trim": [0.2, 1.0], "fit": "fit"],
            ],
        ]
    }

    /// Every frame through the pipeline.
    static func pipelineFrames(_ fixture: RenderFixture, _ object: [String: Any], threads: Int, framesAtOnce: Int) throws -> [PlanarFrame] {
        let compositor = try fixture.compositor(object, threads: threads)
        compositor.lookahead = 30
        let renderer = StoryRenderer(compositor: compositor)
        renderer.framesAtOnce = framesAtOnce
        var frames: [PlanarFrame] = []
        try renderer.forEachFrame { n, frame in
            #expect(n == frames.count)
            frames.append(frame)
        }
        return frames
    }

    @Test("frames are bit-identical drawn one at a time on 1 thread and 4 at once on 8 threads, and equal the compositor's own")
    func pipelineIsBitIdentical() throws {
        let fixture = try RenderFixture()
        let object = try Self.story(fixture)
        let single = try Self.pipelineFrames(fixture, object, threads: 1, framesAtOnce: 1)
        let many = try Self.pipelineFrames(fixture, object, threads: 8, framesAtOnce: 4)
        let alone = try fixture.compositor(object, threads: 3)
        #expect(single.count == alone.frameCount && many.count == single.count)
        #expect(single.count > 60)
        for n in single.indices {
            #expect(single[n] == many[n], "frame \(n) differs between 1 and 8 threads")
            #expect(single[n] == (try alone.frame(n)), "frame \(n) differs from the compositor's own")
        }
        // The story moves (a pipeline that handed on one frame throughout would pass the above);
        // the still photo and the 25 fps clip repeat some frames.
        #expect(Set(single.map { $0.y }).count > 20)
    }

    @Test("what the pipeline holds is bounded by bytes, not by threads: the frame queue, the encoders' and the clip decoders' threads")
    func memoryIsBoundedByBytes() throws {
        let library = PresetLibrary.standard
        let hd = try library.outputPreset(named: "landscape-1080p"), uhd = try library.outputPreset(named: "landscape-4k")
        let bytes = 160 << 20
        // Threads asked for are given while the bytes hold them; never fewer than one.
        #expect(StoryRenderer.encoderThreads(2, preset: uhd, shapes: 1, bytes: bytes) == 2)
        #expect(StoryRenderer.encoderThreads(16, preset: uhd, shapes: 1, bytes: bytes) == 3, "x264's own choice on two processors, whatever the bytes")
        #expect(StoryRenderer.encoderThreads(3, preset: uhd, shapes: 1, bytes: bytes) == 3)
        #expect(StoryRenderer.encoderThreads(16, preset: uhd, shapes: 2, bytes: bytes) == 1, "the three are all shapes' together")
        #expect(StoryRenderer.encoderThreads(16, preset: hd, shapes: 1, bytes: bytes) == 8)
        #expect(StoryRenderer.encoderThreads(16, preset: hd, shapes: 3, bytes: bytes) == 2, "three encoders share the bytes")
        #expect(StoryRenderer.encoderThreads(64, preset: uhd, shapes: 3, bytes: bytes) == 1)
        // The encoders of a pass run side by side and share the threads asked for: on 2 cores
        // (x264's 3 threads), three encoders of one thread each; two of 12 threads, 6 each.
        #expect(StoryRenderer.encoderThreads(3, preset: hd, shapes: 3, bytes: bytes) == 1)
        #expect(StoryRenderer.encoderThreads(12, preset: hd, shapes: 2, bytes: 1 << 30) == 6)
        // A clip decoded by frames (more than four processors): its decoder's threads too.
        #expect(VideoReader.frameThreads(2, width: 1920, height: 1080, bytesPerSample: 1) == 2)
        #expect(VideoReader.frameThreads(16, width: 1920, height: 1080, bytesPerSample: 1) == 8)
        #expect(VideoReader.frameThreads(16, width: 1920, height: 1080, bytesPerSample: 2) == 4)
        #expect(VideoReader.frameThreads(64, width: 8192, height: 4320, bytesPerSample: 2) == 1)
        let fixture = try RenderFixture()
        let renderer = StoryRenderer(compositor: try fixture.compositor(try Self.story(fixture), threads: 1))
        renderer.framesAtOnce = 8
        #expect(renderer.queueCapacity(frameBytes: StoryRenderer.frameBytes(hd)) == 11, "1080p: queueDepth + framesAtOnce")
        #expect(renderer.queueCapacity(frameBytes: StoryRenderer.frameBytes(uhd)) == 5, "2160p: 64 MB of frames")
        #expect(renderer.queueCapacity(frameBytes: 3 * StoryRenderer.frameBytes(uhd)) == 2, "never fewer than two")
    }

    @Test("the next photo is prepared while the one before it shows alone, the first two side by side")
    func nextPhotoIsPreparedAhead() throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.jpeg(width: 640, height: 480, exif: nil, to: fixture.folder.path("one.jpg"))
        try SyntheticMedia.jpeg(width: 640, height: 480, exif: SyntheticExif(orientation: 6), to: fixture.folder.path("two.jpg"))
        // Three 2 s photos, cuts: segments start at frames 0, 60 and 120 (30 fps), beyond a
        // 10-frame window.
        let object: [String: Any] = [
            "lenta": 1,
            "output": ["preset": "preview", "width": 320, "height": 180],
            "defaults": ["transition": ["type": "cut"]],
            "items": [["path": "one.jpg", "duration": 2.0], ["path": "two.jpg", "duration": 2.0], ["path": "one.jpg", "duration": 2.0]],
        ]
        let compositor = try fixture.compositor(object, threads: 2)
        compositor.lookahead = 10
        let starts = compositor.timeline.segments.map(\.firstFrame)
        #expect(starts == [0, 60, 120])
        _ = try compositor.plan(0)
        #expect(compositor.preparedSegments == [0, 1], "the second photo is prepared beside the first")
        _ = try compositor.plan(61)
        #expect(compositor.preparedSegments == [1, 2], "the third photo while the second shows; the first let go of")
        // The frames are the ones drawn alone, without any preparing ahead.
        let alone = try fixture.compositor(object, threads: 1)
        for n in [0, 61, 119, 120] { #expect(try compositor.frame(n) == alone.frame(n), "frame \(n)") }

        // With 0.5 s crossfades (segments from frames 0, 45 and 90): not while two photos show.
        var crossfading = object
        crossfading["defaults"] = ["transition": ["type": "crossfade", "duration": 0.5]]
        let blending = try fixture.compositor(crossfading, threads: 2)
        blending.lookahead = 10
        #expect(blending.timeline.segments.map(\.firstFrame) == [0, 45, 90])
        _ = try blending.plan(0)
        #expect(blending.preparedSegments == [0, 1])
        _ = try blending.plan(50)
        #expect(blending.preparedSegments == [0, 1], "the third photo waits while the first two blend")
        _ = try blending.plan(61)
        #expect(blending.preparedSegments == [1, 2], "and is prepared once the second shows alone")
    }

    @Test("frames drawn over frames handed back to the pool are the frames drawn fresh")
    func recycledFramesAreDrawnWhole() throws {
        let fixture = try RenderFixture()
        let object = try Self.story(fixture)
        let compositor = try fixture.compositor(object, threads: 2)
        compositor.lookahead = 30
        let renderer = StoryRenderer(compositor: compositor)
        renderer.framesAtOnce = 2
        let alone = try fixture.compositor(object, threads: 1)
        var count = 0
        try renderer.forEachFrame { n, frame in
            let fresh = try alone.frame(n)
            #expect(frame == fresh, "frame \(n) differs when drawn over an earlier frame")
            compositor.framePool.give(frame)
            count += 1
        }
        #expect(count == alone.frameCount)
        // Most frames were drawn over earlier ones (the first few are new; a still photo's and the
        // title's frames are its own).
        #expect(compositor.framePool.reuses > count / 2)
    }

    @Test("frames lent to libx264 make the same video as frames copied to it")
    func lentFramesEncodeAsCopiedOnes() throws {
        let fixture = try RenderFixture()
        let object = try Self.story(fixture)
        let compositor = try fixture.compositor(object, threads: 2)
        let renderer = StoryRenderer(compositor: compositor)
        renderer.framesAtOnce = 2
        let copied = try StoryWriter(path: fixture.folder.path("copied.mp4"), preset: compositor.preset, audio: false, threads: 1)
        copied.lendsFrames = false
        let lent = try StoryWriter(path: fixture.folder.path("lent.mp4"), preset: compositor.preset, audio: false, threads: 1)
        #expect(lent.lendsFrames)
        try renderer.forEachFrame { _, frame in
            try copied.appendVideo(frame)
            // Back to the pool the compositor draws from, once libx264 lets go of it.
            try lent.appendVideo(frame, recycling: compositor.framePool)
        }
        try copied.finish()
        try lent.finish()
        #expect(compositor.framePool.reuses > 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: fixture.folder.path("copied.mp4")))
        let b = try Data(contentsOf: URL(fileURLWithPath: fixture.folder.path("lent.mp4")))
        #expect(a.count > 1000 && a == b)
    }

    @Test("lenta frame gives the same PNG with --threads 1 and --threads 8")
    func frameCommandThreads() throws {
        let fixture = try RenderFixture()
        let story = try fixture.project(try Self.story(fixture))
        for at in ["0.5", "0.85", "1.8", "2.5"] {
            var outputs: [Data] = []
            for threads in [1, 8] {
                let path = fixture.folder.path("f\(threads)-\(at).png")
                let result = try LentaCLI.run(["frame", story, "--at", at, "-o", path, "--threads", String(threads)])
                #expect(result.status == 0, "\(result.stderr)")
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            #expect(outputs[0] == outputs[1], "frame at \(at) s differs between 1 and 8 threads")
        }
    }

    @Test("a failing frame stops the pipeline with its error, and nothing is left running")
    func failureStops() throws {
        let fixture = try RenderFixture()
        let object = try Self.story(fixture)
        let compositor = try fixture.compositor(object, threads: 2)
        let renderer = StoryRenderer(compositor: compositor)
        renderer.framesAtOnce = 3
        struct Stop: Error {}
        var taken = 0
        #expect(throws: Stop.self) {
            try renderer.forEachFrame { n, _ in
                taken = n + 1
                if n == 10 { throw Stop() }
            }
        }
        #expect(taken == 11)
    }

    @Test("the pipeline feeds the shared encoder path: h264_nvenc without a graphics card falls back to x264 with one notice",
          .enabled(if: PublishFixture.hasTools && !PublishCodecTests.hasGraphicsDevice))
    func hardwareFallback() throws {
        let fixture = try RenderFixture()
        let object = try Self.story(fixture)
        var preset = RenderFixture.preset()
        preset.video.codec = "h264_nvenc"
        preset.video.fallback = ["h264_vaapi", "libx264"]
        let compositor = try fixture.compositor(object, preset: preset, threads: 8)
        let renderer = StoryRenderer(compositor: compositor)
        renderer.framesAtOnce = 4
        let output = fixture.folder.path("hw.mp4")
        var notices: [String] = []
        try renderer.render(to: output, encoderThreads: 8, notice: { notices.append($0) })
        #expect(notices.count == 1, "\(notices)")
        let notice = notices.first ?? ""
        #expect(notice.contains("h264_nvenc cannot open") && notice.contains("h264_vaapi cannot open") && notice.hasSuffix("using libx264"),
                "\(notice)")
        #expect(try PublishFixture.decodedFrames(output) == compositor.frameCount)
    }
}
