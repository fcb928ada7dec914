import CPixelKernels
import LentaCore

/// How two frames make one during a transition, at progress `q` ∈ [0, 1) through the overlap
/// (`q = (t − start of the incoming item) / overlap`):
///
/// - `crossfade`: `(1 − q)·A + q·B`;
/// - `dip`: A fades to the colour (black or white) in the first half, B out of it in the second;
/// - `wipe`: B is uncovered by an edge crossing the frame in the direction given (left: the edge
///   moves from the right border to the left), anti-aliased to a fraction of a pixel;
/// - `slide`: B pushes A out in the direction given; both move by `q` of the frame (whole
///   pixels, even so chroma stays aligned).
///
/// Weights are fixed-point (1/256) so the result is exact and the same on every machine.
package enum TransitionBlend {
    /// Made in `a`'s buffers (taken, so a frame no one else holds is written in place).
    package static func blend(_ transition: ProjectTransition, progress q: Double, outgoing a: consuming PlanarFrame, incoming b: PlanarFrame) -> PlanarFrame {
        let q = min(1, max(0, q))
        switch transition.type {
        case .cut:
            return q < 0.5 ? a : b
        case .crossfade:
            return mix(consume a, b, weight: q)
        case .dip:
            let colour: YUVColour = transition.colour == .white ? .white : .black
            let solid = PlanarFrame(width: a.width, height: a.height, colour: colour)
            return q < 0.5 ? mix(consume a, solid, weight: 2 * q) : mix(solid, b, weight: 2 * q - 1)
        case .wipe:
            return wipe(consume a, b, progress: q, direction: transition.direction ?? .left)
        case .slide:
            return slide(a, b, progress: q, direction: transition.direction ?? .left)
        }
    }

    /// `(1 − w)·a + w·b` per sample, w in 1/256 steps, in `a`'s buffers.
    package static func mix(_ a: consuming PlanarFrame, _ b: PlanarFrame, weight: Double) -> PlanarFrame {
        let w = Int32((weight * 256).rounded())
        func plane(_ x: inout PlaneSamples, _ y: PlaneSamples) {
            let count = min(x.count, y.count)
            x.withUnsafeMutableBufferPointer { xp in
                y.withUnsafeBufferPointer { yp in
                    guard let xb = xp.baseAddress, let yb = yp.baseAddress else { return }
                    mixPlane(xb, yb, count: count, weight: w, kernel: .best)
                }
            }
        }
        plane(&a.y, b.y)
        plane(&a.u, b.u)
        plane(&a.v, b.v)
        return a
    }

    /// `x = ((256 − w)·x + w·y + 128) >> 8` over `count` samples, by `kernel`: the same bytes
    /// either way (integer arithmetic); AVX2 is 4× as fast.
    static func mixPlane(_ x: UnsafeMutablePointer<UInt8>, _ y: UnsafePointer<UInt8>, count: Int, weight w: Int32, kernel: FixedPointKernel) {
        if kernel != .portable {
            lenta_plane_mix_avx2(x, y, count, w)
        } else {
            lenta_plane_mix(x, y, count, w)
        }
    }

    /// `x` mixed with `y` at weight `w` (1/256 steps) by `kernel` (to compare the kernels).
    package static func mixPlane(_ x: inout PlaneSamples, _ y: PlaneSamples, weight w: Int32, kernel: FixedPointKernel) {
        let count = min(x.count, y.count)
        x.withUnsafeMutableBufferPointer { xp in
            y.withUnsafeBufferPointer { yp in
                guard let xb = xp.baseAddress, let yb = yp.baseAddress else { return }
                mixPlane(xb, yb, count: count, weight: w, kernel: kernel)
            }
        }
    }

    /// The edge at `q` of the way across; pixels on B's side show B, the pixel the edge crosses
    /// is mixed by how much of it lies on B's side.
    package static func wipe(_ a: consuming PlanarFrame, _ b: PlanarFrame, progress q: Double, direction: TransitionDirection) -> PlanarFrame {
        var out = consume a
        func apply(_ dst: inout PlaneSamples, _ src: PlaneSamples, width: Int, height: Int) {
            let horizontal = direction == .left || direction == .right
            let length = Double(horizontal ? width : height)
            // B covers [lower, upper) along the axis.
            let (lower, upper): (Double, Double)
            switch direction {
            case .left: (lower, upper) = (length * (1 - q), length)
            case .right: (lower, upper) = (0, length * q)
            case .up: (lower, upper) = (length * (1 - q), length)
            case .down: (lower, upper) = (0, length * q)
            }
            let cover = spanCoverage(0..<Int(length), lower: lower, upper: upper).map { Int32(($0 * 256).rounded()) }
            for y in 0..<height {
                for x in 0..<width {
                    let w = cover[horizontal ? x : y]
                    if w == 0 { continue }
                    let i = y * width + x
                    dst[i] = UInt8(truncatingIfNeeded: (Int32(dst[i]) * (256 - w) + Int32(src[i]) * w + 128) >> 8)
                }
            }
        }
        apply(&out.y, b.y, width: out.width, height: out.height)
        apply(&out.u, b.u, width: out.chromaWidth, height: out.chromaHeight)
        apply(&out.v, b.v, width: out.chromaWidth, height: out.chromaHeight)
        return out
    }

    /// A moves out and B in by `offset` luma pixels (even).
    package static func slide(_ a: PlanarFrame, _ b: PlanarFrame, progress q: Double, direction: TransitionDirection) -> PlanarFrame {
        let horizontal = direction == .left || direction == .right
        let length = horizontal ? a.width : a.height
        let offset = min(length, Int((Double(length) * q / 2).rounded()) * 2)
        var out = a
        func apply(_ dst: inout PlaneSamples, _ from: PlaneSamples, _ to: PlaneSamples, width w: Int, height h: Int, shift: Int) {
            // Copies `count` pixels of row `sr` of `src` from `sx` to row `dr` of dst at `dx`.
            func copy(_ src: PlaneSamples, row sr: Int, x sx: Int, toRow dr: Int, x dx: Int, count: Int) {
                guard count > 0 else { return }
                dst[dr * w + dx ..< dr * w + dx + count] = src[sr * w + sx ..< sr * w + sx + count]
            }
            let s = min(shift, horizontal ? w : h)
            for y in 0..<h {
                switch direction {
                case .left:
                    copy(from, row: y, x: s, toRow: y, x: 0, count: w - s)
                    copy(to, row: y, x: 0, toRow: y, x: w - s, count: s)
                case .right:
                    copy(from, row: y, x: 0, toRow: y, x: s, count: w - s)
                    copy(to, row: y, x: w - s, toRow: y, x: 0, count: s)
                case .up:
                    if y < h - s { copy(from, row: y + s, x: 0, toRow: y, x: 0, count: w) } else { copy(to, row: y - (h - s), x: 0, toRow: y, x: 0, count: w) }
                case .down:
                    if y >= s { copy(from, row: y - s, x: 0, toRow: y, x: 0, count: w) } else { copy(to, row: y + (h - s), x: 0, toRow: y, x: 0, count: w) }
                }
            }
        }
        apply(&out.y, a.y, b.y, width: a.width, height: a.height, shift: offset)
        apply(&out.u, a.u, b.u, width: a.chromaWidth, height: a.chromaHeight, shift: offset / 2)
        apply(&out.v, a.v, b.v, width: a.chromaWidth, height: a.chromaHeight, shift: offset / 2)
        return out
    }
}
