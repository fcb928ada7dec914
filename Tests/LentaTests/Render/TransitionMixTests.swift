import LentaMedia
import LentaPixels
@testable import LentaRender
import Testing

/// The crossfade's mix: exactly `(a·(256 − w) + b·w + 128) >> 8` per sample, in all three
/// planes, for every weight step and a plane that is not a whole number of vectors.
@Suite("Transition mix")
struct TransitionMixTests {
    static func frame(width: Int, height: Int, seed: UInt64) -> PlanarFrame {
        var state = seed
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        var frame = PlanarFrame(width: width, height: height)
        frame.y = PlaneSamples(frame.y.map { _ in next() })
        frame.u = PlaneSamples(frame.u.map { _ in next() })
        frame.v = PlaneSamples(frame.v.map { _ in next() })
        return frame
    }

    @Test("a crossfade's mix is the exact fixed-point formula", arguments: [0.0, 0.3, 0.5, 0.77, 1.0])
    func mixIsExact(weight: Double) {
        let a = Self.frame(width: 38, height: 22, seed: 1), b = Self.frame(width: 38, height: 22, seed: 2)
        let mixed = TransitionBlend.mix(a, b, weight: weight)
        let w = Int((weight * 256).rounded())
        func expected(_ x: [UInt8], _ y: [UInt8]) -> [UInt8] {
            zip(x, y).map { UInt8((Int($0) * (256 - w) + Int($1) * w + 128) >> 8) }
        }
        #expect(Array(mixed.y) == expected(Array(a.y), Array(b.y)))
        #expect(Array(mixed.u) == expected(Array(a.u), Array(b.u)))
        #expect(Array(mixed.v) == expected(Array(a.v), Array(b.v)))
    }

    @Test("the AVX2 mix writes the same bytes as the plain loop, at every weight",
          .enabled(if: FixedPointKernel.avx2Available, "this CPU has no AVX2"))
    func avx2MixMatchesPlain() {
        // Not a whole number of 32-byte vectors, so the tail is checked too.
        let a = Self.frame(width: 70, height: 9, seed: 3).y, b = Self.frame(width: 70, height: 9, seed: 4).y
        for w in Int32(0) ... 256 {
            var plain = a, avx2 = a
            TransitionBlend.mixPlane(&plain, b, weight: w, kernel: .portable)
            TransitionBlend.mixPlane(&avx2, b, weight: w, kernel: .avx2)
            #expect(plain == avx2, "weight \(w)")
            #expect(plain != a || w == 0, "weight \(w) mixed nothing")
        }
    }
}
