import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// A clip larger than its item needs (2160p in a 1080p story) is reduced by the reader before
/// its colour table, and a picture that lands pixel for pixel is the frame itself.
@Suite("Clip reduction", .serialized)
struct ClipReductionTests {
    static func layer(_ fixture: RenderFixture, fit: FitMode, clip: String) throws -> ClipLayer {
        let colour = ItemColour(source: .bt709, output: .bt709, grade: nil, parallel: ParallelSlices(threads: 1))
        return try ClipLayer(item: fixture.story(["lenta": 1, "items": [["path": clip]]]).items[0], geometry: { w, h in
            ItemGeometry(pictureWidth: w, pictureHeight: h, crop: nil, rotation: nil, fit: fit, motion: .still,
                         outputWidth: 320, outputHeight: 180)
        }, colour: colour, threads: 1, parallel: ParallelSlices(threads: 1))
    }

    @Test("a clip twice the story's size is handed on at the story's size, its frame is that picture, and its mean is kept")
    func largeClipIsReduced() throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.video(SyntheticVideo(width: 640, height: 360, frameRate: 30, seconds: 1, withAudio: false),
                                 to: fixture.folder.path("big.mp4"))
        let layer = try Self.layer(fixture, fit: .fill, clip: "big.mp4")
        #expect(layer.frames.scale == 0.5)
        let reduced = try layer.frames.graded(at: Rational(1, 2))
        #expect(reduced.width == 320 && reduced.height == 180)
        var frame = PlanarFrame(width: 320, height: 180)
        try layer.draw(at: Rational(1, 2), progress: 0.5, into: &frame)
        #expect(frame == reduced)
        // Handed over as it is, without a black frame filled first.
        #expect(try layer.picture(at: Rational(1, 2), progress: 0.5, width: 320, height: 180) == reduced)

