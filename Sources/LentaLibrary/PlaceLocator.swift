import LentaCatalog
import LentaCore
import LentaPlaces

/// Names the place of every item read since the last lookup, and gives photos that have a
/// position but no recorded offset the offset of the time zone there ("offset inferred from
/// location"), so they sort correctly against UTC-stamped videos.
public struct PlaceLocator {
    private let gazetteer: Gazetteer

    public init(gazetteer: Gazetteer) { self.gazetteer = gazetteer }

    /// Looks up the items awaiting a place; returns how many were given one.
    @discardableResult
    public func update(_ catalog: Catalog) throws -> Int {
        let waiting = try catalog.itemsAwaitingPlaces()
        guard !waiting.isEmpty else { return 0 }
        let updates = waiting.map(placeUpdate)
        try catalog.record(places: updates)
        return updates.filter { $0.place != nil }.count
    }

    func placeUpdate(_ item: MediaItem) -> PlaceUpdate {
        guard let point = item.metadata.location else { return PlaceUpdate(itemID: item.id, place: nil, captureTime: nil) }
        let place = itemPlace(at: point)
        var time: CaptureTime? = nil
        if let capture = item.metadata.captureTime, capture.offset == nil, !capture.source.isFallback {
            let offset = capture.local.flatMap { gazetteer.utcOffset(at: point, local: $0) }
                ?? capture.utc.flatMap { gazetteer.utcOffset(at: point, utc: $0) }
            time = offset.map { capture.filling(offset: $0, from: .location) }
        }
        return PlaceUpdate(itemID: item.id, place: place, captureTime: time)
    }

    /// The toponym of a point: the nearest place, and the city a person would name.
    public func itemPlace(at point: GeoPoint) -> ItemPlace? {
        switch gazetteer.lookup(point) {
        case .place(let nearest):
            let city = gazetteer.prominentPlace(near: point)?.place ?? nearest.place
            return ItemPlace(name: nearest.place.name, city: city.name, region: nearest.place.admin1,
                             countryCode: nearest.place.countryCode, country: nearest.place.countryName,
                             timeZone: gazetteer.timeZone(at: point), distanceKm: nearest.distanceKm, isRemote: false)
        case .remote(let nearest?):
            return ItemPlace(name: nearest.place.name, city: nearest.place.name, region: nearest.place.admin1,
                             countryCode: nearest.place.countryCode, country: nearest.place.countryName,
                             timeZone: gazetteer.timeZone(at: point), distanceKm: nearest.distanceKm, isRemote: true)
        case .remote(nil):
            return nil
        }
    }
}
