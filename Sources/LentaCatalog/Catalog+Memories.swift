import Foundation
import GRDB
import LentaCore

/// A memory lenta as the catalog keeps it: its id, its rule, whether it was deleted (hidden),
/// and the day its rule last ran.
public struct MemoryRecord: Hashable, Sendable {
    public var lentaID: Int64
    public var rule: MemoryRule
    public var hidden: Bool
    public var madeOn: LocalDate?
}

extension Catalog {
    /// The rule of every memory lenta, visible or not, by lenta id. A row whose rule this lenta
    /// does not know (a newer lenta's, or the people issue's before it is merged) is left out.
    public func memories() throws -> [Int64: MemoryRecord] {
        try database.read { db in
            var result: [Int64: MemoryRecord] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT lentaId, rule, parameters, madeOn, hidden FROM memory JOIN lenta ON lenta.id = lentaId
                """)
            while let row = try rows.next() {
                let parameters = (try? JSONDecoder().decode([String: String].self, from: Data((row["parameters"] as String).utf8))) ?? [:]
                guard let rule = MemoryRule(name: row["rule"], parameters: parameters) else { continue }
                let id: Int64 = row["lentaId"]
                result[id] = MemoryRecord(lentaID: id, rule: rule, hidden: row["hidden"], madeOn: LocalDate(row["madeOn"] as String))
            }
            return result
        }
    }

    /// The memory lenta the rule made, deleted (hidden) ones too.
    public func memory(key: String) throws -> MemoryRecord? {
        guard let id = try database.read({ db in
            try Int64.fetchOne(db, sql: "SELECT lentaId FROM memory WHERE key = ?", arguments: [key])
        }) else { return nil }
        return try memories()[id]
    }

    /// Makes or updates the memory lenta of `rule`, in one transaction: its title, its members
    /// and its rule; `show` makes a deleted one visible again (a person asked for it by name).
    /// Returns its id.
    @discardableResult
    public func saveMemory(_ rule: MemoryRule, title: String, members: [LentaMember], madeOn: LocalDate, show: Bool,
                           now: Double = Date().timeIntervalSince1970) throws -> Int64 {
        let parameters = String(decoding: try JSONEncoder().encode(rule.parameters), as: UTF8.self)
        return try database.write { db in
            let id: Int64
            if let existing = try Int64.fetchOne(db, sql: "SELECT lentaId FROM memory WHERE key = ?", arguments: [rule.key]) {
                id = existing
                let old = Set(try Row.fetchAll(db, sql: "SELECT itemId, byHand FROM lentaItem WHERE lentaId = ?", arguments: [id])
                    .map { LentaMember(itemID: $0["itemId"], byHand: $0["byHand"]) })
                let oldTitle = try String.fetchOne(db, sql: "SELECT title FROM lenta WHERE id = ?", arguments: [id])
                // Unchanged members keep `updatedAt`: the lenta did not change.
                if old != Set(members) || oldTitle != title {
                    try db.execute(sql: "UPDATE lenta SET title = ?, updatedAt = ? WHERE id = ?", arguments: [title, now, id])
                    try db.execute(sql: "DELETE FROM lentaItem WHERE lentaId = ?", arguments: [id])
                    try Self.insert(members, into: id, db)
                }
                if show { try db.execute(sql: "UPDATE lenta SET hidden = 0 WHERE id = ?", arguments: [id]) }
                try db.execute(sql: "UPDATE memory SET parameters = ?, madeOn = ? WHERE lentaId = ?",
                               arguments: [parameters, madeOn.description, id])
            } else {
                try db.execute(sql: "INSERT INTO lenta (kind, title, hidden, createdAt, updatedAt) VALUES (?, ?, 0, ?, ?)",
                               arguments: [Lenta.Kind.memory.rawValue, title, now, now])
                id = db.lastInsertedRowID
                try Self.insert(members, into: id, db)
                try db.execute(sql: "INSERT INTO memory (lentaId, rule, parameters, key, madeOn) VALUES (?, ?, ?, ?, ?)",
                               arguments: [id, rule.name, parameters, rule.key, madeOn.description])
            }
            return id
        }
    }

    /// Forgets the rule of a lenta that a person re-dated into a lenta of dates.
    public func forgetMemoryRule(lentaID: Int64) throws {
        try database.write { db in try db.execute(sql: "DELETE FROM memory WHERE lentaId = ?", arguments: [lentaID]) }
    }
}
