import GRDB
import LentaCore

extension Catalog {
    /// Stores what was learned of items (or why nothing could be), replacing what was known.
    public func storeQuality(_ entries: [(id: Int64, quality: ItemQuality?, problem: String?)]) throws {
        guard !entries.isEmpty else { return }
        try database.write { db in
            for entry in entries { try QualityRecord(itemId: entry.id, quality: entry.quality, problem: entry.problem).save(db) }
        }
    }

    /// Items that have never been analysed (clips waiting for a story, a catalog from before
    /// quality was learned) and are not a Live Photo's motion (shown only through its still, so
    /// never measured): their ids, paths and metadata, by path; only those of `ids` when given.
    public func itemsAwaitingQuality(among ids: [Int64]? = nil) throws -> [MediaItem] {
        try database.read { db in
            var sql = """
                SELECT * FROM item WHERE NOT EXISTS (SELECT 1 FROM itemQuality WHERE itemQuality.itemId = item.id)
                AND id NOT IN (SELECT movieId FROM motionPair)
                """
            var arguments: StatementArguments = []
            if let ids {
                sql += " AND id IN (SELECT value FROM json_each(?))"
                arguments = IDList.argument(ids)
            }
            return try ItemRecord.fetchItems(db, SQL(sql: sql + " ORDER BY path", arguments: arguments))
        }
    }

    /// Photos analysed but not yet read for text and codes whose cheap signals said they may hold
    /// some (or, analysed before documents were read, are unknown): read before a story shows them.
    public func itemsAwaitingReading(among ids: [Int64]) throws -> [MediaItem] {
        try database.read { db in
            let sql = """
                SELECT item.* FROM item JOIN itemQuality ON itemQuality.itemId = item.id
                WHERE itemQuality.problem IS NULL AND itemQuality.reading IS NULL AND itemQuality.clip IS NULL
                AND itemQuality.source != 'keyframes' AND (itemQuality.textGate IS NULL OR itemQuality.textGate)
                AND item.id IN (SELECT value FROM json_each(?))
                ORDER BY item.path
                """
            return try ItemRecord.fetchAll(db, sql: sql, arguments: IDList.argument(ids)).compactMap(\.item)
        }
    }

    /// Photos of `ids` whose gate the scan closed on a stored thumbnail smaller than analysis
    /// size (or of a size not kept) and that are not read: their gate is judged again on a
    /// larger decode (`ItemQuality.awaitsLargerGate`), with their quality.
    public func itemsAwaitingLargerGate(among ids: [Int64]) throws -> [MediaItem] {
        try database.read { db in
            let sources = ItemQuality.thumbnailSources.sorted().map { "'\($0)'" }.joined(separator: ", ")
            let sql = """
                SELECT * FROM itemQuality WHERE problem IS NULL AND reading IS NULL AND clip IS NULL AND textGate = 0
                AND source IN (\(sources)) AND (gateSide IS NULL OR gateSide < \(ItemQuality.analysisSide))
                AND itemId IN (SELECT value FROM json_each(?))
                """
            let qualities = try QualityRecord.fetchAll(db, sql: sql, arguments: IDList.argument(ids))
            let byID = Dictionary(uniqueKeysWithValues: qualities.compactMap { record in record.quality.map { (record.itemId, $0) } })
            let items = try ItemRecord.fetchAll(db, sql: "SELECT * FROM item WHERE id IN (SELECT value FROM json_each(?)) ORDER BY path",
                                                arguments: IDList.argument(Array(byID.keys))).compactMap(\.item)
            return items.map { item in
                var item = item
                item.quality = byID[item.id]
                return item
            }
        }
    }

    /// What is known of the quality of items, by id: the quality, or the problem that stopped it.
    public func quality(ids: [Int64]) throws -> [Int64: (quality: ItemQuality?, problem: String?)] {
        try database.read { db in
            var result: [Int64: (ItemQuality?, String?)] = [:]
            for record in try QualityRecord.fetchAll(db, keys: ids) { result[record.itemId] = (record.quality, record.problem) }
            return result.mapValues { (quality: $0.0, problem: $0.1) }
        }
    }
}
