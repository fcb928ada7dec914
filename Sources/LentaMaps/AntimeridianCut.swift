import LentaCore

/// Cuts a line where it crosses ±180° (taking each leg the short way round), so tools that read
/// coordinates literally do not draw it across the whole world.
enum AntimeridianCut {
    typealias Position = (longitude: Double, latitude: Double)

    static func split(_ points: [GeoPoint]) -> [[Position]] {
        split(points, times: []).map { part in part.map { ($0.longitude, $0.latitude) } }
    }

    /// The same, with each position's time (UTC seconds, nil: none; `times` may be shorter than
    /// `points`): a point added on the antimeridian takes the time between its neighbours' when
    /// both have one.
    static func split(_ points: [GeoPoint], times: [Double?]) -> [[(longitude: Double, latitude: Double, utc: Double?)]] {
        guard let first = points.first else { return [] }
        func time(_ i: Int) -> Double? { i < times.count ? times[i] : nil }
        var parts: [[(longitude: Double, latitude: Double, utc: Double?)]] = [[(GeoBox.wrap(first.longitude), first.latitude, time(0))]]
        for (k, (a, b)) in zip(points, points.dropFirst()).enumerated() {
            let lonA = GeoBox.wrap(a.longitude), lonB = GeoBox.wrap(b.longitude)
            let delta = GeoBox.wrap(lonB - lonA)
            let end = lonA + delta
            if end > 180 || end < -180 {
                let edge = end > 180 ? 180.0 : -180.0
                let t = (edge - lonA) / delta
                let lat = a.latitude + t * (b.latitude - a.latitude)
                let utc = time(k).flatMap { ta in time(k + 1).map { ta + t * ($0 - ta) } }
                parts[parts.count - 1].append((edge, lat, utc))
                parts.append([(-edge, lat, utc)])
            }
            parts[parts.count - 1].append((lonB, b.latitude, time(k + 1)))
        }
        return parts
    }
}
