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
        let time = item.metadata.captureTime.flatMap { gazetteer.captureTimeWithLocalOffset($0, at: point) }
        return PlaceUpdate(itemID: item.id, place: itemPlace(at: point), captureTime: time)
    }

    /// The toponym of a point: the nearest place, and the city a person would name.
    public func itemPlace(at point: GeoPoint) -> ItemPlace? { gazetteer.itemPlace(at: point) }
}
