import LentaCore

/// Anti-aliased lines and dots by distance: a pixel's coverage is how far its centre lies
/// inside the shape's edge, ramped over one pixel (`halfWidth + 0.5 − distance`, clamped to
/// 0…1). Where segments meet, the larger coverage wins, which gives round joins and caps with
/// no seams or double-dark overlaps. Deterministic.
public enum StrokeRasteriser {
    /// Polylines of `lineWidth` pixels with round joins and caps, as a mask the size of their
    /// bounding box clipped to the picture (draw it at (0, 0)).
    public static func stroke(_ polylines: [[PixelPoint]], lineWidth: Double, width: Int, height: Int) -> AlphaMask {
        let half = max(0, lineWidth / 2)
        let segments = polylines.flatMap { line -> [(PixelPoint, PixelPoint)] in
            guard let first = line.first else { return [] }
            if line.count == 1 { return [(first, first)] }
            return zip(line, line.dropFirst()).map { ($0, $1) }
        }
        return coverage(of: segments, radius: half, width: width, height: height)
    }

    /// Filled discs of `radius` pixels.
    public static func discs(_ centres: [PixelPoint], radius: Double, width: Int, height: Int) -> AlphaMask {
        coverage(of: centres.map { ($0, $0) }, radius: radius, width: width, height: height)
    }

    private static func coverage(of segments: [(PixelPoint, PixelPoint)], radius: Double, width: Int, height: Int) -> AlphaMask {
        let reach = radius + 1
        let finite = segments.filter { $0.0.x.isFinite && $0.0.y.isFinite && $0.1.x.isFinite && $0.1.y.isFinite }
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for (a, b) in finite {
            minX = min(minX, a.x, b.x); maxX = max(maxX, a.x, b.x)
            minY = min(minY, a.y, b.y); maxY = max(maxY, a.y, b.y)
        }
        guard !finite.isEmpty else { return AlphaMask(width: 0, height: 0) }
        let left = PixelClamp.index((minX - reach).rounded(.down), limit: width), right = PixelClamp.index((maxX + reach).rounded(.up), limit: width)
        let top = PixelClamp.index((minY - reach).rounded(.down), limit: height), bottom = PixelClamp.index((maxY + reach).rounded(.up), limit: height)
        guard left < right, top < bottom else { return AlphaMask(width: 0, height: 0) }
        let maskWidth = right - left
        var alpha = [UInt8](repeating: 0, count: maskWidth * (bottom - top))
        for (a, b) in finite {
            let x0 = max(left, PixelClamp.index((min(a.x, b.x) - reach).rounded(.down), limit: width))
            let x1 = min(right, PixelClamp.index((max(a.x, b.x) + reach).rounded(.up), limit: width))
            let y0 = max(top, PixelClamp.index((min(a.y, b.y) - reach).rounded(.down), limit: height))
            let y1 = min(bottom, PixelClamp.index((max(a.y, b.y) + reach).rounded(.up), limit: height))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 {
                let base = (y - top) * maskWidth - left
                let cy = Double(y) + 0.5
                for x in x0..<x1 {
                    let d = SegmentDistance.distance(Double(x) + 0.5, cy, a.x, a.y, b.x, b.y)
                    let c = radius + 0.5 - d
                    guard c > 0 else { continue }
                    let v = UInt8((min(1, c) * 255).rounded())
                    if v > alpha[base + x] { alpha[base + x] = v }
                }
            }
        }
        return AlphaMask(width: maskWidth, height: bottom - top, alpha: alpha, originX: left, originY: top)
    }
}
