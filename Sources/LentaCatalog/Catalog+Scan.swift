import GRDB
import LentaCore

/// One transaction's worth of scan results.
public struct CatalogBatch: Sendable {
    /// New or changed files, stored by path.
    public var stored: [ScannedFile] = []
    /// Files found at a new path: the row of `id` takes the new path (and the new reading).
    public var moved: [(id: Int64, file: ScannedFile)] = []
    public var unreadable: [(file: UnreadableFile, stamp: FileStamp)] = []
    public init() {}
    public var isEmpty: Bool { stored.isEmpty && moved.isEmpty && unreadable.isEmpty }
}

extension Catalog {
    /// SQL that keeps rows whose `path` is one of `roots` or inside one of them.
    static func underRoots(_ roots: [String]) -> SQL {
        guard !roots.isEmpty else { return "0" }
        let parts: [SQL] = roots.map { root in
            let prefix = root.hasSuffix("/") ? root : root + "/"
            return "(path = \(root) OR substr(path, 1, length(\(prefix))) = \(prefix))"
        }
        return "(" + parts.joined(separator: " OR ") + ")"
    }

    /// What the catalog knows of every file under `roots`: readable ones with their ids, and the
    /// unreadable ones (so an unchanged broken file is not read again every night).
    public func stamps(under roots: [String]) throws -> (items: [String: (id: Int64, stamp: FileStamp, fingerprint: String)],
                                                        unreadable: [String: (stamp: FileStamp, reason: String)]) {
        try database.read { db in
            var items: [String: (Int64, FileStamp, String)] = [:]
            let rows = try Row.fetchCursor(db, SQLRequest<Row>(literal: "SELECT id, path, size, modified, fingerprint FROM item WHERE \(Self.underRoots(roots))"))
            while let row = try rows.next() {
                items[row["path"]] = (row["id"], FileStamp(size: row["size"], modified: row["modified"]), row["fingerprint"])
            }
            var unreadable: [String: (FileStamp, String)] = [:]
            for record in try UnreadableRecord.fetchAll(db, SQLRequest<UnreadableRecord>(literal: "SELECT * FROM unreadable WHERE \(Self.underRoots(roots))")) {
                unreadable[record.path] = (FileStamp(size: record.size, modified: record.modified), record.reason)
            }
            return (items.mapValues { (id: $0.0, stamp: $0.1, fingerprint: $0.2) }, unreadable.mapValues { (stamp: $0.0, reason: $0.1) })
        }
    }

    /// The file's quality, or its problem; neither (not analysed yet) leaves the item awaiting
    /// `itemsAwaitingQuality`, whatever was known of the file's earlier contents.
    private static func storeQuality(of file: ScannedFile, id: Int64, _ db: Database) throws {
        if file.quality == nil && file.qualityProblem == nil {
            try db.cachedStatement(sql: "DELETE FROM itemQuality WHERE itemId = ?").execute(arguments: [id])
        } else {
            try QualityRecord(itemId: id, quality: file.quality, problem: file.qualityProblem).save(db)
        }
    }

    /// Writes a batch in one transaction: a crash leaves either all of it or none. The statements
    /// a file runs are prepared once a batch (SQLite's parsing was a third of a row's writing).
    public func record(_ batch: CatalogBatch, scannedAt: Double) throws {
        guard !batch.isEmpty else { return }
        try database.write { db in
            let existingID = try db.cachedStatement(sql: "SELECT id FROM item WHERE path = ?")
            let forgetUnreadable = try db.cachedStatement(sql: "DELETE FROM unreadable WHERE path = ?")
            for file in batch.stored {
                var record = ItemRecord(file, scannedAt: scannedAt)
                if let existing = try Int64.fetchOne(existingID, arguments: [file.path]) {
                    record.id = existing
                    try record.update(db)
                } else {
                    try record.insert(db)
                }
                if let id = record.id { try Self.storeQuality(of: file, id: id, db) }
                try forgetUnreadable.execute(arguments: [file.path])
            }
            for (id, file) in batch.moved {
                // Whatever stood at the destination before is replaced by the moved file's row.
                try db.execute(sql: "DELETE FROM item WHERE path = ? AND id != ?", arguments: [file.path, id])
                var record = ItemRecord(file, scannedAt: scannedAt)
                record.id = id
                try record.update(db)
                try Self.storeQuality(of: file, id: id, db)
                try forgetUnreadable.execute(arguments: [file.path])
            }
            for (file, stamp) in batch.unreadable {
                try db.execute(sql: "DELETE FROM item WHERE path = ?", arguments: [file.path])
                try UnreadableRecord(path: file.path, size: stamp.size, modified: stamp.modified,
                                     reason: file.reason, scannedAt: scannedAt).save(db)
            }
        }
    }

    /// Forgets files that are gone.
    public func remove(paths: [String]) throws {
        guard !paths.isEmpty else { return }
        try database.write { db in
            for path in paths {
                try db.execute(sql: "DELETE FROM item WHERE path = ?", arguments: [path])
                try db.execute(sql: "DELETE FROM unreadable WHERE path = ?", arguments: [path])
            }
        }
    }

    /// Every item under `roots` (all items when `roots` is nil), by path.
    public func items(under roots: [String]? = nil) throws -> [MediaItem] {
        var items: [MediaItem] = []
        try forEachItem(under: roots) { items.append($0) }
        return items
    }

    /// Every item under `roots` (all items when `roots` is nil), by path, each handed to `body` as
    /// it is read: `scan --json` writes a library's items without holding them all.
    public func forEachItem(under roots: [String]? = nil, _ body: (MediaItem) throws -> Void) throws {
        try database.read { db in
            let query: SQL = roots.map { "SELECT * FROM item WHERE \(Self.underRoots($0)) ORDER BY path" } ?? "SELECT * FROM item ORDER BY path"
            try ItemRecord.forEachItem(db, query, body)
        }
    }

    /// How many items under `roots` there are, how many have no capture date of their own
    /// (none, or only the file's modification time), and how many have no position.
    public func counts(under roots: [String]) throws -> (items: Int, withoutDate: Int, withoutPosition: Int) {
        try database.read { db in
            let row = try Row.fetchOne(db, SQLRequest<Row>(literal: """
                SELECT count(*) AS items,
                       coalesce(sum(timeSource IS NULL OR timeSource = \(CaptureTimeSource.fileModificationTime.rawValue)), 0) AS withoutDate,
                       coalesce(sum(latitude IS NULL), 0) AS withoutPosition
                FROM item WHERE \(Self.underRoots(roots))
                """))
            return (row?["items"] ?? 0, row?["withoutDate"] ?? 0, row?["withoutPosition"] ?? 0)
        }
    }

    /// Files under `roots` that could not be read at their last scan, by path.
    public func unreadableFiles(under roots: [String]? = nil) throws -> [UnreadableFile] {
        try database.read { db in
            let request: SQLRequest<UnreadableRecord> = roots.map { "SELECT * FROM unreadable WHERE \(Self.underRoots($0)) ORDER BY path" }
                ?? "SELECT * FROM unreadable ORDER BY path"
            return try UnreadableRecord.fetchAll(db, request).map { UnreadableFile(path: $0.path, reason: $0.reason) }
        }
    }
}
