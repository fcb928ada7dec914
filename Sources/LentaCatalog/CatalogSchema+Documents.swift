import GRDB

extension CatalogSchema {
    /// What photos say: whether the scan's cheap signals said a photo may hold text or a code,
    /// and what reading it (Tesseract, ZXing) found, once read. Rows from before stay unread and
    /// are read the first time a story of their lenta is made.
    static func registerDocuments(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9-documents") { db in
            try db.alter(table: "itemQuality") { t in
                t.add(column: "textGate", .boolean)
                t.add(column: "reading", .text)  // JSON DocumentReading
            }
        }
    }

    /// The longer side of the picture each photo's gate was decided on, so a gate closed on a
    /// small thumbnail is judged again, once, on a larger decode (`ItemQuality.awaitsLargerGate`).
    static func registerGateSide(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v10-gate15-gate-side") { db in
            try db.alter(table: "itemQuality") { t in t.add(column: "gateSide", .integer) }
        }
    }
}
