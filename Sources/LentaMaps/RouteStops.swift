import Foundation
import LentaCore

/// Turns items in story order into the stops of a route.
public enum RouteStops {
    /// Consecutive items at the same place become one stop, at the centre of their positions;
    /// items without a plausible position are skipped (they neither make a stop nor split one).
    /// Unnamed items are the same place when within `unnamedMergeKm` of the stop's first item.
    public static func build(from items: [LocatedItem], unnamedMergeKm: Double = 2) -> [RouteStop] {
        var stops: [RouteStop] = []
        var members: [GeoPoint] = []
        func close() {
            guard !members.isEmpty, var last = stops.popLast() else { return }
            last.point = centre(of: members)
            stops.append(last)
            members = []
        }
        for item in items {
            guard let point = item.point, point.isPlausible else { continue }
            let name = item.placeName.flatMap { $0.isEmpty ? nil : $0 }
            if let last = stops.last, samePlace(last, name: name, point: members.first ?? last.point, as: point, unnamedMergeKm) {
                stops[stops.count - 1].itemCount += 1
                if stops[stops.count - 1].time == nil { stops[stops.count - 1].time = item.time }
                members.append(point)
                continue
            }
            close()
            stops.append(RouteStop(name: name, point: point, time: item.time))
            members = [point]
        }
        close()
        return stops
    }

    private static func samePlace(_ stop: RouteStop, name: String?, point first: GeoPoint, as point: GeoPoint, _ reachKm: Double) -> Bool {
        if let name, let stopName = stop.name { return name == stopName }
        if name == nil, stop.name == nil { return first.kilometres(to: point) <= reachKm }
        return false
    }

    /// The mean of the positions as unit vectors: right across the antimeridian too.
    static func centre(of points: [GeoPoint]) -> GeoPoint {
        guard points.count > 1 else { return points[0] }
        var x = 0.0, y = 0.0, z = 0.0
        for p in points {
            let la = p.latitude * .pi / 180, lo = p.longitude * .pi / 180
            x += cos(la) * cos(lo); y += cos(la) * sin(lo); z += sin(la)
        }
        let lon = atan2(y, x) * 180 / .pi
        let lat = atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi
        return GeoPoint(latitude: lat, longitude: lon)
    }
}
