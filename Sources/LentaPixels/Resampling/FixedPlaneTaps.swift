/// What the fixed-point path needs to draw one plane of a placement: the covered columns and
/// rows, their taps in fixed point, and the coverage of the border pixels. Worked out once per
/// placement and plane size, so the two chroma planes (same size, same placement) share it.
package struct FixedPlaneTaps {
    package let columns: Range<Int>
    package let rows: Range<Int>
    package let x: FixedAxisTaps
    package let y: FixedAxisTaps
    /// Per column and per row, when the picture covers some border pixels only in part.
    package let partialCoverage: (x: [Float], y: [Float])?

    /// `nil` when the placement covers no pixel of the plane. `map` must be axis-aligned; `rect`
    /// is the covered rectangle in this plane's pixels.
    package init?(map: AffineMap, rect: (Double, Double, Double, Double), targetWidth: Int, targetHeight: Int,
          sourceWidth: Int, sourceHeight: Int) {
        columns = max(0, Int(rect.0.rounded(.down))) ..< min(targetWidth, Int(rect.2.rounded(.up)))
        rows = max(0, Int(rect.1.rounded(.down))) ..< min(targetHeight, Int(rect.3.rounded(.up)))
        guard !columns.isEmpty, !rows.isEmpty else { return nil }
        let cx = spanCoverage(columns, lower: rect.0, upper: rect.2)
        let cy = spanCoverage(rows, lower: rect.1, upper: rect.3)
        partialCoverage = cx.contains { $0 < 1 } || cy.contains { $0 < 1 } ? (cx, cy) : nil
        x = FixedAxisTaps(outputRange: columns, scale: map.a, offset: map.tx, sourceLength: sourceWidth)
        y = FixedAxisTaps(outputRange: rows, scale: map.d, offset: map.ty, sourceLength: sourceHeight)
    }

    /// `plane` resampled into `target`, the partly covered border mixed with what was under it.
    package func draw(_ plane: TransposedPlane, into target: TargetPlane, parallel: ParallelSlices) {
        let edges = partialCoverage.map { PartialCoverage(target, columns: columns, rows: rows, cx: $0.x, cy: $0.y) }
        plane.withSource { source in
            FixedPointResampler.resample(source, into: target, x: x, y: y, parallel: parallel)
        }
        edges?.blend(into: target)
    }
}
