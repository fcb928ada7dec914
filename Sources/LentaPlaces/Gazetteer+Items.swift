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

extension Gazetteer {
    /// The items of a story as its route and chapters see them (`ProjectPlaceNaming`, named once
    /// into the resolved story): each located item's position, its place as a scan would name it,
    /// and its capture time with the offset of that place when the file had none. The bundled
    /// gazetteer (a 15 MB file mapped for the process, read where looked up) is opened only when an item has a position:
    /// phone clips often have none.
    /// - Throws: `DataFileError` when the bundled gazetteer cannot be read.
    public static func locate(_ items: [MediaMetadata]) throws -> [LocatedItem] {
        let gazetteer = items.contains { $0.location?.isPlausible ?? false } ? try bundled() : nil
        return items.map { gazetteer?.located($0) ?? LocatedItem(unnamed: $0) }
    }

    /// An item with a plausible position as the route sees it; nil without one.
    public func located(_ metadata: MediaMetadata) -> LocatedItem? {
        guard let point = metadata.location, point.isPlausible else { return nil }
        let place = itemPlace(at: point)
        let time = metadata.captureTime.map { captureTimeWithLocalOffset($0, at: point) ?? $0 }
        return LocatedItem(time: time?.source.isFallback == true ? nil : time, point: point,
                           placeName: place.flatMap { $0.isRemote ? nil : $0.city })
    }
}
