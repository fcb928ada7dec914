import Foundation
import GRDB
import LentaCore

struct LentaRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "lenta"
    var id: Int64?
    var kind: String
    var title: String
    var fromDate: String?
    var toDate: String?
    var hidden: Bool
    var createdAt: Double
    var updatedAt: Double

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var lenta: Lenta? {
        guard let id, let kind = Lenta.Kind(rawValue: kind) else { return nil }
        return Lenta(id: id, kind: kind, title: title, from: fromDate.flatMap { LocalDate($0) }, to: toDate.flatMap { LocalDate($0) })
    }
}

/// A lenta's member: an item, and whether a person put it there (it then stays through edits).
public struct LentaMember: Hashable, Sendable {
    public var itemID: Int64
    public var byHand: Bool
    public init(itemID: Int64, byHand: Bool) {
        self.itemID = itemID
        self.byHand = byHand
    }
}

/// An automatic lenta as regrouping proposes it; `id` is the existing lenta it continues, if any.
public struct AutoLentaProposal: Sendable {
    public var id: Int64?
    public var title: String
    public var itemIDs: [Int64]
    public init(id: Int64?, title: String, itemIDs: [Int64]) {
        self.id = id
        self.title = title
        self.itemIDs = itemIDs
    }
}

extension Catalog {
    /// Visible lentas by id.
    public func lentas() throws -> [Lenta] {
        try database.read { db in
            try LentaRecord.fetchAll(db, sql: "SELECT * FROM lenta WHERE hidden = 0 ORDER BY id").compactMap(\.lenta)
        }
    }

    public func lenta(id: Int64) throws -> Lenta? {
        try database.read { db in
            try LentaRecord.fetchOne(db, sql: "SELECT * FROM lenta WHERE id = ? AND hidden = 0", arguments: [id])?.lenta
        }
    }

