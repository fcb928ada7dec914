import Foundation
import LentaCore
import LentaMaps
import LentaMedia

/// The route of a project's story, for its title card's map, where there is no catalog: each
/// item's capture time, position and place as validation named them (`ResolvedStory.places`);
/// the stops in the order the items were taken.
public enum ProjectRoute {
    /// The stops of the story's route (see `RouteStops.build`), from the places validation named
    /// for its items (`ResolvedStory.places`); empty when no item has a position.
    public static func stops(of story: ResolvedStory) -> [RouteStop] {
        RouteStops.build(from: inTimeOrder(story.places))
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
