/// The distance from a point to a line segment, in the plane.
enum SegmentDistance {
    static func distance(_ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        let dx = bx - ax, dy = by - ay
        let length2 = dx * dx + dy * dy
        var t = length2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / length2 : 0
        t = max(0, min(1, t))
        let ex = px - ax - t * dx, ey = py - ay - t * dy
        return (ex * ex + ey * ey).squareRoot()
    }
}
