import LentaCatalog
import LentaCore
import LentaPlaces

/// Names the place of every item read since the last lookup, and gives photos that have a
/// position but no recorded offset the offset of the time zone there ("offset inferred from
/// location"), so they sort correctly against UTC-stamped videos.
public struct PlaceLocator {
    private let gazetteer: Gazetteer

    public init(gazetteer: Gazetteer) { self.gazetteer = gazetteer }

    /// Looks up the items awaiting a place (`items`, when the caller has just read them);
    /// returns how many were given one.
    @discardableResult
    public func update(_ catalog: Catalog, items: [MediaItem]? = nil) throws -> Int {
        let waiting = try items ?? catalog.itemsAwaitingPlaces()
        guard !waiting.isEmpty else { return 0 }
        let updates = waiting.map(placeUpdate)
        try catalog.record(places: updates)
        return updates.filter { $0.place != nil }.count
    }

    /// Records that items without a position have no place — what `update` would, without a gazetteer.
    static func markUnplaced(_ items: [MediaItem], in catalog: Catalog) throws {
        try catalog.record(places: items.map(unplaced))
    }

    private static func unplaced(_ item: MediaItem) -> PlaceUpdate { PlaceUpdate(itemID: item.id, place: nil, captureTime: nil) }

    func placeUpdate(_ item: MediaItem) -> PlaceUpdate {
        guard let point = item.metadata.location else { return Self.unplaced(item) }
        let time = item.metadata.captureTime.flatMap { gazetteer.captureTimeWithLocalOffset($0, at: point) }
        return PlaceUpdate(itemID: item.id, place: itemPlace(at: point), captureTime: time)
    }

    /// The toponym of a point: the nearest place, and the city a person would name.
    public func itemPlace(at point: GeoPoint) -> ItemPlace? { gazetteer.itemPlace(at: point) }
}
