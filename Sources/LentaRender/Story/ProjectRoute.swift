import Foundation
import LentaCore
import LentaMaps
import LentaMedia
import LentaPlaces

/// The route of a project's story, for its title card's map, where there is no catalog: each
/// item's capture time and position as its file says (read once, by validation), its place named by the gazetteer
/// as a scan would name it; the stops in the order the items were taken.
public enum ProjectRoute {
    /// The stops of the story's route (see `RouteStops.build`), from what validation read of
    /// each item's file; empty when no item has a position. Uses the bundled gazetteer unless
    /// one is given.
    public static func stops(of story: ResolvedStory, gazetteer: Gazetteer? = nil) throws -> [RouteStop] {
        try stops(of: story.items.map(\.metadata), gazetteer: gazetteer)
    }

    /// The stops of items whose files have already been read.
    static func stops(of items: [MediaMetadata], gazetteer: Gazetteer? = nil) throws -> [RouteStop] {
        let places: Gazetteer
        do {
            places = try gazetteer ?? Gazetteer.bundled()
        } catch {
            throw RenderError("cannot read the place names for the map", underlying: error)
        }
        return RouteStops.build(from: inTimeOrder(items.map { located($0, places) }))
    }

    /// Whether an item has a position the gazetteer would name.
    static func isLocated(_ metadata: MediaMetadata) -> Bool {
        metadata.location?.isPlausible ?? false
    }

    /// An item as the route sees it: its position, its place as a scan would name it, and its
    /// capture time (with the offset of the place when the file had none).
    /// (`gazetteer` may be nil only for an item that `isLocated` says has no position.)
    static func located(_ metadata: MediaMetadata, _ gazetteer: Gazetteer?) -> LocatedItem {
        guard let point = metadata.location, point.isPlausible, let gazetteer else {
            return LocatedItem(time: metadata.captureTime, point: nil, placeName: nil)
        }
        let place = gazetteer.itemPlace(at: point)
        let time = metadata.captureTime.map { gazetteer.captureTimeWithLocalOffset($0, at: point) ?? $0 }
        return LocatedItem(time: time?.source.isFallback == true ? nil : time, point: point,
                           placeName: place.flatMap { $0.isRemote ? nil : $0.city })
    }

    /// The route follows the trip as it happened, whatever order the story tells it in: items
    /// by the instant they were taken when every located item has one, else in story order.
    static func inTimeOrder(_ items: [LocatedItem]) -> [LocatedItem] {
        let located = items.filter { $0.point != nil }
        let instants = located.compactMap { $0.time?.utc }
        guard instants.count == located.count else { return items }
        return located.enumerated()
            .sorted { ($0.element.time?.utc ?? 0, $0.offset) < ($1.element.time?.utc ?? 0, $1.offset) }
            .map(\.element)
    }
}
