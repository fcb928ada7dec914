import Foundation
import GRDB
import LentaCore

/// A face as the catalog keeps it (its vector apart: `FaceVectors`).
public struct StoredFace: Sendable, Equatable {
    public var id: Int64
    public var itemId: Int64
    public var personId: Int64?
    /// Put with its person by hand: grouping never moves it.
    public var byHand: Bool
    public var box: ProjectRect
    public var score: Double
    /// A clip's face: its keyframe's time in seconds (nil for a photo's).
    public var time: Double?
}

/// A person as the catalog keeps them: a name when given, and their faces' items.
public struct StoredPerson: Sendable, Equatable {
    public var id: Int64
    public var name: String?
    public var itemIds: [Int64]
}

extension Catalog {
    /// Items whose faces were never looked for with `model`, or whose file changed since: photos
    /// and clips (not a Live Photo's movie: it is its still's), by id; only those of `ids` when given.
    public func itemsAwaitingFaces(model: String, among ids: [Int64]? = nil) throws -> [MediaItem] {
        try itemsAwaitingFaces(model: model, among: ids, under: nil)
    }

    /// The ids of the items under `roots` whose faces were never looked for with `model` (or
    /// whose file changed since), the most recently catalogued first.
    public func itemIdsAwaitingFaces(model: String, under roots: [String]) throws -> [Int64] {
        try itemsAwaitingFaces(model: model, among: nil, under: roots).map(\.id).reversed()
    }

    private func itemsAwaitingFaces(model: String, among ids: [Int64]?, under roots: [String]?) throws -> [MediaItem] {
        try database.read { db in
            var sql = """
                SELECT * FROM item WHERE NOT EXISTS (SELECT 1 FROM faceScan s WHERE s.itemId = item.id
                AND s.fingerprint = item.fingerprint AND s.size = item.size AND s.model = ?)
                AND id NOT IN (SELECT movieId FROM motionPair)
                """
            var arguments: StatementArguments = [model]
            if let ids {
                sql += " AND id IN (SELECT value FROM json_each(?))"
                arguments += IDList.argument(ids)
            }
            var query = SQL(sql: sql, arguments: arguments)
            if let roots { query = query + " AND " + Self.underRoots(roots) }
            return try ItemRecord.fetchItems(db, query + " ORDER BY id")
        }
    }

