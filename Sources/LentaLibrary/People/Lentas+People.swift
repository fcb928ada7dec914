import Foundation
import LentaCatalog
import LentaCore

extension Lentas {
    /// A lenta of a person's photos and clips (`People.items(of:from:to:)`), between two local
    /// days when given: a film of one person over the years.
    public func newLenta(person reference: String, from: LocalDate? = nil, to: LocalDate? = nil) throws -> LentaDetail {
        let people = People(catalog: catalog)
        let items = try people.items(of: reference, from: from, to: to)
        let person = try people.person(reference)
        let who = person.name ?? "person \(person.id)"
        guard !items.isEmpty else {
            throw Failure("\(who) is in nothing" + (from != nil || to != nil ? " taken between \(from?.description ?? "…") and \(to?.description ?? "…")" : ""))
        }
        let id = try catalog.createLenta(kind: .pick, title: "\(who): " + Self.title(items), from: from, to: to,
                                         members: items.map { LentaMember(itemID: $0.id, byHand: false) })
        return try show(id: id)
    }

    /// The lentas (newest first) with a person in at least one of their items: the trips they were on.
    public func list(person reference: String) throws -> [LentaSummary] {
        let items = Set(try People(catalog: catalog).items(of: reference).map(\.id))
        let members = try catalog.allMembers()
        return try list().filter { lenta in (members[lenta.id] ?? []).contains { items.contains($0.itemID) } }
    }
}
