import Foundation
import LentaCore

public enum Geodesy {
    /// Great-circle distance in km (haversine on the mean Earth radius).
    public static func kilometres(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        let r = 6371.0088
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
        let dφ = φ2 - φ1, dλ = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * r * asin(min(1, sqrt(h)))
    }
}
