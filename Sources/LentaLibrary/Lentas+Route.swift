import LentaCatalog
import LentaCore

/// A lenta's items as its route map needs them.
public struct LentaRoute: Sendable, Equatable {
    public var id: Int64
    public var title: String
    /// Every item in story order, with its time, position (nil when it has none) and the place
    /// a person would name there (nil far from any place).
    public var items: [LocatedItem]

    /// How many items have a position.
    public var locatedCount: Int { items.filter { $0.point != nil }.count }
}

extension Lentas {
    /// The items of lenta `id` in time order with their positions and place names. An unknown
    /// id is a `Failure`; a lenta none of whose items has a position gives items without points
    /// (the map command refuses it; the title card shows no map).
    public func route(id: Int64) throws -> LentaRoute {
        guard let lenta = try catalog.lenta(id: id) else { throw Failure("no lenta with id \(id) (lenta list shows them)") }
        let items = Self.ordered(try catalog.briefs(ids: try catalog.members(of: id).map(\.itemID)))
        return LentaRoute(id: id, title: lenta.title, items: items.map {
            LocatedItem(time: $0.captureTime?.source.isFallback == true ? nil : $0.captureTime,
                        point: $0.location,
                        placeName: $0.place.flatMap { $0.isRemote ? nil : $0.city })
        })
    }
}
