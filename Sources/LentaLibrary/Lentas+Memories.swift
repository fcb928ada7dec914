import Foundation
import LentaCatalog
import LentaCore
import LentaStories

extension Lentas {
    /// Good items a memory needs before `lenta auto` makes it (`MemoryStory.worthwhile`).
    public static let memoryNeeds = MemoryStory.worthwhile

    /// Makes the memory lenta of `rule` as of `today`, or updates the one it made before (found
    /// by the rule's key; a deleted one is made visible again, as a person asked for it): its
    /// items are what the rule takes now, and items added by hand stay, as re-dating keeps them.
    /// - Throws: `Failure` when the rule takes nothing.
    public func newMemory(_ rule: MemoryRule, today: LocalDate) throws -> LentaDetail {
        let (title, items) = try memoryContent(rule, today: today)
        guard !items.isEmpty else { throw Failure(Self.nothing(rule, today: today)) }
        let existing = try catalog.memory(key: rule.key)
        let kept = try existing.map { try catalog.members(of: $0.lentaID).filter(\.byHand) } ?? []
        let keptIDs = Set(kept.map(\.itemID))
        let members = kept + items.filter { !keptIDs.contains($0.id) }.map { LentaMember(itemID: $0.id, byHand: false) }
        let id = try catalog.saveMemory(rule, title: title, members: members, madeOn: today, show: true)
        return try show(id: id)
    }

    /// The title and the items (in story order) the rule takes as of `today`. Each case is one
    /// query; a person's is `People.items(of:from:to:)`, the one "items of a person in a date range".
    public func memoryContent(_ rule: MemoryRule, today: LocalDate) throws -> (title: String, items: [ItemBrief]) {
        switch rule {
        case .onThisDay(let date, let days):
            // Every earlier year's window; this year's only once it is over.
            let items = try datedItems().filter { _, day in
                let centre = date.date(in: day.year)
                let window = (centre.adding(days: -days), centre.adding(days: days))
                return window.0 <= day && day <= window.1 && window.1 < today
            }
            return ("On this day, \(date.spoken)", Self.ordered(items.map(\.item)))
        case .year(let year):
            let items = try datedItems().filter { $0.day.year == year && $0.day < today }
            return ("The year \(year)", Self.ordered(items.map(\.item)))
        case .random(let seed):
            guard let chosen = try randomLenta(seed: seed, today: today) else { return ("", []) }
            let items = Self.ordered(try catalog.briefs(ids: try catalog.members(of: chosen.id).map(\.itemID)))
            return (chosen.title, items)
        case .person(let id, let from, let to):
            let people = People(catalog: catalog)
            let person = try people.person(String(id))
            let items = Self.ordered(try people.items(of: String(id), from: from, to: to))
            return ("\(person.name ?? "Person \(id)"): " + Self.title(items), items)
        }
    }

    /// The lenta a random memory for `seed` shows: a trip, event or lenta made by hand (not a
    /// memory) that ended before `today`, chosen by `MemoryStory.randomChoice`.
    func randomLenta(seed: LocalDate, today: LocalDate) throws -> LentaSummary? {
        let past = try list().filter { $0.kind != .memory && $0.end.map { LocalDate($0) < today } == true }
        guard let id = MemoryStory.randomChoice(seed: seed, among: past.map(\.id)) else { return nil }
        return past.first { $0.id == id }
    }

    /// The rule of each memory lenta (visible ones), by id.
    public func memoryRules() throws -> [Int64: MemoryRule] {
        try catalog.memories().filter { !$0.value.hidden }.mapValues(\.rule)
    }

    /// How many of these items are good: those story choosing would keep with room for all (no
    /// copies, burst twins, screenshots, documents, dark or blurred shots).
    public func goodItemCount(_ items: [ItemBrief]) throws -> Int {
        let full = Self.orderedItems(try catalog.items(ids: items.map(\.id)))
        var style = ProjectStyle()
        style.length = 36_000
        let days = items.compactMap(Self.localDay)
        return Self.choose(full, byHand: [], style: style, days: (days.min(), days.max())).chosen.count
    }

    /// The sections of a memory's items (a year of an on-this-day memory; a trip, event or
    /// month of a year's), by item id; empty for a random memory (told as its lenta was).
    func memorySections(_ rule: MemoryRule, items: [ItemBrief]) throws -> [Int64: MemoryStory.Section] {
        switch rule {
        case .onThisDay, .person:
            // A year a chapter: an on-this-day memory's years, a person's film over the years.
            return Dictionary(uniqueKeysWithValues: items.compactMap { item in
                Self.localDay(item).map { (item.id, MemoryStory.onThisDaySection(day: $0)) }
            })
        case .year:
            let trips = Dictionary(uniqueKeysWithValues: try catalog.lentas().filter { $0.kind == .auto }.map { ($0.id, $0.title) })
            var tripOf: [Int64: (id: Int64, title: String)] = [:]
            for (lentaID, members) in try catalog.allMembers() {
                guard let title = trips[lentaID] else { continue }
                for member in members { tripOf[member.itemID] = (lentaID, title) }
            }
            return Dictionary(uniqueKeysWithValues: items.compactMap { item in
                Self.localDay(item).map { (item.id, MemoryStory.yearSection(day: $0, trip: tripOf[item.id])) }
            })
        case .random:
            return [:]
        }
    }

    /// Every item with a capture date (not one guessed from the file), with its local day.
    func datedItems() throws -> [(item: ItemBrief, day: LocalDate)] {
        try catalog.briefs().compactMap { item in
            guard item.captureTime?.source.isFallback == false, let day = Self.localDay(item) else { return nil }
            return (item, day)
        }
    }

    static func orderedItems(_ items: [MediaItem]) -> [MediaItem] {
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        return ordered(items.map(\.brief)).compactMap { byID[$0.id] }
    }

    static func nothing(_ rule: MemoryRule, today: LocalDate) -> String {
        switch rule {
        case .onThisDay(let date, let days):
            return "nothing in the catalog was taken within \(days) day\(days == 1 ? "" : "s") of \(date.spoken) in a year before \(today)"
        case .year(let year):
            return "nothing in the catalog was taken in \(year) before \(today)"
        case .random:
            return "no lenta ended before \(today) to choose a memory from"
        case .person(let id, let from, let to):
            return "person \(id) is in nothing" + (from != nil || to != nil ? " taken between \(from?.description ?? "…") and \(to?.description ?? "…")" : "")
        }
    }
}
