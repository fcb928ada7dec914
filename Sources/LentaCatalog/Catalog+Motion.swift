import GRDB
import LentaCore

/// A Live Photo as the catalog knows it: the still, its movie, and what matched them.
public struct LivePhotoPair: Hashable, Sendable {
    public var stillID: Int64
    public var movieID: Int64
    public var match: MotionPairing.Match
    public init(stillID: Int64, movieID: Int64, match: MotionPairing.Match) {
        self.stillID = stillID
        self.movieID = movieID
        self.match = match
    }
}

extension Catalog {
    /// Pairs the catalog's stills and movies into Live Photos by `MotionPairing`'s rule, replacing
    /// the pairs found before: a half whose other half is gone is on its own again.
    /// Returns the number of pairs.
    @discardableResult
    public func pairLivePhotos() throws -> Int {
        try database.write { db in
            var candidates: [MotionPairing.Candidate] = []
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, path, kind, contentIdentifier, duration, localTime, utcOffset, utcTime, timeSource, offsetSource
                FROM item ORDER BY id
                """)
            while let row = try rows.next() {
                guard let kind = MediaKind(rawValue: row["kind"]) else { continue }
                candidates.append(MotionPairing.Candidate(
                    id: row["id"], path: row["path"], kind: kind, contentIdentifier: row["contentIdentifier"],
                    captureTime: ItemRecord.captureTime(source: row["timeSource"], local: row["localTime"], offset: row["utcOffset"],
                                                        utc: row["utcTime"], offsetSource: row["offsetSource"]),
                    duration: row["duration"]))
            }
            let pairs = MotionPairing.pairs(candidates)
            try db.execute(sql: "DELETE FROM motionPair")
            let insert = try db.cachedStatement(sql: "INSERT INTO motionPair (stillId, movieId, match) VALUES (?, ?, ?)")
            for pair in pairs { try insert.execute(arguments: [pair.stillID, pair.movieID, pair.match.rawValue]) }
            return pairs.count
        }
    }

    /// The Live Photo pairs whose still is one of `stillIDs` (all pairs when nil), by still.
    public func livePhotoPairs(stillIDs: [Int64]? = nil) throws -> [Int64: LivePhotoPair] {
        try database.read { db in
            var sql = "SELECT stillId, movieId, match FROM motionPair"
            var arguments: StatementArguments = []
            if let stillIDs {
                sql += " WHERE stillId IN (SELECT value FROM json_each(?))"
                arguments = IDList.argument(stillIDs)
            }
            var result: [Int64: LivePhotoPair] = [:]
            for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
                guard let match = MotionPairing.Match(rawValue: row["match"]) else { continue }
                result[row["stillId"]] = LivePhotoPair(stillID: row["stillId"], movieID: row["movieId"], match: match)
            }
            return result
        }
    }
}
