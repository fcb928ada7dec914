import Foundation
import LentaCore
@testable import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// A clip's picture graded straight from the decoder's frame (`YUVLookupTable.apply` of a
/// `BorrowedVideoFrame`, halved on the fly or whole) is byte for byte the picture that copying or
/// halving the frame and then applying the table gave; and a clip's picture is graded once.
@Suite("Grading straight from the decoder's frame", .serialized)
struct DecoderFrameGradingTests {
    static let hlg = ColourDescription(matrix: .bt2020NCL, fullRange: false, primaries: .bt2020, transfer: .hlg, bitDepth: 10)
    /// A grade that changes every code it is applied to again (brighter each time).
    static let grade = ColourGrade(adjust: Adjustments(exposure: 0.5, saturation: 1.3), look: nil)

    /// The table of a 10-bit HLG source or an 8-bit BT.709 one, graded; the AVX2 kernel or the portable loop.
    static func table(bits: Int, vectorised: Bool = FixedPointKernel.avx2Available) throws -> YUVLookupTable {
        var table = try #require(YUVLookupTable.make(source: bits > 8 ? hlg : .bt709, grade: grade, threads: 2))
        table.vectorised = vectorised
        return table
    }

    /// Planes of pseudo-random codes below 2^bits (the same each run), rows `padding` samples
    /// longer than the plane, lent as a frame handed on whole or halved; and the same codes packed.
    final class Planes {
        let width: Int, height: Int, bits: Int
        var storage: [[UInt16]] = []
        let strides: [Int]

        init(width: Int, height: Int, bits: Int, padding: Int) {
            self.width = width
            self.height = height
            self.bits = bits
            let chroma = (width + 1) / 2
            strides = [width + padding, chroma + padding, chroma + padding]
            var state: UInt32 = 2024
            for (plane, stride) in strides.enumerated() {
                let rows = plane == 0 ? height : (height + 1) / 2
                storage.append((0..<stride * rows).map { _ in
                    state = state &* 1_103_515_245 &+ 12345
                    return UInt16(truncatingIfNeeded: state >> 9) & UInt16((1 << bits) - 1)
                })
            }
        }

        /// Plane `index`'s samples, `columns` of each row, packed.
        func packed(_ index: Int) -> [UInt16] {
            let columns = index == 0 ? width : (width + 1) / 2
            return stride(from: 0, to: storage[index].count, by: strides[index]).flatMap { storage[index][$0 ..< $0 + columns] }
        }

        var deep: DeepPlanarFrame { DeepPlanarFrame(width: width, height: height, bitDepth: 10, y: packed(0), u: packed(1), v: packed(2)) }
        var eightBit: PlanarFrame {
            PlanarFrame(width: width, height: height, y: PlaneSamples(packed(0).map(UInt8.init)), u: PlaneSamples(packed(1).map(UInt8.init)),
                        v: PlaneSamples(packed(2).map(UInt8.init)))
        }

