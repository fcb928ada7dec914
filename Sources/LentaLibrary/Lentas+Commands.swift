import Foundation
import LentaCatalog
import LentaCore
import LentaStories

extension Lentas {
    /// Every visible lenta, newest first.
    public func list() throws -> [LentaSummary] {
        let members = try catalog.allMembers()
        let allIDs = Array(Set(members.values.flatMap { $0.map(\.itemID) }))
        let items = Dictionary(uniqueKeysWithValues: try catalog.briefs(ids: allIDs).map { ($0.id, $0) })
        var rows: [(sortKey: Double, summary: LentaSummary)] = []
        let rules = try memoryRules()
        for lenta in try catalog.lentas() {
            let its = Self.ordered((members[lenta.id] ?? []).compactMap { items[$0.itemID] })
            let instants = Timeline.instants(its.map(Self.timelineItem))
            rows.append((its.last.flatMap { instants[$0.id] } ?? 0, Self.summary(lenta, its, memory: rules[lenta.id])))
        }
        return rows.sorted { ($0.sortKey, $0.summary.id) > ($1.sortKey, $1.summary.id) }.map(\.summary)
    }

    static let qualityPending = "learned by the first story of this lenta (lenta project, lenta auto)"

    /// One lenta with its items in order.
    public func show(id: Int64) throws -> LentaDetail {
        guard let lenta = try catalog.lenta(id: id) else { throw Failure("no lenta with id \(id) (lenta list shows them)") }
        let members = try catalog.members(of: id)
        let byHand = Set(members.filter(\.byHand).map(\.itemID))
        let items = Self.ordered(try catalog.briefs(ids: members.map(\.itemID)))
        let quality = try catalog.quality(ids: items.map(\.id))
        return LentaDetail(lenta: Self.summary(lenta, items, memory: try memoryRules()[id]), from: lenta.from, to: lenta.to, items: items.map {
            .init(id: $0.id, path: $0.path, kind: $0.kind, captureTime: $0.captureTime, place: $0.place,
                  byHand: byHand.contains($0.id), quality: quality[$0.id]?.quality, qualityProblem: quality[$0.id]?.problem,
                  qualityPending: quality[$0.id] == nil ? Self.qualityPending : nil)
        })
    }

    /// A lenta of everything taken between two local dates, inclusive.
    public func newLenta(from: LocalDate, to: LocalDate) throws -> LentaDetail {
        guard from <= to else { throw Failure("--from \(from) is after --to \(to)") }
        let items = try itemsTaken(from: from, to: to)
        guard !items.isEmpty else { throw Failure("nothing in the catalog was taken between \(from) and \(to)") }
        let id = try catalog.createLenta(kind: .dates, title: Self.title(items), from: from, to: to,
                                         members: items.map { LentaMember(itemID: $0.id, byHand: false) })
        return try show(id: id)
    }

    /// A lenta of chosen files, which must be in the catalog.
    public func newLenta(pick paths: [String]) throws -> LentaDetail {
        var items: [ItemBrief] = []
        var missing: [String] = []
        for path in paths {
            let absolute = Self.absolute(path)
            if let item = try catalog.item(path: absolute) { items.append(item.brief) } else { missing.append(path) }
        }
        guard missing.isEmpty else {
            throw Failure("not in the catalog (scan their folder first): " + missing.joined(separator: ", "))
        }
        guard !items.isEmpty else { throw Failure("no files given") }
        let id = try catalog.createLenta(kind: .pick, title: Self.title(items),
                                         members: items.map { LentaMember(itemID: $0.id, byHand: true) })
        return try show(id: id)
    }

    /// Re-dates a lenta: rebuilt from the catalog for the new range; items added by hand stay.
    public func edit(id: Int64, from: LocalDate, to: LocalDate) throws -> LentaDetail {
        guard var lenta = try catalog.lenta(id: id) else { throw Failure("no lenta with id \(id) (lenta list shows them)") }
        guard from <= to else { throw Failure("--from \(from) is after --to \(to)") }
        let kept = try catalog.members(of: id).filter(\.byHand)
        let inRange = try itemsTaken(from: from, to: to)
        var members = kept
        let keptIDs = Set(kept.map(\.itemID))
        members += inRange.filter { !keptIDs.contains($0.id) }.map { LentaMember(itemID: $0.id, byHand: false) }
        guard !members.isEmpty else { throw Failure("nothing in the catalog was taken between \(from) and \(to)") }
        lenta.kind = .dates
        lenta.from = from
        lenta.to = to
        lenta.title = Self.title(try catalog.briefs(ids: members.map(\.itemID)))
        try catalog.updateLenta(lenta, members: members)
        // A memory re-dated by hand is a lenta of dates now: its rule no longer makes it.
        try catalog.forgetMemoryRule(lentaID: id)
        return try show(id: id)
    }

    public func delete(id: Int64) throws {
        guard try catalog.lenta(id: id) != nil else { throw Failure("no lenta with id \(id) (lenta list shows them)") }
        try catalog.deleteLenta(id: id)
    }

    /// Items whose local capture day lies in the range (an item's own wall clock decides).
    func itemsTaken(from: LocalDate, to: LocalDate) throws -> [ItemBrief] {
        try catalog.briefs().filter { item in
            guard item.captureTime?.source.isFallback == false, let day = Self.localDay(item) else { return false }
            return from <= day && day <= to
        }
    }

    static func summary(_ lenta: Lenta, _ ordered: [ItemBrief], memory: MemoryRule? = nil) -> LentaSummary {
        let places = ordered.compactMap(\.place).filter { !$0.isRemote }
        let withPosition = ordered.filter { $0.location != nil }.count
        func local(_ item: ItemBrief?) -> LocalDateTime? {
            guard let t = item?.captureTime else { return nil }
            return t.local ?? t.utc.map { LocalDateTime(secondsSinceEpochAsUTC: $0) }
        }
        return LentaSummary(id: lenta.id, kind: lenta.kind, title: lenta.title,
                            start: local(ordered.first), end: local(ordered.last),
                            places: LentaTitle.ranked(places.map(\.city)), countries: LentaTitle.ranked(places.map(\.country)),
                            photos: ordered.filter { $0.kind == .photo }.count,
                            videos: ordered.filter { $0.kind == .video }.count,
                            warnings: LocationWarning.messages(total: ordered.count, withPosition: withPosition), memory: memory)
    }

    /// The canonical path of a file the user names, as the scan stored it.
    static func absolute(_ path: String) -> String {
        LibraryScanner.absolute(path) ?? URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
