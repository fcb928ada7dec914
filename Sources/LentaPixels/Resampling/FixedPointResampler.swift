import LentaCore
/// The separable resampler in 16-bit fixed point, for axis-aligned placements of a photo (whose
/// planes are kept transposed, `TransposedPlane`): sixteen output columns at a time (a stripe),
/// each stripe first filtered horizontally — every tap a contiguous column of the transposed
/// source, so no per-lane gathers — then turned by 8 × 8 transposes into rows of its columns
/// side by side, then filtered vertically down the stripe and stored sixteen pixels at a time.
/// Integer arithmetic throughout: the same pixels whatever the split or the thread count, and
/// whichever loops run them (`FixedPointKernel`: these, or the same operations sixteen lanes
/// wide in C on CPUs with AVX2).
///
/// Precision: samples are 8.7 fixed point, each product keeps its high 16 bits (`pmulhw`), the
/// horizontal result is kept in 1/64 steps and the vertical one in 1/16 steps before rounding,
/// so a pixel is within one level of the floating-point Catmull-Rom value.
package enum FixedPointResampler {
    package typealias Lanes = SIMD8<Int16>
    package static let lanes = 8
    /// A stripe is two groups of eight columns: one 16-byte store per output row.
    package static let stripeWidth = 16
    /// Stripes per parallel slice (each slice allocates its scratch once): four are 64 columns,
    /// a cache line of a frame's row, which the AVX2 kernel then writes whole.
    package static let stripesPerSlice = 4

    package static func resample(_ source: TransposedSource, into target: TargetPlane, x: FixedAxisTaps, y: FixedAxisTaps,
                         parallel: ParallelSlices, kernel: FixedPointKernel = .best) {
        guard x.count > 0, y.count > 0 else { return }
        let rowMin = Int(y.start[0])
        let rowCount = Int(y.start[y.count - 1]) + y.tapCount - rowMin
        // Half a step's rounding, plus the mean of what the products' flooring takes off (half a
        // 1/16 step per vertical product, half a 1/32 step per horizontal one).
        let rounding = Int16(8 + (x.tapCount + 2 * y.tapCount + 2) / 4)
        if kernel != .portable {
            resampleAVX2(source, into: target, x: x, y: y, rowMin: rowMin, rowCount: rowCount, rounding: rounding,
                         wide: kernel == .avx512, parallel: parallel)
            return
        }
        let blocks = (rowCount + lanes - 1) / lanes
        let stripes = (x.count + stripeWidth - 1) / stripeWidth
        let slices = (stripes + stripesPerSlice - 1) / stripesPerSlice
        // Each weight repeated across the lanes, read from memory inside the loops (a value
        // hoisted into a register would hide its 16-bit origin and cost a 32-bit multiply).
        let xSplat = x.weights.map { Lanes(repeating: $0) }, ySplat = y.weights.map { Lanes(repeating: $0) }
        let roundingLanes = Lanes(repeating: rounding)
        x.start.withUnsafeBufferPointer { xStartBuffer in
        xSplat.withUnsafeBufferPointer { xWeightBuffer in
        y.start.withUnsafeBufferPointer { yStartBuffer in
        ySplat.withUnsafeBufferPointer { yWeightBuffer in
            guard let xs0 = xStartBuffer.baseAddress, let xw0 = xWeightBuffer.baseAddress,
                  let ys0 = yStartBuffer.baseAddress, let yw0 = yWeightBuffer.baseAddress else { return }
            // Only read, and they outlive `parallel.run`, which returns when every slice is done.
            let shared = SliceShared((xs0, xw0, ys0, yw0))
            parallel.run(slices) { slice in
                let (xs, xw, ys, yw) = shared.value
                let columns = UnsafeMutablePointer<Lanes>.allocate(capacity: lanes * blocks)
                defer { columns.deallocate() }
                let stripe = UnsafeMutablePointer<Lanes>.allocate(capacity: 2 * lanes * blocks)
                defer { stripe.deallocate() }
                for s in slice * stripesPerSlice ..< min(stripes, (slice + 1) * stripesPerSlice) {
                    let first = s * stripeWidth
                    for group in 0 ..< 2 {
                        horizontal(source, columns: columns, blocks: blocks, rowMin: rowMin, first: first + group * lanes, count: x.count,
                                   taps: x.tapCount, starts: xs, weights: xw)
                        transposeBlocks(columns, into: stripe + group * lanes * blocks, blocks: blocks)
                    }
                    vertical(stripe, groupStride: lanes * blocks, target: target, column: x.outputStart + first,
                             valid: min(stripeWidth, x.count - first),
                             rowMin: rowMin, rows: y.outputStart ..< y.outputStart + y.count, taps: y.tapCount, starts: ys,
                             weights: yw, rounding: roundingLanes)
                }
            }
        }
        }
        }
        }
    }

    /// The high 16 bits of each lane's 32-bit product (`pmulhw`).
    @inline(__always)
    package static func mulhi(_ a: Lanes, _ b: Lanes) -> Lanes {
        Lanes(truncatingIfNeeded: (SIMD8<Int32>(truncatingIfNeeded: a) &* SIMD8<Int32>(truncatingIfNeeded: b)) &>> 16)
    }

    /// Eight samples down a column, widened to 8.7 fixed point.
    @inline(__always)
    package static func load(_ p: UnsafePointer<UInt8>) -> Lanes {
        Lanes(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self)) &<< 7
    }

    /// Output column `first + l`, filtered horizontally, for every source row the stripe needs:
    /// `columns[l · blocks + b]` holds rows `rowMin + 8b …`, in 1/64 steps.
    @inline(never)
    package static func horizontal(_ source: TransposedSource, columns: UnsafeMutablePointer<Lanes>, blocks: Int, rowMin: Int,
                           first: Int, count: Int, taps: Int, starts: UnsafePointer<Int32>, weights: UnsafePointer<Lanes>) {
        let height = source.height
        for l in 0 ..< lanes {
            // Past the last column the stripe repeats it (those lanes are not stored).
            let i = min(first + l, count - 1)
            let out = columns + l * blocks
            let column = source.base + (Int(starts[i]) * height + rowMin)
            let w = weights + i * taps
            if taps == 4 {
                let c0 = column, c1 = c0 + height, c2 = c1 + height, c3 = c2 + height
                for b in 0 ..< blocks {
                    let o = b &* lanes
                    var sum = mulhi(load(c0 + o), w[0])
                    sum &+= mulhi(load(c1 + o), w[1])
                    sum &+= mulhi(load(c2 + o), w[2])
                    sum &+= mulhi(load(c3 + o), w[3])
                    out[b] = sum &<< 1
                }
            } else {
                for b in 0 ..< blocks { out[b] = Lanes() }
                for k in 0 ..< taps {
                    let ck = column + k * height
                    for b in 0 ..< blocks { out[b] &+= mulhi(load(ck + b &* lanes), w[k]) }
                }
                for b in 0 ..< blocks { out[b] &<<= 1 }
            }
        }
    }

    /// `stripe[r]` = source row `rowMin + r` of the stripe's eight columns side by side.
    @inline(never)
    package static func transposeBlocks(_ columns: UnsafeMutablePointer<Lanes>, into stripe: UnsafeMutablePointer<Lanes>, blocks: Int) {
        for b in 0 ..< blocks {
            let r0 = columns[b], r1 = columns[blocks + b], r2 = columns[2 * blocks + b], r3 = columns[3 * blocks + b]
            let r4 = columns[4 * blocks + b], r5 = columns[5 * blocks + b], r6 = columns[6 * blocks + b], r7 = columns[7 * blocks + b]
            let a0 = zipLow16(r0, r1), a1 = zipHigh16(r0, r1), a2 = zipLow16(r2, r3), a3 = zipHigh16(r2, r3)
            let a4 = zipLow16(r4, r5), a5 = zipHigh16(r4, r5), a6 = zipLow16(r6, r7), a7 = zipHigh16(r6, r7)
            let b0 = zipLow32(a0, a2), b1 = zipHigh32(a0, a2), b2 = zipLow32(a1, a3), b3 = zipHigh32(a1, a3)
            let b4 = zipLow32(a4, a6), b5 = zipHigh32(a4, a6), b6 = zipLow32(a5, a7), b7 = zipHigh32(a5, a7)
            let out = stripe + b * lanes
            out[0] = zipLow64(b0, b4); out[1] = zipHigh64(b0, b4)
            out[2] = zipLow64(b1, b5); out[3] = zipHigh64(b1, b5)
            out[4] = zipLow64(b2, b6); out[5] = zipHigh64(b2, b6)
            out[6] = zipLow64(b3, b7); out[7] = zipHigh64(b3, b7)
        }
    }

    // Interleaves of 16-, 32- and 64-bit units (`punpckl/h…`), the steps of an 8 × 8 transpose.
    @inline(__always) package static func zipLow16(_ a: Lanes, _ b: Lanes) -> Lanes { Lanes(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3]) }
    @inline(__always) package static func zipHigh16(_ a: Lanes, _ b: Lanes) -> Lanes { Lanes(a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7]) }
    @inline(__always) package static func zipLow32(_ a: Lanes, _ b: Lanes) -> Lanes {
        let x = unsafeBitCast(a, to: SIMD4<Int32>.self), y = unsafeBitCast(b, to: SIMD4<Int32>.self)
        return unsafeBitCast(SIMD4<Int32>(x[0], y[0], x[1], y[1]), to: Lanes.self)
    }
    @inline(__always) package static func zipHigh32(_ a: Lanes, _ b: Lanes) -> Lanes {
        let x = unsafeBitCast(a, to: SIMD4<Int32>.self), y = unsafeBitCast(b, to: SIMD4<Int32>.self)
        return unsafeBitCast(SIMD4<Int32>(x[2], y[2], x[3], y[3]), to: Lanes.self)
    }
    @inline(__always) package static func zipLow64(_ a: Lanes, _ b: Lanes) -> Lanes {
        let x = unsafeBitCast(a, to: SIMD2<Int64>.self), y = unsafeBitCast(b, to: SIMD2<Int64>.self)
        return unsafeBitCast(SIMD2<Int64>(x[0], y[0]), to: Lanes.self)
    }
    @inline(__always) package static func zipHigh64(_ a: Lanes, _ b: Lanes) -> Lanes {
        let x = unsafeBitCast(a, to: SIMD2<Int64>.self), y = unsafeBitCast(b, to: SIMD2<Int64>.self)
        return unsafeBitCast(SIMD2<Int64>(x[1], y[1]), to: Lanes.self)
    }

    /// Every output row of the stripe: the vertical taps down its rows, rounded to 8 bits.
    @inline(never)
    package static func vertical(_ stripe: UnsafeMutablePointer<Lanes>, groupStride: Int, target: TargetPlane, column: Int, valid: Int,
                         rowMin: Int, rows: Range<Int>, taps: Int, starts: UnsafePointer<Int32>, weights: UnsafePointer<Lanes>,
                         rounding: Lanes) {
        @inline(__always) func rounded(_ sum: Lanes) -> Lanes {
            ((sum &+ rounding) &>> 4).clamped(lowerBound: Lanes(repeating: 0), upperBound: Lanes(repeating: 255))
        }
        for r in 0 ..< rows.count {
            let s0 = stripe + (Int(starts[r]) &- rowMin), s1 = s0 + groupStride
            let w = weights + r &* taps
            var sum0: Lanes, sum1: Lanes
            if taps == 4 {
                sum0 = mulhi(s0[0], w[0])
                sum1 = mulhi(s1[0], w[0])
                sum0 &+= mulhi(s0[1], w[1])
                sum1 &+= mulhi(s1[1], w[1])
                sum0 &+= mulhi(s0[2], w[2])
                sum1 &+= mulhi(s1[2], w[2])
                sum0 &+= mulhi(s0[3], w[3])
                sum1 &+= mulhi(s1[3], w[3])
            } else {
                sum0 = Lanes()
                sum1 = Lanes()
                for k in 0 ..< taps {
                    sum0 &+= mulhi(s0[k], w[k])
                    sum1 &+= mulhi(s1[k], w[k])
                }
            }
            // Values in 0…255 by now: the narrowing is one `packuswb`.
            let bytes = SIMD16<UInt8>(truncatingIfNeeded: SIMD16<Int16>(lowHalf: rounded(sum0), highHalf: rounded(sum1)))
            let out = UnsafeMutableRawPointer(target.base + ((rows.lowerBound &+ r) &* target.width &+ column))
            if valid == stripeWidth {
                out.storeBytes(of: bytes, as: SIMD16<UInt8>.self)
            } else {
                withUnsafeBytes(of: bytes) { if let lanes = $0.baseAddress { out.copyMemory(from: lanes, byteCount: valid) } }
            }
        }
    }
}
