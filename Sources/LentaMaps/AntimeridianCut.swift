import LentaCore

/// Cuts a line where it crosses ±180° (taking each leg the short way round), so tools that read
/// coordinates literally do not draw it across the whole world.
enum AntimeridianCut {
    static func split(_ points: [GeoPoint]) -> [[(longitude: Double, latitude: Double)]] {
        guard let first = points.first else { return [] }
        var parts: [[(longitude: Double, latitude: Double)]] = [[(GeoBox.wrap(first.longitude), first.latitude)]]
        for (a, b) in zip(points, points.dropFirst()) {
            let lonA = GeoBox.wrap(a.longitude), lonB = GeoBox.wrap(b.longitude)
            let delta = GeoBox.wrap(lonB - lonA)
            let end = lonA + delta
            if end > 180 || end < -180 {
                let edge = end > 180 ? 180.0 : -180.0
                let t = (edge - lonA) / delta
                let lat = a.latitude + t * (b.latitude - a.latitude)
                parts[parts.count - 1].append((edge, lat))
                parts.append([(-edge, lat)])
            }
            parts[parts.count - 1].append((lonB, b.latitude))
        }
        return parts
    }
}
