import Foundation

/// A position on the WGS 84 ellipsoid, in degrees, with the altitude in metres when known.
public struct GeoPoint: Hashable, Codable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    /// Inside the globe's ranges and not "null island" (0, 0), which cameras write when they have no fix.
    public var isPlausible: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
            && !(abs(latitude) < 1e-7 && abs(longitude) < 1e-7)
    }

    /// Mean Earth radius (IUGG), in km: the sphere every distance in lenta is measured on.
    public static let earthRadiusKm = 6371.0088

    /// Great-circle distance in km (haversine on the mean Earth radius; altitude ignored).
    public func kilometres(to other: GeoPoint) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let dφ = φ2 - φ1, dλ = (other.longitude - longitude) * .pi / 180
        let h = sin(dφ / 2) * sin(dφ / 2) + cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
        return 2 * Self.earthRadiusKm * asin(min(1, h.squareRoot()))
    }
}
