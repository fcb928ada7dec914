import GRDB

/// The catalog's tables, built by migrations so an older catalog is upgraded in place.
enum CatalogSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: items") { db in
            try db.create(table: "item") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("path", .text).notNull().unique()
                t.column("size", .integer).notNull()
                t.column("modified", .double).notNull()
                t.column("fingerprint", .text).notNull().indexed()
                t.column("format", .text).notNull()
                t.column("kind", .text).notNull()
                t.column("width", .integer)
                t.column("height", .integer)
                t.column("orientation", .integer)
                t.column("rotation", .integer)
                t.column("make", .text)
                t.column("model", .text)
                // Capture time: local wall clock, its offset (seconds east), the instant, and sources.
                t.column("localTime", .text)
                t.column("utcOffset", .integer)
                t.column("utcTime", .double).indexed()
                t.column("timeSource", .text)
                t.column("offsetSource", .text)  // recorded | gps-timestamp | location
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("altitude", .double)
                t.column("duration", .double)
                t.column("frameRate", .double)
                t.column("variableFrameRate", .boolean)
                t.column("hasAudio", .boolean)
                t.column("warnings", .text).notNull().defaults(to: "[]")
                t.column("scannedAt", .double).notNull()
            }
            try db.create(table: "unreadable") { t in
                t.primaryKey("path", .text)
                t.column("size", .integer).notNull()
                t.column("modified", .double).notNull()
                t.column("reason", .text).notNull()
                t.column("scannedAt", .double).notNull()
            }
        }
        return migrator
    }
}
