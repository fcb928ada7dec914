/// A route line measured along its length: the polylines of a map's route (`RouteMapLayout.route`)
/// joined in order, so a point can be found by its distance from the start (the dot of a route
/// interlude) and a place by where the route passes nearest it. A jump between two polylines
/// (a gap in a track) counts as no distance: the dot crosses it at once.
public struct RoutePath: Sendable, Equatable {
    /// The vertices in order, and each one's distance from the first, in pixels.
    public let points: [PixelPoint]
    public let distances: [Double]
    /// Where each polyline starts, as an index into `points`.
    private let starts: Set<Int>

    public init(_ polylines: [[PixelPoint]]) {
        var points: [PixelPoint] = [], distances: [Double] = [], starts = Set<Int>()
        for line in polylines where !line.isEmpty {
            starts.insert(points.count)
            for (k, p) in line.enumerated() {
                let step = k == 0 ? 0 : Self.length(line[k - 1], p)
                distances.append((distances.last ?? 0) + step)
                points.append(p)
            }
        }
        self.points = points
        self.distances = distances
        self.starts = starts
    }

    public var length: Double { distances.last ?? 0 }
    public var isEmpty: Bool { points.isEmpty }

    /// The point `distance` pixels along the route (clamped to its ends); nil for an empty route.
    public func point(at distance: Double) -> PixelPoint? {
        guard let first = points.first, let last = points.last else { return nil }
        guard distance > 0 else { return first }
        guard distance < length else { return last }
        // The first vertex at or past `distance`: the point lies on the edge that ends there.
        var low = 0, high = distances.count - 1
        while low < high {
            let mid = (low + high) / 2
            if distances[mid] < distance { low = mid + 1 } else { high = mid }
        }
        guard low > 0, !starts.contains(low) else { return points[low] }
        let a = points[low - 1], b = points[low]
        let edge = distances[low] - distances[low - 1]
        let t = edge > 0 ? (distance - distances[low - 1]) / edge : 1
        return PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// The distance along the route of the point on it nearest `target`, looking no further back
    /// than `from` (so places visited in order are found in order, even where the route passes a
    /// place twice); ties go to the earlier point.
    public func distance(nearest target: PixelPoint, from: Double = 0) -> Double {
        guard let first = points.first else { return 0 }
        var best = (gap: Self.length(first, target), along: 0.0)
        if from > 0, let start = point(at: from) { best = (Self.length(start, target), min(from, length)) }
        for k in points.indices.dropFirst() where !starts.contains(k) && distances[k] >= from {
            let a = points[k - 1], b = points[k]
            let dx = b.x - a.x, dy = b.y - a.y
            let length2 = dx * dx + dy * dy
            var t = length2 > 0 ? ((target.x - a.x) * dx + (target.y - a.y) * dy) / length2 : 0
            t = max(0, min(1, t))
            let along = distances[k - 1] + (distances[k] - distances[k - 1]) * t
            guard along >= from else { continue }
            let gap = Self.length(PixelPoint(x: a.x + dx * t, y: a.y + dy * t), target)
            if gap < best.gap - 1e-9 { best = (gap, along) }
        }
        for k in starts.sorted() where distances[k] >= from {
            let gap = Self.length(points[k], target)
            if gap < best.gap - 1e-9 || (abs(gap - best.gap) <= 1e-9 && distances[k] < best.along) { best = (gap, distances[k]) }
        }
        return best.along
    }

    private static func length(_ a: PixelPoint, _ b: PixelPoint) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}
