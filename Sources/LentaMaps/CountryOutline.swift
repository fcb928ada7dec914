import Foundation
import LentaCore

/// One country's outline: its rings of points in degrees (outer boundaries and holes alike; a
/// point is inside when an odd number of rings surround it).
public struct CountryOutline: Sendable {
    /// A closed ring (the last point joins the first), as two parallel arrays.
    public struct Ring: Sendable {
        public let longitudes: [Double]
        public let latitudes: [Double]
        /// The ring's own extent (never across the antimeridian: the data splits rings there).
        public let box: GeoBox
        public var count: Int { longitudes.count }

        public init(longitudes: [Double], latitudes: [Double]) {
            precondition(longitudes.count == latitudes.count, "one latitude per longitude")
            self.longitudes = longitudes
            self.latitudes = latitudes
            box = GeoBox(west: longitudes.min() ?? 0, south: latitudes.min() ?? 0,
                         east: longitudes.max() ?? 0, north: latitudes.max() ?? 0)
        }
    }

    /// ISO 3166-1 alpha-2 ("PT"), or Natural Earth's 3-letter code where there is none.
    public let code: String
    /// English short name ("Portugal").
    public let name: String
    public let box: GeoBox
    public let rings: [Ring]

    /// Whether the point lies inside (even-odd over all rings). The point's longitude is taken
    /// at whichever of its ±360° copies falls in the box.
    public func contains(_ point: GeoPoint) -> Bool {
        guard let lon = longitudeInBox(point.longitude), point.latitude >= box.south, point.latitude <= box.north else { return false }
        let lat = point.latitude
        var inside = false
        for ring in rings {
            let n = ring.count
            var j = n - 1
            for i in 0..<n {
                let yi = ring.latitudes[i], yj = ring.latitudes[j]
                if (yi > lat) != (yj > lat) {
                    let xi = ring.longitudes[i], xj = ring.longitudes[j]
                    if lon < xi + (lat - yi) / (yj - yi) * (xj - xi) { inside.toggle() }
                }
                j = i
            }
        }
        return inside
    }

    /// The distance in km from the point to the nearest edge, when it is less than `limitKm`
    /// (nil beyond): for photos on a beach or a boat just off the simplified coast.
    public func distanceKm(to point: GeoPoint, within limitKm: Double) -> Double? {
        let marginDeg = limitKm / 111.0
        let k = max(0.01, cosine(point.latitude))
        let grown = GeoBox(west: box.west - marginDeg / k, south: box.south - marginDeg,
                           east: box.east + marginDeg / k, north: box.north + marginDeg)
        guard grown.intersects(GeoBox(west: point.longitude, south: point.latitude, east: point.longitude, north: point.latitude)) else {
            return nil
        }
        var lon = point.longitude
        for shift in [-360.0, 360] where lon + shift >= grown.west && lon + shift <= grown.east { lon += shift }
        // Local flat approximation in km: fine at the few-km distances asked about.
        let px = lon * k * 111.195, py = point.latitude * 111.195
        var best = Double.infinity
        for ring in rings {
            let n = ring.count
            var j = n - 1
            for i in 0..<n {
                let ax = ring.longitudes[j] * k * 111.195, ay = ring.latitudes[j] * 111.195
                let bx = ring.longitudes[i] * k * 111.195, by = ring.latitudes[i] * 111.195
                best = min(best, SegmentDistance.distance(px, py, ax, ay, bx, by))
                j = i
            }
        }
        return best <= limitKm ? best : nil
    }

    private func longitudeInBox(_ longitude: Double) -> Double? {
        for shift in [0.0, -360, 360] where longitude + shift >= box.west && longitude + shift <= box.east { return longitude + shift }
        return nil
    }

    private func cosine(_ latitude: Double) -> Double { cos(latitude * .pi / 180) }
}
