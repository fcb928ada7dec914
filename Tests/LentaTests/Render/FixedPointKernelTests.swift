import LentaPixels
@testable import LentaRender
import Testing

/// The AVX2 kernel of the fixed-point resampler (and its AVX-512 loop) against its portable loops:
/// the same bytes for every scale, tap count, sub-pixel offset and partial stripe, so a frame
/// does not depend on the CPU that drew it.
@Suite("Fixed-point resampler kernels")
struct FixedPointKernelTests {
    /// Noise with runs of 0 and 255 (the cubic's overshoot past them tests the clamp), from a
    /// fixed seed.
    static func noise(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0 ..< width * height).map { i in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = UInt8(truncatingIfNeeded: state >> 56)
            switch (i / 7) % 5 {
            case 0: return 0
            case 1: return 255
            default: return value
            }
        }
    }

    /// `source` resampled into a `width × height` plane filled with 77 beforehand: `scale` source
    /// pixels per output pixel on both axes, from `offset`, into columns and rows `inset ..<`. The
    /// plane is a frame's (aligned to 64 bytes), so rows whose starts fall on cache lines are
    /// streamed by the AVX2 kernel, as a frame's are.
    static func resampled(_ source: TransposedPlane, width: Int, height: Int, inset: Int, scale: Double, offset: Double,
                          kernel: FixedPointKernel, threads: Int) -> [UInt8] {
        var target = PlaneSamples(repeating: 77, count: width * height)
        let x = AxisTaps(outputRange: inset ..< width, scale: scale, offset: offset, sourceLength: source.width)
        let y = AxisTaps(outputRange: inset ..< height, scale: scale, offset: offset * 0.7, sourceLength: source.height)
        target.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            source.withSource { plane in
                FixedPointResampler.resample(plane, into: TargetPlane(base: base, width: width, height: height),
                                             x: FixedAxisTaps(x), y: FixedAxisTaps(y), parallel: ParallelSlices(threads: threads),
                                             kernel: kernel)
            }
        }
        return Array(target)
    }

    @Test("the AVX2 kernel (and its AVX-512 loop) writes the same bytes as the portable loops",
          .enabled(if: FixedPointKernel.avx2Available, "this CPU has no AVX2"),
          arguments: [(0.37, 3.3), (0.93, -1.25), (1.0, 0.0), (1.15, 7.61), (1.4, 2.2), (2.7, -5.5), (4.3, 11.0)])
    func avx2MatchesPortable(scale: Double, offset: Double) {
        let sourceWidth = 301, sourceHeight = 203
        let source = TransposedPlane(PlaneSamples(Self.noise(width: sourceWidth, height: sourceHeight, seed: 15)), width: sourceWidth, height: sourceHeight)
        // Not a whole number of stripes wide, and drawn from an odd column and row on.
        let width = Int((Double(sourceWidth) / scale).rounded()) + 5, height = Int((Double(sourceHeight) / scale).rounded()) + 3
        let portable = Self.resampled(source, width: width, height: height, inset: 3, scale: scale, offset: offset,
                                      kernel: .portable, threads: 1)
        let drawn = portable.indices.filter { $0 % width >= 3 && $0 / width >= 3 }
        #expect(drawn.contains { portable[$0] != 77 }, "the portable loops drew nothing")
        #expect(portable.indices.filter { $0 % width < 3 || $0 / width < 3 }.allSatisfy { portable[$0] == 77 })
        Self.expectVectorisedKernels(match: portable, threads: [1, 3], "at scale \(scale)") { kernel, threads in
            Self.resampled(source, width: width, height: height, inset: 3, scale: scale, offset: offset, kernel: kernel, threads: threads)
        }
    }

    /// Every vectorised kernel this CPU runs, on each of `threads`, draws `portable`'s bytes.
    static func expectVectorisedKernels(match portable: [UInt8], threads: [Int], _ context: String,
                                        sourceLocation: SourceLocation = #_sourceLocation,
                                        drawn: (FixedPointKernel, Int) -> [UInt8]) {
        for kernel in FixedPointKernel.available.dropFirst() {
            for count in threads {
                let differing = zip(portable, drawn(kernel, count)).filter { $0 != $1 }.count
                #expect(differing == 0, "\(differing) bytes differ by \(kernel) \(context), \(count) thread(s)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("whole frames, rows a multiple of 64 wide (their cache lines streamed), match the portable loops",
          .enabled(if: FixedPointKernel.avx2Available, "this CPU has no AVX2"),
          arguments: [(0.93, 0.4), (1.0, 0.0), (1.15, 2.61), (0.8, -1.3)])
    func streamedRowsMatchPortable(scale: Double, offset: Double) {
        let sourceWidth = 333, sourceHeight = 190
        let source = TransposedPlane(PlaneSamples(Self.noise(width: sourceWidth, height: sourceHeight, seed: 23)), width: sourceWidth,
                                     height: sourceHeight)
        // 5 × 64 columns: a slice of four stripes streamed, and rows of 320 bytes keep every row's
        // start on a cache line; 200 wide: three streamed slices' worth and a last pair.
        for width in [320, 448, 200] {
            let height = 150
            let portable = Self.resampled(source, width: width, height: height, inset: 0, scale: scale, offset: offset,
                                          kernel: .portable, threads: 1)
            #expect(!portable.allSatisfy { $0 == 77 }, "the portable loops drew nothing")
            Self.expectVectorisedKernels(match: portable, threads: [1, 2], "at \(width) wide, scale \(scale)") { kernel, threads in
                Self.resampled(source, width: width, height: height, inset: 0, scale: scale, offset: offset, kernel: kernel, threads: threads)
            }
        }
    }
}
