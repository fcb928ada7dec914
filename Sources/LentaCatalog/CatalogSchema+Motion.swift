import GRDB

extension CatalogSchema {
    /// Live and Motion Photos: what each file says of its motion, and which still and movie are
    /// one Live Photo (rebuilt after every scan that changed something).
    static func registerMotionPairs(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5: motion pairs") { db in
            try db.alter(table: "item") { t in
                t.add(column: "contentIdentifier", .text)  // Apple's Live Photo identifier
                // The movie inside a Motion Photo: bytes [offset, offset + length), what said so.
                t.add(column: "motionOffset", .integer)
                t.add(column: "motionLength", .integer)
                t.add(column: "motionOrigin", .text)
                t.add(column: "motionDuration", .double)
                t.add(column: "motionHasAudio", .boolean)
            }
            try db.create(table: "motionPair") { t in
                t.primaryKey("stillId", .integer).references("item", onDelete: .cascade)
                t.column("movieId", .integer).notNull().unique().references("item", onDelete: .cascade)
                t.column("match", .text).notNull()  // content-identifier | name-and-time
            }
            // Files read before lenta knew of motion are read again by the next scan (their stamp
            // no longer matches), so their identifiers and embedded movies are learned.
            try db.execute(sql: "UPDATE item SET modified = -1")
        }
    }
}
