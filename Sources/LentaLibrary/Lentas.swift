import Foundation
import LentaCatalog
import LentaCore
import LentaPlaces
import LentaStories

/// The operations on lentas that the commands call: regrouping, listing, showing, making,
/// re-dating and deleting. Everything reads and writes the catalog; nothing prints.
public struct Lentas {
    public let catalog: Catalog

    public init(catalog: Catalog) { self.catalog = catalog }

    /// Failures a user can act on; the message says what to do.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
        /// The error underneath, when a library's typed error caused this one (a `MediaError`…),
        /// kept matchable.
        public var underlying: (any Error)?
        public init(_ description: String) { self.description = description }
        public init(_ error: any Error) {
            description = "\(error)"
            underlying = error
        }
        public static func == (a: Failure, b: Failure) -> Bool { a.description == b.description }
    }

    // MARK: - Grouping

    static let groupingKey = "grouping"

    /// The grouping rules in force: the last ones given to `scan`, else the defaults.
    public func groupingOptions() throws -> GroupingOptions {
        guard let text = try catalog.setting(Self.groupingKey),
              let options = try? JSONDecoder().decode(GroupingOptions.self, from: Data(text.utf8)) else { return GroupingOptions() }
        return options
    }

    public func setGroupingOptions(_ options: GroupingOptions) throws {
        let data = try JSONEncoder().encode(options)
        try catalog.setSetting(Self.groupingKey, String(decoding: data, as: UTF8.self))
    }

    /// Regroups the whole catalog into automatic lentas, keeping the ids of lentas that go on.
    @discardableResult
    public func regroup() throws -> Grouping.Result {
        let items = try catalog.briefs()
        let timeline = items.map(Self.timelineItem)
        let result = Grouping(options: try groupingOptions()).group(timeline)
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        let ids = AutoLentaMatcher.match(existing: try catalog.autoLentaMembers(), proposed: result.groups.map(\.itemIDs))
        let proposals = zip(result.groups, ids).map { group, id in
            let members = group.itemIDs.compactMap { byID[$0] }
            return AutoLentaProposal(id: id, title: group.kind == .event ? Self.eventTitle(members) : Self.title(members),
                                     itemIDs: group.itemIDs)
        }
        try catalog.replaceAutoLentas(with: proposals)
        return result
    }

    static func timelineItem(_ item: ItemBrief) -> TimelineItem {
        let capture = item.captureTime
        return TimelineItem(id: item.id, capture: capture?.source.isFallback == true ? nil : capture,
                            location: item.location,
                            city: item.place?.isRemote == false ? item.place?.city : nil,
                            countryCode: item.place?.countryCode, isVideo: item.kind == .video)
    }

    static func title(_ items: [ItemBrief]) -> String {
        let ordered = ordered(items)
        let days = ordered.compactMap(localDay)
        return LentaTitle.title(places: ordered.map(\.place), first: days.first, last: days.last)
    }

    /// An event at home is named by its city and its dates: "Berlin, 24 December 2024".
    static func eventTitle(_ items: [ItemBrief]) -> String {
        let ordered = ordered(items)
        let days = ordered.compactMap(localDay)
        let city = LentaTitle.ranked(ordered.compactMap(\.place).filter { !$0.isRemote }.map(\.city)).first
        let dates = days.first.map { LentaTitle.dateRange($0, days.last ?? $0) }
        return [city, dates].compactMap { $0 }.joined(separator: ", ")
    }

    /// Items in the order of the story: by capture instant on one time axis.
    static func ordered(_ items: [ItemBrief]) -> [ItemBrief] {
        let instants = Timeline.instants(items.map(timelineItem))
        return items.sorted {
            let a = instants[$0.id] ?? $0.modified, b = instants[$1.id] ?? $1.modified
            return (a, $0.path) < (b, $1.path)
        }
    }

    /// The day an item was taken, on the wall clock where it was taken (UTC when unknown).
    static func localDay(_ item: ItemBrief) -> LocalDate? {
        guard let t = item.captureTime else { return nil }
        if let local = t.local { return LocalDate(local) }
        return t.utc.map { LocalDate(LocalDateTime(secondsSinceEpochAsUTC: $0)) }
    }
}
