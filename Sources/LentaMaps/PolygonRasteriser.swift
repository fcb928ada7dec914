import LentaCore

/// Anti-aliased polygon fill: the coverage of each pixel by any number of closed rings.
///
/// Each pixel row is sampled on `subRows` evenly spaced horizontal lines; along each line the
/// covered spans are exact (fractions of the end pixels are counted), so the coverage is exact
/// horizontally and within 1/`subRows` of a row vertically. Pure arithmetic in a fixed order:
/// the same shape gives the same bytes on every run.
public enum PolygonRasteriser {
    public static let subRows = 16

    private struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var slope: Double
        /// +1 when the ring runs down this edge, −1 up.
        var winding: Int
    }

    /// The coverage of the rings within a `width` × `height` picture, as a mask the size of the
    /// shape's bounding box clipped to the picture (its origin places it: draw it at (0, 0)).
    /// Each ring is closed (its last point joins the first).
    public static func fill(_ rings: [[PixelPoint]], rule: FillRule, width: Int, height: Int) -> AlphaMask {
        var edges: [Edge] = []
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for ring in rings where ring.count >= 3 {
            var previous = ring[ring.count - 1]
            for p in ring {
                defer { previous = p }
                guard p.x.isFinite, p.y.isFinite, previous.x.isFinite, previous.y.isFinite else { continue }
                minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
                guard p.y != previous.y else { continue }
                let down = p.y > previous.y
                let (a, b) = down ? (previous, p) : (p, previous)
                edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, slope: (b.x - a.x) / (b.y - a.y), winding: down ? 1 : -1))
            }
        }
        guard !edges.isEmpty else { return AlphaMask(width: 0, height: 0) }
        let left = PixelClamp.index(minX.rounded(.down), limit: width), right = PixelClamp.index(maxX.rounded(.up), limit: width)
        let top = PixelClamp.index(minY.rounded(.down), limit: height), bottom = PixelClamp.index(maxY.rounded(.up), limit: height)
        guard left < right, top < bottom else { return AlphaMask(width: 0, height: 0) }
        let maskWidth = right - left
        var alpha = [UInt8](repeating: 0, count: maskWidth * (bottom - top))

        edges.sort { ($0.y0, $0.x0, $0.y1, $0.x1) < ($1.y0, $1.x0, $1.y1, $1.x1) }
        var nextEdge = 0
        var active: [Int] = []
        var crossings: [(x: Double, winding: Int)] = []
        var partial = [Double](repeating: 0, count: maskWidth)
        var full = [Int](repeating: 0, count: maskWidth + 1)
        let step = 1.0 / Double(subRows)

        for row in top..<bottom {
            for i in 0..<maskWidth { partial[i] = 0; full[i] = 0 }
            full[maskWidth] = 0
            for s in 0..<subRows {
                let y = Double(row) + (Double(s) + 0.5) * step
                while nextEdge < edges.count && edges[nextEdge].y0 <= y {
                    active.append(nextEdge)
                    nextEdge += 1
                }
                active.removeAll { edges[$0].y1 <= y }
                crossings.removeAll(keepingCapacity: true)
                for e in active where edges[e].y0 <= y {
                    let edge = edges[e]
                    crossings.append((edge.x0 + (y - edge.y0) * edge.slope, edge.winding))
                }
                guard crossings.count >= 2 else { continue }
                crossings.sort { ($0.x, $0.winding) < ($1.x, $1.winding) }
                var winding = 0
                for k in 0..<(crossings.count - 1) {
                    winding += crossings[k].winding
                    let inside = rule == .evenOdd ? (k % 2 == 0) : (winding != 0)
                    if inside {
                        addSpan(from: crossings[k].x - Double(left), to: crossings[k + 1].x - Double(left),
                                width: maskWidth, partial: &partial, full: &full)
                    }
                }
            }
            var run = 0
            let base = (row - top) * maskWidth
            for i in 0..<maskWidth {
                run += full[i]
                let c = (Double(run) + partial[i]) * step
                alpha[base + i] = UInt8((min(1, max(0, c)) * 255).rounded())
            }
        }
        return AlphaMask(width: maskWidth, height: bottom - top, alpha: alpha, originX: left, originY: top)
    }

    /// Adds the span [a, b) of one sample line: whole pixels through `full` (a difference array),
    /// the cut pixels at its ends by the fraction covered.
    private static func addSpan(from a0: Double, to b0: Double, width: Int, partial: inout [Double], full: inout [Int]) {
        let a = max(0, a0), b = min(Double(width), b0)
        guard a < b else { return }
        let ia = Int(a), ib = Int(b)
        if ia == ib {
            partial[ia] += b - a
            return
        }
        partial[ia] += Double(ia + 1) - a
        if ia + 1 < ib {
            full[ia + 1] += 1
            full[ib] -= 1
        }
        if ib < width { partial[ib] += b - Double(ib) }
    }
}
