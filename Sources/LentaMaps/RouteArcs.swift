/// The route's legs as gentle arcs, the way travel maps draw them: each leg bows to the left
/// of its direction by a fraction of its length, so a return journey (A → B → A) shows as two
/// arcs instead of one line drawn twice.
enum RouteArcs {
    static let bow = 0.12
    static let samplesPerLeg = 32

    static func legs(through points: [PixelPoint]) -> [[PixelPoint]] {
        guard points.count > 1 else { return [] }
        var legs: [[PixelPoint]] = []
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            guard dx * dx + dy * dy >= 1 else { continue }
            // Quadratic Bézier with its control point off the midpoint, perpendicular.
            let cx = (a.x + b.x) / 2 + dy * bow * 2, cy = (a.y + b.y) / 2 - dx * bow * 2
            legs.append((0...samplesPerLeg).map { i in
                let t = Double(i) / Double(samplesPerLeg), u = 1 - t
                return PixelPoint(x: u * u * a.x + 2 * u * t * cx + t * t * b.x, y: u * u * a.y + 2 * u * t * cy + t * t * b.y)
            })
        }
        return legs
    }
}