    public func members(of id: Int64) throws -> [LentaMember] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT itemId, byHand FROM lentaItem WHERE lentaId = ? ORDER BY itemId", arguments: [id])
                .map { LentaMember(itemID: $0["itemId"], byHand: $0["byHand"]) }
        }
    }

    /// Members of every visible lenta, by lenta id.
    public func allMembers() throws -> [Int64: [LentaMember]] {
        try database.read { db in
            var result: [Int64: [LentaMember]] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT lentaId, itemId, byHand FROM lentaItem JOIN lenta ON lenta.id = lentaId
                WHERE lenta.hidden = 0 ORDER BY lentaId, itemId
                """)
            while let row = try rows.next() {
                result[row["lentaId"], default: []].append(LentaMember(itemID: row["itemId"], byHand: row["byHand"]))
            }
            return result
        }
    }

    /// The brief of every item (all of them when `ids` is nil), for grouping, ordering and titles.
    public func briefs(ids: [Int64]? = nil) throws -> [ItemBrief] {
        try database.read { db in
            var result: [ItemBrief] = []
            let columns = """
                SELECT id, path, modified, kind, localTime, utcOffset, utcTime, timeSource, offsetSource, latitude, longitude,
                       altitude, placeName, placeCity, placeRegion, placeCountryCode, placeCountry, placeTimeZone,
                       placeDistanceKm, placeRemote FROM item
                """
            // A Live Photo's movie is part of its still's item, never an item of its own.
            let notMotion = " id NOT IN (SELECT movieId FROM motionPair)"
            let rows: RowCursor
            if let ids {
                rows = try Row.fetchCursor(db, sql: columns + " WHERE id IN (SELECT value FROM json_each(?)) AND" + notMotion + " ORDER BY id",
                                           arguments: IDList.argument(ids))
            } else {
                rows = try Row.fetchCursor(db, sql: columns + " WHERE" + notMotion + " ORDER BY id")
            }
            while let row = try rows.next() {
                let lat: Double? = row["latitude"], lon: Double? = row["longitude"]
                result.append(ItemBrief(
                    id: row["id"], path: row["path"], modified: row["modified"],
                    kind: MediaKind(rawValue: row["kind"]) ?? .photo,
                    captureTime: ItemRecord.captureTime(source: row["timeSource"], local: row["localTime"], offset: row["utcOffset"],
                                                        utc: row["utcTime"], offsetSource: row["offsetSource"]),
                    location: lat.flatMap { la in lon.map { GeoPoint(latitude: la, longitude: $0, altitude: row["altitude"]) } },
                    place: ItemRecord.place(name: row["placeName"], city: row["placeCity"], region: row["placeRegion"],
                                            countryCode: row["placeCountryCode"], country: row["placeCountry"],
                                            timeZone: row["placeTimeZone"], distanceKm: row["placeDistanceKm"], remote: row["placeRemote"])))
            }
            return result
        }
    }

    /// Items by id.
    public func items(ids: [Int64]) throws -> [MediaItem] {
        let qualities = try quality(ids: ids)
        return try database.read { db in
            try ItemRecord.fetchAll(db, keys: ids).compactMap(\.item).map { item in
                var item = item
                item.quality = qualities[item.id]?.quality
                return item
            }
        }
    }

    /// The item stored for an absolute path.
    public func item(path: String) throws -> MediaItem? {
        try database.read { db in try ItemRecord.fetchOne(db, sql: "SELECT * FROM item WHERE path = ?", arguments: [path])?.item }
    }

    /// Creates a lenta with its members; returns its id.
    public func createLenta(kind: Lenta.Kind, title: String, from: LocalDate? = nil, to: LocalDate? = nil,
                            members: [LentaMember], now: Double = Date().timeIntervalSince1970) throws -> Int64 {
        try database.write { db in
            var record = LentaRecord(id: nil, kind: kind.rawValue, title: title, fromDate: from?.description, toDate: to?.description,
                                     hidden: false, createdAt: now, updatedAt: now)
            try record.insert(db)
            let id = record.id ?? db.lastInsertedRowID
            try Self.insert(members, into: id, db)
            return id
        }
    }

    /// Replaces a lenta's kind, title, dates and members in one transaction.
    public func updateLenta(_ lenta: Lenta, members: [LentaMember], now: Double = Date().timeIntervalSince1970) throws {
        try database.write { db in
            try db.execute(sql: "UPDATE lenta SET kind = ?, title = ?, fromDate = ?, toDate = ?, updatedAt = ? WHERE id = ?",
                           arguments: [lenta.kind.rawValue, lenta.title, lenta.from?.description, lenta.to?.description, now, lenta.id])
            try db.execute(sql: "DELETE FROM lentaItem WHERE lentaId = ?", arguments: [lenta.id])
            try Self.insert(members, into: lenta.id, db)
        }
    }

    /// Deletes a lenta. An automatic one is hidden instead, so regrouping does not propose it
    /// again; so is a memory, so the nightly job does not make it again.
    public func deleteLenta(id: Int64) throws {
        try database.write { db in
            let kind = try String.fetchOne(db, sql: "SELECT kind FROM lenta WHERE id = ?", arguments: [id])
            if kind == Lenta.Kind.auto.rawValue || kind == Lenta.Kind.memory.rawValue {
                try db.execute(sql: "UPDATE lenta SET hidden = 1 WHERE id = ?", arguments: [id])
            } else {
                try db.execute(sql: "DELETE FROM lenta WHERE id = ?", arguments: [id])
            }
        }
    }

    /// Item ids of every automatic lenta, hidden ones included, by lenta id.
    public func autoLentaMembers() throws -> [Int64: Set<Int64>] {
        try database.read { db in
            var result: [Int64: Set<Int64>] = [:]
            for id in try Int64.fetchAll(db, sql: "SELECT id FROM lenta WHERE kind = 'auto'") { result[id] = [] }
            let rows = try Row.fetchCursor(db, sql: "SELECT lentaId, itemId FROM lentaItem JOIN lenta ON lenta.id = lentaId WHERE kind = 'auto'")
            while let row = try rows.next() { result[row["lentaId"], default: []].insert(row["itemId"]) }
            return result
        }
    }

    /// Makes the automatic lentas what regrouping proposes, in one transaction: proposals with an
    /// id continue that lenta (a hidden one stays hidden), the others are created, and automatic
    /// lentas no proposal continues are removed.
    public func replaceAutoLentas(with proposals: [AutoLentaProposal], now: Double = Date().timeIntervalSince1970) throws {
        try database.write { db in
            let kept = Set(proposals.compactMap(\.id))
            var titles: [Int64: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, title FROM lenta WHERE kind = 'auto'") { titles[row["id"]] = row["title"] }
            for id in titles.keys where !kept.contains(id) {
                try db.execute(sql: "DELETE FROM lenta WHERE id = ?", arguments: [id])
            }
            var old: [Int64: Set<Int64>] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT lentaId, itemId FROM lentaItem JOIN lenta ON lenta.id = lentaId WHERE kind = 'auto'")
            while let row = try rows.next() { old[row["lentaId"], default: []].insert(row["itemId"]) }
            for proposal in proposals {
                let members = proposal.itemIDs.map { LentaMember(itemID: $0, byHand: false) }
                if let id = proposal.id {
                    guard old[id] != Set(proposal.itemIDs) || titles[id] != proposal.title else { continue }
                    try db.execute(sql: "UPDATE lenta SET title = ?, updatedAt = ? WHERE id = ?", arguments: [proposal.title, now, id])
                    try db.execute(sql: "DELETE FROM lentaItem WHERE lentaId = ?", arguments: [id])
                    try Self.insert(members, into: id, db)
                } else {
                    var record = LentaRecord(id: nil, kind: Lenta.Kind.auto.rawValue, title: proposal.title, fromDate: nil, toDate: nil,
                                             hidden: false, createdAt: now, updatedAt: now)
                    try record.insert(db)
                    try Self.insert(members, into: record.id ?? db.lastInsertedRowID, db)
                }
            }
        }
    }

    static func insert(_ members: [LentaMember], into id: Int64, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT OR REPLACE INTO lentaItem (lentaId, itemId, byHand) VALUES (?, ?, ?)")
        for m in members { try statement.execute(arguments: [id, m.itemID, m.byHand]) }
    }

    // MARK: - Settings

    public func setting(_ key: String) throws -> String? {
        try database.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    public func setSetting(_ key: String, _ value: String) throws {
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }
}
