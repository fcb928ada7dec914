/// Where an item was taken, in words: the toponym the catalog keeps per item.
public struct ItemPlace: Hashable, Codable, Sendable {
    /// The nearest named place (a town, a village, a district).
    public var name: String
    /// The place a person would name for it: the prominent city around the point
    /// ("Tokyo" for a photo in Shibakōen). Titles use this one.
    public var city: String
    /// First-level region (state, prefecture, district), when known.
    public var region: String?
    /// ISO 3166-1 alpha-2.
    public var countryCode: String
    public var country: String
    /// IANA time zone of the place.
    public var timeZone: String?
    /// Distance from the point to `name`, in km.
    public var distanceKm: Double
    /// No place is near: open sea, desert, ice. `name` and `city` then describe the nearest place
    /// only for the record; titles say the point is remote.
    public var isRemote: Bool

    public init(name: String, city: String, region: String?, countryCode: String, country: String,
                timeZone: String?, distanceKm: Double, isRemote: Bool) {
        self.name = name
        self.city = city
        self.region = region
        self.countryCode = countryCode
        self.country = country
        self.timeZone = timeZone
        self.distanceKm = distanceKm
        self.isRemote = isRemote
    }

    /// "Sintra, Portugal"; "at sea or far from any town (nearest: Horta, Portugal, 310 km)".
    public var label: String {
        if isRemote {
            return "far from any town (nearest: \(name), \(country), \(Int(distanceKm.rounded())) km)"
        }
        return "\(city), \(country)"
    }
}
