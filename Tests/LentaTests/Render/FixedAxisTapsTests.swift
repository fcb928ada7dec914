import LentaPixels
import Testing

/// The per-frame construction of fixed-point taps against the reference (`AxisTaps`, then rounded):
/// the same windows and weights, bit for bit, so the frames do not change.
@Suite("Fixed-point taps built in one pass")
struct FixedAxisTapsTests {
    static func expectSame(_ range: Range<Int>, scale: Double, offset: Double, length: Int,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = FixedAxisTaps(AxisTaps(outputRange: range, scale: scale, offset: offset, sourceLength: length))
        let taps = FixedAxisTaps(outputRange: range, scale: scale, offset: offset, sourceLength: length)
        #expect(taps.outputStart == reference.outputStart && taps.count == reference.count && taps.tapCount == reference.tapCount,
                "\(range) scale \(scale) offset \(offset) length \(length)", sourceLocation: sourceLocation)
        #expect(taps.start == reference.start, "starts: \(range) scale \(scale) offset \(offset) length \(length)",
                sourceLocation: sourceLocation)
        #expect(taps.weights == reference.weights, "weights: \(range) scale \(scale) offset \(offset) length \(length)",
                sourceLocation: sourceLocation)
    }

    /// The bench's placements: a 1080p frame's four tables through a Ken Burns zoom (scales
    /// 0.87–1.0 of a 2208-wide reduction) and a 2160p frame's (0.91–1.05 of 4032 × 3024), each
    /// frame its own scale and offset.
    @Test func kenBurnsFrames() {
        for frame in stride(from: 0, to: 90, by: 7) {
            let zoom = 1 + 0.15 * Double(frame) / 89
            let s1080 = 2208 / 1920 / zoom, s2160 = 4032 / 3840 / zoom
            for (scale, width, height, sourceWidth, sourceHeight) in [(s1080, 1920, 1080, 2208, 1656), (s2160, 3840, 2160, 4032, 3024)] {
                let tx = (Double(sourceWidth) - scale * Double(width)) / 2 + Double(frame) * 0.37
                let ty = (Double(sourceHeight) - scale * Double(height)) / 2 - Double(frame) * 0.21
                Self.expectSame(0 ..< width, scale: scale, offset: tx, length: sourceWidth)
                Self.expectSame(0 ..< height, scale: scale, offset: ty, length: sourceHeight)
                Self.expectSame(0 ..< width / 2, scale: scale, offset: tx / 2, length: sourceWidth / 2)
                Self.expectSame(0 ..< height / 2, scale: scale, offset: ty / 2, length: sourceHeight / 2)
            }
        }
    }

    /// Windows past either edge (folded onto the edge samples), sources shorter than the window,
    /// whole and half phases, stretched kernels (past 1.25, the reference's path), output ranges
    /// not starting at 0 and not a multiple of four long.
    @Test func edgesAndOddShapes() {
        for length in [1, 2, 3, 4, 5, 7, 9, 16, 33] {
            for scale in [0.25, 0.5, 0.95, 1.0, 1.1, 1.25, 1.2500001, 1.6, 3.0] {
                for offset in [-5.0, -2.5, -1.0, -0.5, 0, 0.25, 0.5, 1, 1.75, Double(length) - 3, Double(length) + 2] {
                    Self.expectSame(0 ..< 13, scale: scale, offset: offset, length: length)
                    Self.expectSame(3 ..< 10, scale: scale, offset: offset, length: length)
                }
            }
        }
        #expect(FixedAxisTaps(outputRange: 5 ..< 5, scale: 1, offset: 0, sourceLength: 10).count == 0)
    }

    /// Many random placements from a fixed seed.
    @Test func randomPlacements() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0 ..< 3000 {
            let length = 4 + Int(next() * 5000)
            let scale = 0.05 + next() * 1.3
            let offset = (next() - 0.5) * 80
            let lower = Int(next() * 50)
            Self.expectSame(lower ..< lower + 1 + Int(next() * 300), scale: scale, offset: offset, length: length)
        }
    }
}
