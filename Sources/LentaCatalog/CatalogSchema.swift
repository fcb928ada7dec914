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
        migrator.registerMigration("v2: places and lentas") { db in
            try db.alter(table: "item") { t in
                // The toponym per item, looked up once from the offline gazetteer.
                t.add(column: "placeLookedUp", .boolean).notNull().defaults(to: false)
                t.add(column: "placeName", .text)
                t.add(column: "placeCity", .text)
                t.add(column: "placeRegion", .text)
                t.add(column: "placeCountryCode", .text)
                t.add(column: "placeCountry", .text)
                t.add(column: "placeTimeZone", .text)
                t.add(column: "placeDistanceKm", .double)
                t.add(column: "placeRemote", .boolean)
            }
            try db.create(table: "lenta") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull()  // auto | dates | pick
                t.column("title", .text).notNull()
                t.column("fromDate", .text)  // local dates of a date lenta, inclusive
                t.column("toDate", .text)
                // A deleted automatic lenta is kept hidden, so regrouping does not bring it back.
                t.column("hidden", .boolean).notNull().defaults(to: false)
                t.column("createdAt", .double).notNull()
                t.column("updatedAt", .double).notNull()
            }
            try db.create(table: "lentaItem") { t in
                t.column("lentaId", .integer).notNull().references("lenta", onDelete: .cascade)
                t.column("itemId", .integer).notNull().references("item", onDelete: .cascade).indexed()
                t.column("byHand", .boolean).notNull().defaults(to: false)
                t.primaryKey(["lentaId", "itemId"])
            }
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }
        migrator.registerMigration("v3: stories") { db in
            // What `lenta auto` rendered for each lenta, and from what.
            try db.create(table: "story") { t in
                t.primaryKey("lentaId", .integer).references("lenta", onDelete: .cascade)
                t.column("name", .text).notNull().unique()  // file name without extension, stable
                t.column("projectHash", .text)
                t.column("mediaHash", .text)
                t.column("presetHash", .text)
                t.column("toolVersion", .text)
                t.column("renderedAt", .double)
            }
        }
        migrator.registerMigration("v4: item quality", migrate: QualityRecord.createTable)
        registerMotionPairs(&migrator)
        registerPeople(&migrator)
        registerMemories(&migrator)
        registerPeopleInClips(&migrator)
        registerSlowMotion(&migrator)
        registerDocuments(&migrator)
        registerGateSide(&migrator)
        return migrator
    }
}
