import LentaCore

extension Gazetteer {
    /// The toponym of a photo's position as the catalog keeps it: the nearest place, and the
    /// city a person would name (`prominentPlace`); marked remote far from any place; nil only
    /// for a point that is not a coordinate.
    public func itemPlace(at point: GeoPoint) -> ItemPlace? {
        switch lookup(point) {
        case .place(let nearest):
            let city = prominentPlace(near: point)?.place ?? nearest.place
            return ItemPlace(name: nearest.place.name, city: city.name, region: nearest.place.admin1,
                             countryCode: nearest.place.countryCode, country: nearest.place.countryName,
                             timeZone: timeZone(at: point), distanceKm: nearest.distanceKm, isRemote: false)
        case .remote(let nearest?):
            return ItemPlace(name: nearest.place.name, city: nearest.place.name, region: nearest.place.admin1,
                             countryCode: nearest.place.countryCode, country: nearest.place.countryName,
                             timeZone: timeZone(at: point), distanceKm: nearest.distanceKm, isRemote: true)
        case .remote(nil):
            return nil
        }
    }

    /// A capture time with no recorded offset, given the offset of the time zone at its position
    /// ("offset inferred from location"), so it sorts against UTC-stamped videos. Nil when there
    /// is nothing to add: the offset is known, the time is only a file date, or no zone is near.
    public func captureTimeWithLocalOffset(_ capture: CaptureTime, at point: GeoPoint) -> CaptureTime? {
        guard capture.offset == nil, !capture.source.isFallback else { return nil }
        let offset = capture.local.flatMap { utcOffset(at: point, local: $0) } ?? capture.utc.flatMap { utcOffset(at: point, utc: $0) }
        return offset.map { capture.filling(offset: $0, from: .location) }
    }
}