        // The full-size picture, through the same colour table, has the same mean within a code.
        let full = try VideoReader(path: fixture.folder.path("big.mp4"), threads: 1)
        var whole = try full.frame(at: Rational(1, 2))
        YUVLookupTable.make(source: full.colour, grade: nil)?.apply(to: &whole, threads: 1)
        let mean = { (f: PlanarFrame) in RenderFixture.meanLuma(f, x: 0..<f.width, y: 0..<f.height) }
        #expect(abs(mean(frame) - mean(whole)) < 1, "\(mean(frame)) against \(mean(whole))")
    }

    @Test("a clip the story's size is not reduced; one drawn smaller than it is (fit) still fills its box")
    func clipOfTheStorySize() throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 180, frameRate: 30, seconds: 1, withAudio: false),
                                 to: fixture.folder.path("same.mp4"))
        let same = try Self.layer(fixture, fit: .fill, clip: "same.mp4")
        #expect(same.frames.scale == 1)
        try SyntheticMedia.video(SyntheticVideo(width: 640, height: 640, frameRate: 30, seconds: 1, withAudio: false),
                                 to: fixture.folder.path("square.mp4"))
        // 640 × 640 fitted into 320 × 180: 180 × 180 pixels shown, so the reader hands on 180 × 180.
        let square = try Self.layer(fixture, fit: .fit, clip: "square.mp4")
        #expect(abs(square.frames.scale - 180.0 / 640.0) < 1e-9)
        var frame = PlanarFrame(width: 320, height: 180)
        try square.draw(at: Rational(1, 2), progress: 0.5, into: &frame)
        // Not pixel for pixel: the picture is drawn into a black frame, as `draw` does.
        #expect(try square.picture(at: Rational(1, 2), progress: 0.5, width: 320, height: 180) == frame)
        let mean = { (x: Range<Int>) in RenderFixture.meanLuma(frame, x: x, y: 0..<180) }
        // Black bars beside the picture (limited range: 16), the picture between them.
        #expect(mean(0..<60) < 17 && mean(260..<320) < 17)
        #expect(mean(80..<240) > 20)
    }

    @Test("a crossfade out of a 2160p-sized clip keeps the pictures it still shows and lets its decoder go; the frames are the same")
    func crossfadeKeepsOneDecoder() throws {
        let fixture = try RenderFixture()
        // Above `VideoReader.largePicture` (2 × 1080p): a decoder worth letting go of.
        let video = SyntheticVideo(width: 2720, height: 1536, frameRate: 30, seconds: 0.5, withAudio: false)
        try SyntheticMedia.video(video, to: fixture.folder.path("a.mp4"))
        let story: [String: Any] = [
            "lenta": 1, "defaults": ["fit": "fill", "kenBurns": "none"],
            "items": [["path": "a.mp4", "trim": [0.1, 0.5], "transition": ["type": "crossfade", "duration": 0.2]],
                      ["path": "a.mp4", "trim": [0, 0.4]]],
        ]
        let keeping = try fixture.compositor(story)
        let both = try fixture.compositor(story)
        both.transitionPictureBytes = 0
        let crossfade = keeping.timeline.segments[1].firstFrame ..< keeping.timeline.segments[0].endFrame
        #expect(crossfade.count == 6)
        for n in 0..<keeping.frameCount {
            #expect(try keeping.frame(n) == both.frame(n), "frame \(n)")
            // Both layers are alive until the crossfade's last frame lets the outgoing one go.
            if crossfade.dropLast().contains(n) {
                #expect(keeping.liveClipDecoders == 1, "frame \(n)")
                #expect(both.liveClipDecoders == 2, "frame \(n)")
            }
        }
        // Asked out of order (as `lenta frame` may): the clip is decoded again, the same frames.
        let alone = try fixture.compositor(story)
        for n in crossfade.reversed() {
            #expect(try alone.frame(n) == both.frame(n), "frame \(n) asked alone")
        }
    }

    @Test("a clip placed at a whole, even offset (1080p filling a square story) is copied, and the copy is what the resampler draws; any other placement is drawn")
    func wholePixelPlacementIsCopied() {
        // A textured 64×36 picture filling a 36×36 frame: shown from x = 14, whole pixels.
        var state: UInt32 = 12345
        let next = { () -> UInt8 in state = state &* 1_664_525 &+ 1_013_904_223; return UInt8(truncatingIfNeeded: state >> 24) }
        let pixels = PlanarFrame(width: 64, height: 36, y: PlaneSamples((0..<(64 * 36)).map { _ in next() }),
                                 u: PlaneSamples((0..<(32 * 18)).map { _ in next() }),
                                 v: PlaneSamples((0..<(32 * 18)).map { _ in next() }))
        let parallel = ParallelSlices(threads: 1)
        let placed = { (width: Int, height: Int, fit: FitMode) in
            ItemGeometry(pictureWidth: 64, pictureHeight: 36, crop: nil, rotation: nil, fit: fit, motion: .still,
                         outputWidth: width, outputHeight: height).placement(at: 0)
        }
        let picture = PlacedPicture(pixels: pixels)
        let square = placed(36, 36, .fill)
        #expect(ClipLayer.pixelCrop(pixels, picture, square, width: 36, height: 36).map { [$0.x, $0.y] } == [14, 0])
        var drawn = PlanarFrame(width: 36, height: 36)
        PictureLayer.draw(picture, square, into: &drawn, parallel: parallel)
        #expect(ClipLayer.copied(pixels, picture, square, width: 36, height: 36) == drawn)
        // Whole size: the picture itself.
        #expect(ClipLayer.copied(pixels, picture, placed(64, 36, .fill), width: 64, height: 36) == pixels)
        // An odd offset (chroma would fall between samples), a scale, a frame not covered: drawn.
        #expect(ClipLayer.pixelCrop(pixels, picture, placed(34, 36, .fill), width: 34, height: 36) == nil, "an offset of 15")
        #expect(ClipLayer.pixelCrop(pixels, picture, placed(32, 18, .fill), width: 32, height: 18) == nil)
        #expect(ClipLayer.pixelCrop(pixels, picture, placed(64, 64, .fit), width: 64, height: 64) == nil)
        #expect(ClipLayer.pixelCrop(pixels, picture, placed(62, 36, .fill), width: 62, height: 36) == nil, "an offset of 1")
    }
}
