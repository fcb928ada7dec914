import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// Stories rendered through the library: transitions, fit modes, orientation, video clips.
@Suite("Render stories")
struct RenderStoryTests {
    /// Two solid photos of 1 s joined by a 0.4 s transition: B starts at 0.6 s (frame 18), the
    /// midpoint is 0.8 s (frame 24), the overlap ends at frame 30.
    static func twoColours(_ fixture: RenderFixture, transition: [String: Any]) throws -> StoryCompositor {
        let a = try fixture.solidPhoto("a.png", 230, 40, 40)
        let b = try fixture.solidPhoto("b.png", 30, 60, 220)
        return try fixture.compositor([
            "lenta": 1,
            "defaults": ["fit": "fill", "kenBurns": "none"],
            "items": [["path": a, "duration": 1.0, "transition": transition], ["path": b, "duration": 1.0]],
        ])
    }

    @Test("the timeline is exact: 1 + 1 − 0.4 s at 30 fps is 48 frames")
    func transitionTimeline() throws {
        let fixture = try RenderFixture()
        let c = try Self.twoColours(fixture, transition: ["type": "crossfade", "duration": 0.4])
        #expect(c.frameCount == 48)
        #expect(c.timeline.segments.map(\.firstFrame) == [0, 18])
    }

    @Test("crossfade: the midpoint is the average of both pictures")
    func crossfadeMidpoint() throws {
        let fixture = try RenderFixture()
        let c = try Self.twoColours(fixture, transition: ["type": "crossfade", "duration": 0.4])
        let a = try c.frame(10), b = try c.frame(40), mid = try c.frame(24)
        for (x, y) in [(5, 5), (160, 90), (300, 170)] {
            let expected = (Int(a.luma(x, y)) + Int(b.luma(x, y)) + 1) / 2
            #expect(abs(Int(mid.luma(x, y)) - expected) <= 1)
            let ca = a.colour(x, y), cb = b.colour(x, y), cm = mid.colour(x, y)
            #expect(abs(Int(cm.v) - (Int(ca.v) + Int(cb.v) + 1) / 2) <= 1)
        }
        // Before the overlap only A shows; a quarter of the way in, 3:1.
        #expect(try c.frame(17) == a)
        let quarter = Int(try c.frame(21).luma(100, 100))
        let la = Int(a.luma(100, 100)), lb = Int(b.luma(100, 100))
        let expectedQuarter = (3 * la + lb + 2) / 4
        #expect(abs(quarter - expectedQuarter) <= 1)
    }

    @Test("dip to black and to white passes through the colour at the midpoint", arguments: ["black", "white"])
    func dip(colour: String) throws {
        let fixture = try RenderFixture()
        let c = try Self.twoColours(fixture, transition: ["type": "dip", "duration": 0.4, "colour": colour])
        let mid = try c.frame(24)
        let expected: UInt8 = colour == "black" ? 16 : 235
        #expect(mid.luma(160, 90) == expected)
        #expect(mid.colour(160, 90).u == 128 && mid.colour(160, 90).v == 128)
        let a = try c.frame(10)
        let early = try c.frame(21)  // q = 1/4: half way from A to the colour
        #expect(abs(Int(early.luma(160, 90)) - (Int(a.luma(160, 90)) + Int(expected) + 1) / 2) <= 1)
    }

    /// Where B shows at the midpoint of a wipe or slide, and where A.
    @Test("wipe and slide: the boundary is where the direction puts it",
          arguments: ["wipe", "slide"], ["left", "right", "up", "down"])
    func wipeAndSlideBoundary(type: String, direction: String) throws {
        let fixture = try RenderFixture()
        let c = try Self.twoColours(fixture, transition: ["type": type, "duration": 0.4, "direction": direction])
        let a = try c.frame(10).luma(0, 0), b = try c.frame(40).luma(0, 0)
        for (n, q) in [(21, 0.25), (24, 0.5)] {
            let frame = try c.frame(n)
            // The boundary along the axis, in pixels from the left or top.
            let horizontal = direction == "left" || direction == "right"
            let length = horizontal ? 320.0 : 180.0
            let bSide: (Double) -> Bool
            switch direction {
            case "left", "up": bSide = { $0 >= length * (1 - q) }
            default: bSide = { $0 < length * q }
            }
            for position in stride(from: 0, to: Int(length), by: 1) {
                let centre = Double(position) + 0.5
                let boundary = direction == "left" || direction == "up" ? length * (1 - q) : length * q
                if abs(centre - boundary) < 2 { continue }  // the anti-aliased or chroma-aligned edge
                let value = horizontal ? frame.luma(position, 90) : frame.luma(160, position)
                #expect(value == (bSide(centre) ? b : a), "\(type) \(direction) q=\(q) at \(position)")
            }
        }
    }