    /// Stores the faces found in items (or why none could be looked for), replacing what an
    /// earlier reading of each file gave. New faces belong to nobody until grouped.
    public func storeFaces(_ entries: [(item: MediaItem, faces: [DetectedFace], problem: String?)], model: String) throws {
        guard !entries.isEmpty else { return }
        try database.write { db in
            for entry in entries {
                try db.execute(sql: "DELETE FROM face WHERE itemId = ?", arguments: [entry.item.id])
                for face in entry.faces {
                    try db.execute(sql: """
                        INSERT INTO face (itemId, x, y, width, height, score, embedding, model, time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [entry.item.id, face.box.x, face.box.y, face.box.width, face.box.height, face.score,
                                         face.vector.bytes, model, face.time])
                }
                try db.execute(sql: "INSERT OR REPLACE INTO faceScan (itemId, fingerprint, size, model, problem) VALUES (?, ?, ?, ?, ?)",
                               arguments: [entry.item.id, entry.item.fingerprint, entry.item.size, model, entry.problem])
            }
        }
    }

    /// Every face with its vector, by id (the order grouping goes in).
    public func faceVectors() throws -> [(face: StoredFace, vector: FaceVector)] {
        try database.read { db in
            var result: [(StoredFace, FaceVector)] = []
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM face ORDER BY id")
            while let row = try rows.next() {
                guard let vector = FaceVector(bytes: row["embedding"]) else { continue }
                result.append((Self.storedFace(row), vector))
            }
            return result
        }
    }

    /// Faces of `personId` (every face when nil), by id.
    public func faces(ofPerson personId: Int64? = nil) throws -> [StoredFace] {
        try database.read { db in
            let sql = "SELECT id, itemId, personId, byHand, x, y, width, height, score, time FROM face"
            let rows = personId == nil ? try Row.fetchAll(db, sql: sql + " ORDER BY id")
                : try Row.fetchAll(db, sql: sql + " WHERE personId = ? ORDER BY id", arguments: [personId])
            return rows.map(Self.storedFace)
        }
    }

    private static func storedFace(_ row: Row) -> StoredFace {
        StoredFace(id: row["id"], itemId: row["itemId"], personId: row["personId"], byHand: row["byHand"],
                   box: ProjectRect(x: row["x"], y: row["y"], width: row["width"], height: row["height"]), score: row["score"],
                   time: row["time"])
    }

    /// Puts faces with people: an existing person's id, or a new person (`nil`; faces given the
    /// same `newPerson` number share one). One transaction.
    public func assignFaces(_ assignments: [(faceId: Int64, personId: Int64?, newPerson: Int)], now: Double = Date().timeIntervalSince1970) throws {
        guard !assignments.isEmpty else { return }
        try database.write { db in
            var created: [Int: Int64] = [:]
            for a in assignments {
                var person = a.personId
                if person == nil {
                    if let id = created[a.newPerson] {
                        person = id
                    } else {
                        try db.execute(sql: "INSERT INTO person (createdAt) VALUES (?)", arguments: [now])
                        person = db.lastInsertedRowID
                        created[a.newPerson] = person
                    }
                }
                try db.execute(sql: "UPDATE face SET personId = ? WHERE id = ? AND byHand = 0", arguments: [person, a.faceId])
            }
        }
    }

    /// Every person with faces or a name, by id, with the items their faces are in (each once, by id).
    public func people() throws -> [StoredPerson] {
        try database.read { db in
            var items: [Int64: [Int64]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT DISTINCT personId, itemId FROM face WHERE personId IS NOT NULL ORDER BY personId, itemId") {
                items[row["personId"], default: []].append(row["itemId"])
            }
            return try Row.fetchAll(db, sql: "SELECT id, name FROM person ORDER BY id").compactMap { row in
                let id: Int64 = row["id"]
                let name: String? = row["name"]
                guard name != nil || items[id] != nil else { return nil }
                return StoredPerson(id: id, name: name, itemIds: items[id] ?? [])
            }
        }
    }

    /// The people whose faces are in each of `ids` (items without faces are left out).
    public func peopleInItems(_ ids: [Int64]) throws -> [Int64: [Int64]] {
        try database.read { db in
            var result: [Int64: [Int64]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT DISTINCT itemId, personId FROM face WHERE personId IS NOT NULL AND itemId IN (SELECT value FROM json_each(?))
                ORDER BY itemId, personId
                """, arguments: IDList.argument(ids)) {
                result[row["itemId"], default: []].append(row["personId"])
            }
            return result
        }
    }

    /// Names a person (nil: no name). False when there is no such person.
    public func namePerson(_ id: Int64, as name: String?) throws -> Bool {
        try database.write { db in
            try db.execute(sql: "UPDATE person SET name = ? WHERE id = ?", arguments: [name, id])
            return db.changesCount > 0
        }
    }

    /// Every face of `from` becomes `into`'s, kept there by hand, and `from` is gone (its name
    /// too, unless `into` has none).
    public func mergePeople(_ from: Int64, into: Int64) throws {
        try database.write { db in
            try db.execute(sql: """
                UPDATE person SET name = (SELECT name FROM person WHERE id = ?) WHERE id = ? AND name IS NULL
                """, arguments: [from, into])
            try db.execute(sql: "UPDATE face SET personId = ?, byHand = 1 WHERE personId = ?", arguments: [into, from])
            try db.execute(sql: "DELETE FROM person WHERE id = ?", arguments: [from])
        }
    }

    /// Moves one face to person `to` (a new person when nil), kept there by hand; returns the person.
    public func moveFace(_ faceId: Int64, to: Int64?, now: Double = Date().timeIntervalSince1970) throws -> Int64 {
        try database.write { db in
            var person = to
            if person == nil {
                try db.execute(sql: "INSERT INTO person (createdAt) VALUES (?)", arguments: [now])
                person = db.lastInsertedRowID
            }
            try db.execute(sql: "UPDATE face SET personId = ?, byHand = 1 WHERE id = ?", arguments: [person, faceId])
            return person ?? 0
        }
    }

    /// People with neither faces nor a name are forgotten (their faces' files changed or went).
    public func removeEmptyPeople() throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM person WHERE name IS NULL AND NOT EXISTS (SELECT 1 FROM face WHERE face.personId = person.id)")
        }
    }

    /// Removes every face, vector, person and name, and what was looked at, and rewrites the
    /// file so that no vector is left in its free pages or its write-ahead log.
    public func forgetPeople() throws {
        try database.writeWithoutTransaction { db in
            // Deleted rows' bytes are overwritten, not just unlinked.
            try db.execute(sql: "PRAGMA secure_delete = ON")
            try db.inTransaction {
                try db.execute(sql: "DELETE FROM face")
                try db.execute(sql: "DELETE FROM faceScan")
                try db.execute(sql: "DELETE FROM person")
                return .commit
            }
            try db.execute(sql: "VACUUM")
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }
}
