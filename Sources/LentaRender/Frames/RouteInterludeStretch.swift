import LentaCore
import LentaMaps

/// The stretch of the route a route interlude's dot travels, as distances along the map's route
/// line: from where the route passes the last located item shown before the interlude to where
/// it passes the first located item after it — or the whole route when no place was shown before
/// it (an interlude opening the story). Each item is found on the route in the order the items
/// were taken (nearest point, never behind the previous item's), so a place visited twice is met
/// at the visit the item belongs to.
enum RouteInterludeStretch {
    /// - Parameters:
    ///   - points: each item's position in pixels (nil: none), in story order.
    ///   - instants: each item's capture instant (nil: unknown), in story order.
    static func stretch(before item: Int, points: [PixelPoint?], instants: [Double?], path: RoutePath) -> (from: Double, to: Double) {
        let along = distances(points: points, instants: instants, path: path)
        let before = along.indices.filter { $0 < item }.last { along[$0] != nil }
        let after = along.indices.first { $0 >= item && along[$0] != nil }
        guard let before, let from = along[before] else { return (0, path.length) }
        let to = after.flatMap { along[$0] } ?? path.length
        return (from, to)
    }

    /// Each item's distance along the route (nil: no position).
    static func distances(points: [PixelPoint?], instants: [Double?], path: RoutePath) -> [Double?] {
        let located = points.indices.filter { points[$0] != nil }
        // The trip as it happened when every located item has an instant, else story order.
        let order = located.allSatisfy({ instants[$0] != nil })
            ? located.sorted { (instants[$0] ?? 0, $0) < (instants[$1] ?? 0, $1) }
            : located
        var along = [Double?](repeating: nil, count: points.count)
        var reached = 0.0
        for i in order {
            guard let p = points[i] else { continue }
            reached = path.distance(nearest: p, from: reached)
            along[i] = reached
        }
        return along
    }
}
