import Foundation
import LentaCatalog
import LentaCore

extension Lentas {
    /// A film of one person: the memory of the `person` rule for whoever `reference` names (an id
    /// or a name), between the days given; made again, the same lenta is updated.
    public func newLenta(person reference: String, from: LocalDate? = nil, to: LocalDate? = nil, today: LocalDate) throws -> LentaDetail {
        let person = try People(catalog: catalog).person(reference)
        return try newMemory(.person(person.id, from: from, to: to), today: today)
    }

    /// The lentas (newest first) with a person in at least one of their items: the trips they were on.
    public func list(person reference: String) throws -> [LentaSummary] {
        let items = Set(try People(catalog: catalog).items(of: reference).map(\.id))
        let members = try catalog.allMembers()
        return try list().filter { lenta in (members[lenta.id] ?? []).contains { items.contains($0.itemID) } }
    }
}
