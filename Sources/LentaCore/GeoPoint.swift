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
}