    @Test("fit modes: bars are black for fit, not black for blur, and fill covers the frame")
    func fitModes() throws {
        let fixture = try RenderFixture()
        let portrait = try fixture.solidPhoto("portrait.png", 240, 200, 40, width: 180, height: 320)
        func frame(_ fit: String) throws -> PlanarFrame {
            try fixture.compositor(["lenta": 1, "items": [["path": portrait, "duration": 1.0, "fit": fit, "kenBurns": "none"]]]).frame(5)
        }
        let fit = try frame("fit"), blur = try frame("blur"), fill = try frame("fill")
        let picture = fill.luma(160, 90)
        #expect(fit.luma(160, 90) == picture && blur.luma(160, 90) == picture)
        // Bars: the picture is 180/320 × 180 = 101.25 px wide in the middle.
        for x in [0, 20, 50, 270, 319] {
            #expect(fit.luma(x, 90) == 16)
            #expect(fit.colour(x, 90).u == 128)
            #expect(blur.luma(x, 90) > 40, "blur backdrop at x=\(x) is \(blur.luma(x, 90))")
            #expect(blur.luma(x, 90) < picture)  // darkened
            #expect(fill.luma(x, 90) == picture)
        }
    }

    @Test("EXIF orientation turns photos upright", arguments: 1...8)
    func exifOrientation(orientation: Int) throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.jpeg(width: 320, height: 240, exif: SyntheticExif(orientation: orientation), to: fixture.folder.path("o.jpg"))
        let decoder = try PhotoDecoder(path: fixture.folder.path("o.jpg"))
        #expect(decoder.width == (orientation >= 5 ? 240 : 320))
        let picture = try decoder.decode(scale: 1)
        // The red marker (stored top-left) lands where the orientation sends it.
        let (mx, my) = redCentre(picture)
        let right = [2, 3, 6, 7].contains(orientation), bottom = [3, 4, 7, 8].contains(orientation)
        #expect((mx > Double(picture.width) / 2) == right, "orientation \(orientation): marker x \(mx)")
        #expect((my > Double(picture.height) / 2) == bottom, "orientation \(orientation): marker y \(my)")
    }

    /// The centroid of pure red (the pattern's marker; its red ramp has some blue), in luma pixels.
    func redCentre(_ frame: PlanarFrame) -> (Double, Double) {
        var sx = 0.0, sy = 0.0, n = 0.0
        for y in 0..<frame.chromaHeight {
            for x in 0..<frame.chromaWidth where frame.v[y * frame.chromaWidth + x] > 220 && frame.u[y * frame.chromaWidth + x] < 115 {
                sx += Double(2 * x + 1)
                sy += Double(2 * y + 1)
                n += 1
            }
        }
        return (sx / max(n, 1), sy / max(n, 1))
    }

    @Test("a display matrix of -90° turns the clip 90° clockwise")
    func displayMatrixRotation() throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 30, seconds: 1, rotation: -90),
                                 to: fixture.folder.path("r.mp4"))
        let reader = try VideoReader(path: fixture.folder.path("r.mp4"))
        #expect(reader.width == 240 && reader.height == 320)
        let frame = try reader.frame(at: Rational(0))
        let (mx, my) = redCentre(frame)
        #expect(mx > 120 && my < 160)  // stored top-left → shown top-right
    }

    @Test("a variable-frame-rate clip is resampled by timestamp, not by counting frames")
    func variableFrameRate() throws {
        let fixture = try RenderFixture()
        let spec = SyntheticVideo(width: 320, height: 240, frameRate: 30, seconds: 2, variableFrameRate: true)
        try SyntheticMedia.video(spec, to: fixture.folder.path("vfr.mp4"))
        let starts = spec.frameStartTimes
        func expected(_ t: Double) -> Int { (starts.lastIndex { $0 <= t + 1e-9 }) ?? 0 }
        // The reader alone.
        let reader = try VideoReader(path: fixture.folder.path("vfr.mp4"))
        for n in 0..<55 {
            let frame = try reader.frame(at: Rational(Int64(n), 30))
            #expect(Self.frameIndex(frame) == expected(Double(n) / 30), "output frame \(n)")
        }
        // Through the story, trimmed: output frame n shows the source at 0.3 + n/30 s.
        let c = try fixture.compositor(["lenta": 1, "items": [["path": "vfr.mp4", "trim": [0.3, 1.6], "fit": "fill"]]],
                                       preset: RenderFixture.preset(width: 320, height: 240))
        #expect(c.frameCount == 39)
        for n in 0..<c.frameCount {
            #expect(Self.frameIndex(try c.frame(n)) == expected(0.3 + Double(n) / 30), "story frame \(n)")
        }
    }

    @Test("a frame the reader let go of as passed over is decoded again when the next one comes late, and is shown")
    func passedOverFrameComesBack() throws {
        let fixture = try RenderFixture()
        // Frames at 0, 1/30, 7/30, 8/30, 14/30, …: after 0 and 1/30 the reader expects 2/30 and
        // lets 1/30 go on its way to 6/30, but 7/30 comes next, so 1/30 is the frame to show.
        let spec = SyntheticVideo(width: 320, height: 240, frameRate: 30, seconds: 2, variableFrameRate: true)
        try SyntheticMedia.video(spec, to: fixture.folder.path("vfr.mp4"))
        let starts = spec.frameStartTimes
        func expected(_ t: Rational) -> Int { (starts.lastIndex { $0 <= t.doubleValue + 1e-9 }) ?? 0 }
        for n in [6, 13, 20, 27, 41] {
            let t = Rational(Int64(n), 30)
            let fresh = try VideoReader(path: fixture.folder.path("vfr.mp4"))
            #expect(Self.frameIndex(try fresh.frame(at: t)) == expected(t), "a fresh reader at \(n)/30 s")
        }
        // One reader, asked every 1/10 s: each ask decodes through frames it passes over.
        let reader = try VideoReader(path: fixture.folder.path("vfr.mp4"))
        for n in 0..<20 {
            let t = Rational(Int64(n), 10)
            #expect(Self.frameIndex(try reader.frame(at: t)) == expected(t), "one reader at \(n)/10 s")
        }
    }

    @Test("trim is exact to the frame on a constant-rate clip")
    func trimExact() throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 30, seconds: 3), to: fixture.folder.path("c.mp4"))
        let c = try fixture.compositor(["lenta": 1, "items": [["path": "c.mp4", "trim": [0.5, 1.5], "fit": "fill"]]],
                                       preset: RenderFixture.preset(width: 320, height: 240))
        #expect(c.frameCount == 30)
        for n in [0, 1, 2, 14, 15, 29] { #expect(Self.frameIndex(try c.frame(n)) == 15 + n) }
        // Asked out of order (as lenta frame does), the same frames.
        #expect(Self.frameIndex(try c.frame(3)) == 18)
    }

    static func frameIndex(_ frame: PlanarFrame) -> Int? {
        SyntheticPattern.frameIndex(luma: { frame.luma($0, $1) }, width: frame.width, height: frame.height)
    }

    @Test("the title card shows its background colour")
    func titleCard() throws {
        let fixture = try RenderFixture()
        let a = try fixture.solidPhoto("a.png", 200, 200, 200)
        let c = try fixture.compositor(["lenta": 1, "title": "T", "titleCard": ["duration": 1.0, "background": "#336699"],
                                        "items": [["path": a, "duration": 1.0]]])
        #expect(c.frameCount == 60)
        #expect(try c.frame(3).colour(10, 10) == YUVColour(red: 0x33, green: 0x66, blue: 0x99))
    }

    // MARK: corpus

    @Test("the eight EXIF orientations of one photo all render the same upright picture",
          .enabled(if: LentaCLI.hasCorpus, LentaCLI.noCorpus))
    func corpusOrientations() throws {
        let fixture = try RenderFixture()
        var frames: [PlanarFrame] = []
        for n in 1...8 {
            let path = LentaCLI.corpus.appendingPathComponent("ianare-exif-py/landscape_\(n).jpg").path
            let c = try fixture.compositor(["lenta": 1, "items": [["path": path, "fit": "fit", "kenBurns": "none"]]],
                                           preset: RenderFixture.preset(width: 160, height: 120))
            frames.append(try c.frame(0))
        }
        // Compared coarsely (8×6 block means, each picture's own average brightness taken away):
        // the files are separate JPEGs, a different digit drawn on each and landscape_1 a little
        // brighter, but a picture turned or mirrored the wrong way differs far more.
        let reference = Golden.blockMeans(frames[0], columns: 8, rows: 6)
        func distance(_ a: [Int], _ b: [Int]) -> Double {
            let offset = Double(a.reduce(0, +) - b.reduce(0, +)) / Double(a.count)
            return zip(a, b).map { abs(Double($0 - $1) - offset) }.reduce(0, +) / Double(a.count)
        }
        let mirrored = (0..<6).flatMap { row in (0..<8).reversed().map { reference[row * 8 + $0] } }
        let flipped = (0..<6).reversed().flatMap { row in (0..<8).map { reference[row * 8 + $0] } }
        let wrong = min(distance(reference, mirrored), distance(reference, flipped))
        for (n, frame) in frames.enumerated().dropFirst() {
            let d = distance(reference, Golden.blockMeans(frame, columns: 8, rows: 6))
            #expect(d < 6 && d < wrong / 2, "landscape_\(n + 1) differs from landscape_1 by \(d) (a wrong turn: \(wrong))")
        }
    }

    @Test("phone clips with a -90° display matrix come out portrait, pillarboxed in a landscape story",
          .enabled(if: LentaCLI.hasCorpus, LentaCLI.noCorpus),
          arguments: ["drewnoakes-metadata-extractor-images/video/with-gps.mov", "mindeng-nom-exif/meta.mp4"])
    func corpusRotatedClips(path: String) throws {
        let fixture = try RenderFixture()
        let full = LentaCLI.corpus.appendingPathComponent(path).path
        let reader = try VideoReader(path: full)
        #expect(reader.orientation.exifValue == 6)
        #expect(reader.height > reader.width)
        let c = try fixture.compositor(["lenta": 1, "items": [["path": full, "trim": [0, 0.5], "fit": "fit"]]],
                                       preset: RenderFixture.preset(width: 320, height: 180))
        let frame = try c.frame(5)
        #expect(frame.luma(2, 90) == 16 && frame.luma(317, 90) == 16)  // bars left and right
        #expect(RenderFixture.meanLuma(frame, x: 140..<180, y: 0..<180) > 20)  // a picture in the middle
    }

    @Test("photos from the corpus decode: HEIC grids, WebP, greyscale, progressive JPEG",
          .enabled(if: LentaCLI.hasCorpus, LentaCLI.noCorpus),
          arguments: ["drewnoakes-metadata-extractor-images/heic/exif-at-eof.heic", "ianare-exif-py/spring_1440x960.heic",
                      "drewnoakes-metadata-extractor-images/jpg/HTC Desire.webp", "immich-app-test-assets/portrait-orientation-6.jpg",
                      "drewnoakes-metadata-extractor-images/jpg/Issue 600 (2).jpg"])
    func corpusPhotos(path: String) throws {
        let decoder = try PhotoDecoder(path: LentaCLI.corpus.appendingPathComponent(path).path)
        let picture = try decoder.decode(scale: 0.25)
        #expect(abs(picture.width - Int((Double(decoder.width) * 0.25).rounded())) <= 1)
        #expect(abs(picture.height - Int((Double(decoder.height) * 0.25).rounded())) <= 1)
        #expect(RenderFixture.meanLuma(picture, x: 0..<picture.width, y: 0..<picture.height) > 20)
    }
}
