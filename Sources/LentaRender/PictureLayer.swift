import LentaMedia

/// A picture ready to be placed: its pixels (reduced, and cut to the part the item uses) and
/// how they relate to the upright picture's own pixels: sample = picture pixel · scale − origin.
/// A photo placed without rotation also keeps its planes transposed, for the fixed-point path.
struct PlacedPicture: Sendable {
    let pixels: PlanarFrame
    var transposed: TransposedPicture?
    let scaleX: Double
    let scaleY: Double
    /// Where `pixels` starts in the reduced picture (even, so chroma stays aligned).
    let originX: Int
    let originY: Int

    init(pixels: PlanarFrame, scaleX: Double = 1, scaleY: Double = 1, originX: Int = 0, originY: Int = 0) {
        self.pixels = pixels
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.originX = originX
        self.originY = originY
    }
}

/// Draws a placed picture into a frame: luma and both chroma planes, each through the one
/// transform of its placement (the separable fast path when there is no rotation, the affine path
/// otherwise), with anti-aliased edges where the picture does not fill the frame.
enum PictureLayer {
    static func draw(_ picture: PlacedPicture, _ placement: ItemGeometry.Placement, into frame: inout PlanarFrame,
                     parallel: ParallelSlices) {
        let m = placement.map
        // Output luma pixel → sample coordinates in `pixels`' luma plane.
        let luma = AffineMap(a: m.a * picture.scaleX, b: m.b * picture.scaleX, c: m.c * picture.scaleY, d: m.d * picture.scaleY,
                             tx: m.tx * picture.scaleX - Double(picture.originX), ty: m.ty * picture.scaleY - Double(picture.originY))
        // Output chroma pixel j is luma 2j, and source chroma is source luma / 2.
        let chroma = AffineMap(a: luma.a, b: luma.b, c: luma.c, d: luma.d, tx: luma.tx / 2, ty: luma.ty / 2)
        let source = picture.pixels
        let width = frame.width, height = frame.height, cw = frame.chromaWidth, ch = frame.chromaHeight
        source.y.withUnsafeBufferPointer { sy in
            frame.y.withUnsafeMutableBufferPointer { ty in
                guard let s = sy.baseAddress, let t = ty.baseAddress else { return }
                drawPlane(SourcePlane(base: s, width: source.width, height: source.height), transposed: picture.transposed?.y,
                          TargetPlane(base: t, width: width, height: height), map: luma, rect: (placement.x0, placement.y0, placement.x1, placement.y1), parallel: parallel)
            }
        }
        let chromaRect = (placement.x0 / 2, placement.y0 / 2, placement.x1 / 2, placement.y1 / 2)
        for plane in 0..<2 {
            let src = plane == 0 ? source.u : source.v
            let transposed = plane == 0 ? picture.transposed?.u : picture.transposed?.v
            src.withUnsafeBufferPointer { sp in
                let draw = { (t: inout UnsafeMutableBufferPointer<UInt8>) in
                    guard let s = sp.baseAddress, let tb = t.baseAddress else { return }
                    drawPlane(SourcePlane(base: s, width: source.chromaWidth, height: source.chromaHeight), transposed: transposed,
                              TargetPlane(base: tb, width: cw, height: ch), map: chroma, rect: chromaRect, parallel: parallel)
                }
                if plane == 0 { frame.u.withUnsafeMutableBufferPointer(draw) } else { frame.v.withUnsafeMutableBufferPointer(draw) }
            }
        }
    }

    /// One plane: the covered rectangle `rect` (in this plane's pixels) through `map`.
    static func drawPlane(_ source: SourcePlane, transposed: TransposedPlane?, _ target: TargetPlane, map: AffineMap,
                          rect: (Double, Double, Double, Double), parallel: ParallelSlices) {
        let columns = max(0, Int(rect.0.rounded(.down))) ..< min(target.width, Int(rect.2.rounded(.up)))
        let rows = max(0, Int(rect.1.rounded(.down))) ..< min(target.height, Int(rect.3.rounded(.up)))
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let cx = spanCoverage(columns, lower: rect.0, upper: rect.2)
        let cy = spanCoverage(rows, lower: rect.1, upper: rect.3)
        let partial = cx.contains { $0 < 1 } || cy.contains { $0 < 1 }
        let coverage = partial ? (x: cx, y: cy) : nil
        if map.isAxisAligned {
            let x = AxisTaps(outputRange: columns, scale: map.a, offset: map.tx, sourceLength: source.width)
            let y = AxisTaps(outputRange: rows, scale: map.d, offset: map.ty, sourceLength: source.height)
            if let transposed {
                let edges = partial ? PartialCoverage(target, columns: columns, rows: rows, cx: cx, cy: cy) : nil
                transposed.withSource { plane in
                    FixedPointResampler.resample(plane, into: target, x: FixedAxisTaps(x), y: FixedAxisTaps(y), parallel: parallel)
                }
                edges?.blend(into: target)
            } else {
                SeparableResampler.resample(source, into: target, x: x, y: y, coverage: coverage, parallel: parallel)
            }
        } else {
            AffineResampler.resample(source, into: target, map: map, columns: columns, rows: rows, coverage: coverage, parallel: parallel)
        }
    }
}
