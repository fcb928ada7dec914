
/// A picture ready to be placed: its pixels (reduced, and cut to the part the item uses) and
/// how they relate to the upright picture's own pixels: sample = picture pixel · scale − origin.
package struct PlacedPicture: Sendable {
    /// The pixels row by row, or — for a photo placed without rotation, whose every frame takes
    /// the fixed-point path — only transposed (kept instead of the rows, not beside them).
    package enum Planes: Sendable {
        case rows(PlanarFrame)
        case columns(TransposedPicture)
    }

    package let planes: Planes
    package let scaleX: Double
    package let scaleY: Double
    /// Where the pixels start in the reduced picture (even, so chroma stays aligned).
    package let originX: Int
    package let originY: Int

    package init(pixels: PlanarFrame, scaleX: Double = 1, scaleY: Double = 1, originX: Int = 0, originY: Int = 0) {
        self.init(planes: .rows(pixels), scaleX: scaleX, scaleY: scaleY, originX: originX, originY: originY)
    }

    package init(planes: Planes, scaleX: Double = 1, scaleY: Double = 1, originX: Int = 0, originY: Int = 0) {
        self.planes = planes
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.originX = originX
        self.originY = originY
    }
}

/// Draws a placed picture into a frame: luma and both chroma planes, each through the one
/// transform of its placement (the separable fast path when there is no rotation, the affine path
/// otherwise), with anti-aliased edges where the picture does not fill the frame.
package enum PictureLayer {
    /// `picture` placed by `map` (output pixel → upright picture pixel), covering `[x0, x1) × [y0, y1)`
    /// of the frame (output pixels).
    package static func draw(_ picture: PlacedPicture, map m: AffineMap, covering x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                             into frame: inout PlanarFrame, parallel: ParallelSlices) {
        // Output luma pixel → sample coordinates in the picture's luma plane.
        let luma = AffineMap(a: m.a * picture.scaleX, b: m.b * picture.scaleX, c: m.c * picture.scaleY, d: m.d * picture.scaleY,
                             tx: m.tx * picture.scaleX - Double(picture.originX), ty: m.ty * picture.scaleY - Double(picture.originY))
        // Output chroma pixel j is luma 2j, and source chroma is source luma / 2.
        let chroma = AffineMap(a: luma.a, b: luma.b, c: luma.c, d: luma.d, tx: luma.tx / 2, ty: luma.ty / 2)
        let lumaRect = (x0, y0, x1, y1)
        let chromaRect = (x0 / 2, y0 / 2, x1 / 2, y1 / 2)
        let width = frame.width, height = frame.height, cw = frame.chromaWidth, ch = frame.chromaHeight
        func drawPlane(_ source: SourcePlane, into target: inout PlaneSamples, width: Int, height: Int, map: AffineMap,
                       rect: (Double, Double, Double, Double)) {
            target.withUnsafeMutableBufferPointer { t in
                guard let base = t.baseAddress else { return }
                Self.drawPlane(source, TargetPlane(base: base, width: width, height: height), map: map, rect: rect, parallel: parallel)
            }
        }
        switch picture.planes {
        case .rows(let source):
            let planes = [(source.y, source.width, source.height), (source.u, source.chromaWidth, source.chromaHeight),
                          (source.v, source.chromaWidth, source.chromaHeight)]
            for (index, (samples, w, h)) in planes.enumerated() {
                samples.withUnsafeBufferPointer { s in
                    guard let base = s.baseAddress else { return }
                    let plane = SourcePlane(base: base, width: w, height: h)
                    switch index {
                    case 0: drawPlane(plane, into: &frame.y, width: width, height: height, map: luma, rect: lumaRect)
                    case 1: drawPlane(plane, into: &frame.u, width: cw, height: ch, map: chroma, rect: chromaRect)
                    default: drawPlane(plane, into: &frame.v, width: cw, height: ch, map: chroma, rect: chromaRect)
                    }
                }
            }
        case .columns(let source):
            // Kept only for placements without rotation, which are always axis-aligned.
            guard luma.isAxisAligned else { return }
            func drawTransposed(_ plane: TransposedPlane, into target: inout PlaneSamples, width: Int, height: Int, taps: FixedPlaneTaps) {
                target.withUnsafeMutableBufferPointer { t in
                    guard let base = t.baseAddress else { return }
                    taps.draw(plane, into: TargetPlane(base: base, width: width, height: height), parallel: parallel)
                }
            }
            if let taps = FixedPlaneTaps(map: luma, rect: lumaRect, targetWidth: width, targetHeight: height,
                                         sourceWidth: source.y.width, sourceHeight: source.y.height) {
                drawTransposed(source.y, into: &frame.y, width: width, height: height, taps: taps)
            }
            // Both chroma planes have the same size and placement: one set of taps.
            if let taps = FixedPlaneTaps(map: chroma, rect: chromaRect, targetWidth: cw, targetHeight: ch,
                                         sourceWidth: source.u.width, sourceHeight: source.u.height) {
                drawTransposed(source.u, into: &frame.u, width: cw, height: ch, taps: taps)
                drawTransposed(source.v, into: &frame.v, width: cw, height: ch, taps: taps)
            }
        }
    }

    /// One plane of rows: the covered rectangle `rect` (in this plane's pixels) through `map`.
    package static func drawPlane(_ plane: SourcePlane, _ target: TargetPlane, map: AffineMap,
                          rect: (Double, Double, Double, Double), parallel: ParallelSlices) {
        let columns = max(0, Int(rect.0.rounded(.down))) ..< min(target.width, Int(rect.2.rounded(.up)))
        let rows = max(0, Int(rect.1.rounded(.down))) ..< min(target.height, Int(rect.3.rounded(.up)))
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let cx = spanCoverage(columns, lower: rect.0, upper: rect.2)
        let cy = spanCoverage(rows, lower: rect.1, upper: rect.3)
        let partial = cx.contains { $0 < 1 } || cy.contains { $0 < 1 }
        let coverage = partial ? (x: cx, y: cy) : nil
        if map.isAxisAligned {
            let x = AxisTaps(outputRange: columns, scale: map.a, offset: map.tx, sourceLength: plane.width)
            let y = AxisTaps(outputRange: rows, scale: map.d, offset: map.ty, sourceLength: plane.height)
            SeparableResampler.resample(plane, into: target, x: x, y: y, coverage: coverage, parallel: parallel)
        } else {
            AffineResampler.resample(plane, into: target, map: map, columns: columns, rows: rows, coverage: coverage, parallel: parallel)
        }
    }
}
