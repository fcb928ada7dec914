import LentaCore

/// A populated place from the gazetteer (a GeoNames city, town, village or city district).
public struct Place: Hashable, Codable, Sendable {
    /// The name as people know it, in UTF-8 ("Lisbon", "Tokyo", "Oía", "Shibakōen").
    public var name: String
    /// ISO 3166-1 alpha-2 code ("PT").
    public var countryCode: String
    /// English name of the country ("Portugal").
    public var countryName: String
    /// First-level region (state, prefecture, region…) when known ("Lisbon", "Tokyo", "California").
    public var admin1: String?
    /// GeoNames population; 0 for places GeoNames has no figure for.
    public var population: Int
    /// IANA time zone id ("Europe/Lisbon").
    public var timeZoneID: String
    /// Where GeoNames puts the place (usually its centre), to 1e-5 degree (about a metre).
    public var coordinate: GeoPoint

    public init(name: String, countryCode: String, countryName: String, admin1: String?, population: Int,
                timeZoneID: String, coordinate: GeoPoint) {
        self.name = name
        self.countryCode = countryCode
        self.countryName = countryName
        self.admin1 = admin1
        self.population = population
        self.timeZoneID = timeZoneID
        self.coordinate = coordinate
    }
}

/// A place found for a point, with the great-circle distance from the point to the place.
public struct PlaceMatch: Hashable, Codable, Sendable {
    public var place: Place
    /// Kilometres on a sphere of the Earth's mean radius (6371.0088 km).
    public var distanceKm: Double

    public init(place: Place, distanceKm: Double) {
        self.place = place
        self.distanceKm = distanceKm
    }
}

/// What the gazetteer says about a point: a place nearby, or nothing near enough to name.
public enum PlaceLookup: Hashable, Sendable {
    /// The nearest place lies within the gazetteer's `remoteThresholdKm` of the point.
    case place(PlaceMatch)
    /// No place within `remoteThresholdKm`: open sea, desert, ice. `nearest` is still given (with
    /// its distance) for callers that want "320 km from Ponta Delgada"; it is nil only when the
    /// point itself is not a valid coordinate (NaN, latitude beyond ±90).
    case remote(nearest: PlaceMatch?)

    /// The place, when the point is near one.
    public var match: PlaceMatch? {
        if case .place(let m) = self { return m }
        return nil
    }

    public var isRemote: Bool {
        if case .remote = self { return true }
        return false
    }

    /// Distance to the nearest place, whether or not it is near enough to name.
    public var distanceKm: Double? {
        switch self {
        case .place(let m): return m.distanceKm
        case .remote(let m): return m?.distanceKm
        }
    }
}
