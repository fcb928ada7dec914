import LentaCore
import CPixelKernels

/// Which loops `FixedPointResampler` runs: its portable SIMD8 ones (SSE2 on x86-64, NEON on ARM)
/// or the AVX2 kernel (`CPixelKernels`), sixteen lanes wide, when the CPU has AVX2 — with its
/// four-tap loops thirty-two lanes wide when it also has AVX-512BW (a 1080p render's resampling
/// 5.4 % of its samples against 6.8 %, on the AMD EPYC of this project's machines). All do the same
/// integer operations in the same order, so they give the same bytes: the choice changes the
/// speed, never a frame.
package enum FixedPointKernel: Sendable, CaseIterable, Comparable {
    case portable
    case avx2
    case avx512

    /// The fastest kernel this CPU runs, found once.
    package static let best: FixedPointKernel =
        lenta_fixed_resample_avx512_available() != 0 ? .avx512 : lenta_fixed_resample_avx2_available() != 0 ? .avx2 : .portable

    package static var avx2Available: Bool { best >= .avx2 }

    /// The kernels this CPU runs, slowest first (each case's CPU runs the ones before it).
    package static var available: [FixedPointKernel] { allCases.filter { $0 <= best } }
}

extension FixedPointResampler {
    /// The whole plane through the AVX2 kernel (`wide`: with its AVX-512 loops), in the same
    /// slices of stripes as the portable loops.
    package static func resampleAVX2(_ source: TransposedSource, into target: TargetPlane, x: FixedAxisTaps, y: FixedAxisTaps,
                             rowMin: Int, rowCount: Int, rounding: Int16, wide: Bool, parallel: ParallelSlices) {
        let stripes = (x.count + stripeWidth - 1) / stripeWidth
        let slices = (stripes + stripesPerSlice - 1) / stripesPerSlice
        x.start.withUnsafeBufferPointer { xStarts in
        x.weights.withUnsafeBufferPointer { xWeights in
        y.start.withUnsafeBufferPointer { yStarts in
        y.weights.withUnsafeBufferPointer { yWeights in
            guard let xs = xStarts.baseAddress, let xw = xWeights.baseAddress,
                  let ys = yStarts.baseAddress, let yw = yWeights.baseAddress else { return }
            // Only read (the target's rows are written stripe by stripe, disjoint across slices),
            // and they outlive `parallel.run`, which returns when every slice is done.
            let plan = lenta_fixed_resample_plane(
                source: source.base, height: source.height, rowMin: rowMin, rowCount: rowCount,
                xStarts: xs, xWeights: xw, xTaps: x.tapCount, xCount: x.count, xOutputStart: x.outputStart,
                yStarts: ys, yWeights: yw, yTaps: y.tapCount, yCount: y.count, yOutputStart: y.outputStart,
                target: target.base, targetWidth: target.width, rounding: rounding, wide: wide ? 1 : 0)
            let scratchBytes = withUnsafePointer(to: plan) { lenta_fixed_resample_avx2_scratch_bytes($0) }
            let shared = SliceShared(plan)
            parallel.run(slices) { slice in
                let plane = shared.value
                let scratch = UnsafeMutableRawPointer.allocate(byteCount: scratchBytes, alignment: 64)
                defer { scratch.deallocate() }
                withUnsafePointer(to: plane) {
                    lenta_fixed_resample_avx2_stripes($0, slice * stripesPerSlice, min(stripes, (slice + 1) * stripesPerSlice), scratch)
                }
            }
        }
        }
        }
        }
    }
}