        /// The planes lent as `bits`-bit samples (8-bit ones as bytes, strides in bytes odd when the padding is).
        func withLent<R>(halved: Bool, _ body: (BorrowedVideoFrame) throws -> R) throws -> R {
            let bytes = bits > 8 ? storage.map { $0.withUnsafeBytes { Array($0) } } : storage.map { $0.map(UInt8.init) }
            let sampleBytes = bits > 8 ? 2 : 1
            return try bytes[0].withUnsafeBytes { y in
                try bytes[1].withUnsafeBytes { u in
                    try bytes[2].withUnsafeBytes { v in
                        let yBase = try #require(y.baseAddress), uBase = try #require(u.baseAddress), vBase = try #require(v.baseAddress)
                        let lent = try #require(BorrowedVideoFrame(
                            y: .init(base: yBase, stride: strides[0] * sampleBytes), u: .init(base: uBase, stride: strides[1] * sampleBytes),
                            v: .init(base: vBase, stride: strides[2] * sampleBytes),
                            storedWidth: width, storedHeight: height, bitDepth: bits, halved: halved))
                        return try body(lent)
                    }
                }
            }
        }
    }

    /// Today's path: the decoder's frame copied, or halved, into a picture, then the table applied to it.
    static func copiedThenGraded(_ lent: BorrowedVideoFrame, _ table: YUVLookupTable, parallel: ParallelSlices) -> PlanarFrame {
        let w = lent.width, h = lent.height, cw = (w + 1) / 2, ch = (h + 1) / 2
        func plane<S>(_ p: BorrowedVideoFrame.Plane, _ pw: Int, _ ph: Int, _: S.Type) -> [S] {
            if lent.halved {
                return HalvedPicture.halve(p, pw, ph, as: S.self, by: S.self == UInt16.self ? HalvedPicture.halveRow16 : HalvedPicture.halveRow8)
            }
            return (0..<ph).flatMap { row in (0..<pw).map { p.base.load(fromByteOffset: row * p.stride + $0 * MemoryLayout<S>.size, as: S.self) } }
        }
        if lent.bitDepth > 8 {
            let deep = DeepPlanarFrame(width: w, height: h, bitDepth: 10, y: plane(lent.y, w, h, UInt16.self),
                                       u: plane(lent.u, cw, ch, UInt16.self), v: plane(lent.v, cw, ch, UInt16.self))
            return table.apply(deep, parallel: parallel)
        }
        var frame = PlanarFrame(width: w, height: h, y: PlaneSamples(plane(lent.y, w, h, UInt8.self)), u: PlaneSamples(plane(lent.u, cw, ch, UInt8.self)),
                                v: PlaneSamples(plane(lent.v, cw, ch, UInt8.self)))
        table.apply(to: &frame, parallel: parallel)
        return frame
    }

    // 100 × 136 halves to 50 × 68: 25 blocks a row (three steps of the AVX2 kernel's eight, one
    // block after), 34 chroma rows (three slices of 16). 37 × 23 and 45 × 33: odd sides, whose
    // last column and row are blocks of one sample's width. Padding 7: 8-bit rows at odd strides.
    @Test("graded straight from planes with their own strides, whole or halved, 8 or 10 bits: the bytes of copying (halving) and then grading",
          arguments: [(100, 136, true), (100, 136, false), (37, 23, false), (45, 33, false), (72, 20, true)])
    func sameBytesAsCopyThenGrade(width: Int, height: Int, halved: Bool) throws {
        for bits in [8, 10] {
            for padding in [0, 7, 32] {
                let planes = Planes(width: width, height: height, bits: bits, padding: padding)
                for vectorised in Set([false, FixedPointKernel.avx2Available]) {
                    let table = try Self.table(bits: bits, vectorised: vectorised)
                    for threads in [1, 3] {
                        let parallel = ParallelSlices(threads: threads)
                        try planes.withLent(halved: halved) { lent in
                            let fused = table.apply(lent, parallel: parallel)
                            #expect(fused.width == (halved ? width / 2 : width) && fused.height == (halved ? height / 2 : height))
                            let same = fused == Self.copiedThenGraded(lent, table, parallel: parallel)
                            #expect(same, "\(bits)-bit \(width)×\(height) halved \(halved) padding \(padding) vectorised \(vectorised) threads \(threads)")
                        }
                    }
                }
                // The copy the grading replaces is the packed picture of the same codes.
                if !halved {
                    try planes.withLent(halved: false) { lent in
                        let table = try Self.table(bits: bits)
                        let expected: PlanarFrame
                        if bits > 8 {
                            expected = table.apply(planes.deep, parallel: ParallelSlices(threads: 2))
                        } else {
                            var copy = planes.eightBit
                            table.apply(to: &copy, parallel: ParallelSlices(threads: 2))
                            expected = copy
                        }
                        #expect(table.apply(lent, parallel: ParallelSlices(threads: 2)) == expected)
                    }
                }
            }
        }
    }

    @Test("a decoder's own frames: graded straight, the bytes of planarFrame/deepPlanarFrame/HalvedPicture and then the table",
          arguments: [FramePixelFormat.yuv420p, FramePixelFormat.yuvj420p, FramePixelFormat.yuv420p10])
    func decoderFrames(format: FramePixelFormat) throws {
        let deep = format == FramePixelFormat.yuv420p10
        let table = try Self.table(bits: deep ? 10 : 8)
        let parallel = ParallelSlices(threads: 2)
        let frame = try HalvedPictureTests.frame(width: 136, height: 72, format: format, limit: deep ? 1024 : 256)
        let colour = ItemColour(source: deep ? Self.hlg : .bt709, output: .bt709, grade: Self.grade, parallel: parallel)
        let whole = try #require(deep ? frame.deepPlanarFrame().map { SourcePicture.deep($0) } : frame.planarFrame().map { .eightBit($0) })
        let halved = try #require(HalvedPicture.make(from: frame))
        #expect(colour.grade(try #require(frame.borrowedVideoFrame(halved: false))) == colour.convert(whole))
        #expect(colour.grade(try #require(frame.borrowedVideoFrame(halved: true))) == colour.convert(halved))
        #expect(table.apply(try #require(frame.borrowedVideoFrame(halved: true)), parallel: parallel) == colour.convert(halved))
        // Sides that do not halve exactly are not lent halved (libswscale reduces them).
        #expect(try HalvedPictureTests.frame(width: 134, height: 72, format: format, limit: 256).borrowedVideoFrame(halved: true) == nil)
    }

    @Test("an 8-bit frame with no table to apply is left to the reader, which copies it")
    func noTableNoGrading() throws {
        let colour = ItemColour(source: .bt709, output: .bt709, grade: nil, parallel: ParallelSlices(threads: 1))
        let frame = try HalvedPictureTests.frame(width: 64, height: 36, format: FramePixelFormat.yuv420p, limit: 256)
        #expect(colour.grade(try #require(frame.borrowedVideoFrame(halved: false))) == nil)
    }

    @Test("a picture of even sides graded and then turned is the one turned and then graded, in all eight orientations")
    func gradingCommutesWithTurning() throws {
        let table = try Self.table(bits: 10)
        let parallel = ParallelSlices(threads: 2)
        // 48 × 34: chroma 24 × 17, an odd number of chroma rows.
        let picture = Planes(width: 48, height: 34, bits: 10, padding: 0).deep
        for exif in 1...8 {
            let orientation = PictureOrientation(exif: exif)
            #expect(orientation.apply(to: table.apply(picture, parallel: parallel)) == table.apply(orientation.apply(to: picture), parallel: parallel),
                    "orientation \(exif)")
        }
    }

    // MARK: Clips

    /// The clip's pictures at `times` as `ClipFrames` grades them, and as the reader stores them
    /// (no grader) with the item's table applied to each once.
    static func pictures(_ path: String, in fixture: RenderFixture, source: ColourDescription, scale: Double,
                         times: [Rational]) throws -> (graded: [PlanarFrame], once: [PlanarFrame], twice: [PlanarFrame]) {
        let parallel = ParallelSlices(threads: 2)
        let item = try fixture.story(["lenta": 1, "items": [["path": path]]]).items[0]
        let frames = try ClipFrames(item: item, colour: ItemColour(source: source, output: .bt709, grade: Self.grade, parallel: parallel), threads: 2)
        frames.reduce(to: scale)
        // Each time twice over: the second is the picture already graded.
        let graded = try times.flatMap { [try frames.graded(at: $0), try frames.graded(at: $0)] }
        let colour = ItemColour(source: source, output: .bt709, grade: Self.grade, parallel: parallel)
        let reader = try VideoReader(path: fixture.folder.path(path), threads: 2)
        reader.scale = scale
        colour.source = reader.colour
        let once = try times.flatMap { time -> [PlanarFrame] in
            let picture = colour.convert(try reader.picture(at: time))
            return [picture, picture]
        }
        let twice = once.map { colour.convert(.eightBit($0)) }
        return (graded, once, twice)
    }

    @Test("a 10-bit HLG clip, halved or whole, an 8-bit clip and a turned one: each picture graded once, as the stored picture through the table",
          arguments: ["hlg-half", "hlg-whole", "sdr", "turned"])
    func clipPicturesAreGradedOnce(kind: String) throws {
        let fixture = try RenderFixture()
        let path: String
        var source = ColourDescription.bt709
        switch kind {
        case "hlg-half", "hlg-whole":
            path = try ColourSpaceTests.hdrClip(fixture, transfer: "arib-std-b67", scale: 2)
            source = Self.hlg
        default:
            path = "clip.mp4"
            try SyntheticMedia.video(SyntheticVideo(width: 96, height: 64, frameRate: 30, seconds: 0.5,
                                                    rotation: kind == "turned" ? -90 : nil, withAudio: false),
                                     to: fixture.folder.path(path))
        }
        let times = [Rational(0), Rational(1, 10), Rational(1, 5), Rational(1, 5), Rational(3, 10)]
        let pictures = try Self.pictures(path, in: fixture, source: source, scale: kind == "hlg-half" ? 0.5 : 1, times: times)
        let gradedOnce = pictures.graded == pictures.once
        #expect(gradedOnce, "the pictures differ from the stored ones graded once")
        // Graded again, a picture would differ: the test would catch it.
        #expect(zip(pictures.once, pictures.twice).allSatisfy { $0 != $1 })
        if kind == "turned" { #expect(pictures.graded.first?.width == 64) }
    }

    @Test("the reader grades each decoded frame at most once, however often it is shown, and hands on what its grader leaves as stored")
    func readerGradesEachFrameOnce() throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, frameRate: 30, seconds: 0.5, withAudio: false),
                                 to: fixture.folder.path("clip.mp4"))
        var graded: [Int] = []
        let reader = try VideoReader(source: MediaSource(path: fixture.folder.path("clip.mp4")), threads: 1, grader: { lent in
            graded.append(lent.width)
            return PlanarFrame(width: lent.width, height: lent.height, colour: .white)
        })
        var shown = Set<Rational>()
        // Forward only (frames 1/30 s apart): frame 3 (at 6/60 s) is passed over, unmade.
        for n in [0, 0, 1, 3, 3, 4, 9] {
            let picture = try reader.timedFrame(at: Rational(Int64(n), 60))
            shown.insert(picture.time)
            guard case .graded(let frame) = picture.picture else {
                Issue.record("not graded")
                continue
            }
            #expect(frame == PlanarFrame(width: 64, height: 48, colour: .white))
        }
        #expect(shown.count == 4)
        #expect(graded.count == shown.count, "\(graded.count) gradings for \(shown.count) frames")
        // Back to an earlier time: a seek, and the frame decoded again is graded again, once.
        for _ in 0..<2 { _ = try reader.timedFrame(at: Rational(2, 60)) }
        #expect(graded.count == shown.count + 1)
        let stored = try VideoReader(source: MediaSource(path: fixture.folder.path("clip.mp4")), threads: 1, grader: { _ in nil })
        guard case .stored(.eightBit(let frame)) = try stored.timedFrame(at: Rational(1, 10)).picture else {
            Issue.record("not handed on as stored")
            return
        }
        #expect(frame == (try VideoReader(path: fixture.folder.path("clip.mp4"), threads: 1).frame(at: Rational(1, 10))))
    }
}
