import GRDB

extension CatalogSchema {
    /// People: the faces found in items (their boxes and identity vectors, biometric data that
    /// never leaves the catalog), which items were looked at (so an unchanged file never is
    /// again), and the people faces are grouped into, with what a person corrected by hand
    /// (a name, a face moved) kept on the rows themselves, so a rescan keeps it.
    static func registerPeople(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6-people: faces and people") { db in
            try db.create(table: "person") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text)
                t.column("createdAt", .double).notNull()
            }
            try db.create(table: "face") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("itemId", .integer).notNull().references("item", onDelete: .cascade).indexed()
                // The box as shares of the upright picture.
                t.column("x", .double).notNull()
                t.column("y", .double).notNull()
                t.column("width", .double).notNull()
                t.column("height", .double).notNull()
                t.column("score", .double).notNull()
                t.column("embedding", .blob).notNull()  // 128 little-endian float32
                t.column("model", .text).notNull()       // FaceModels.version
                t.column("personId", .integer).references("person", onDelete: .setNull).indexed()
                // Put with its person by hand (`lenta people move`): grouping never moves it.
                t.column("byHand", .boolean).notNull().defaults(to: false)
            }
            try db.create(table: "faceScan") { t in
                t.primaryKey("itemId", .integer).references("item", onDelete: .cascade)
                // The file as it was looked at: another fingerprint or size means it changed.
                t.column("fingerprint", .text).notNull()
                t.column("size", .integer).notNull()
                t.column("model", .text).notNull()
                t.column("problem", .text)
            }
        }
    }

    /// Faces in clips: a clip's face keeps the time of the keyframe it was found on (a photo's
    /// has none), so that one person may be on several of a clip's keyframes and the sheet can
    /// show the frame the face is on.
    static func registerPeopleInClips(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7-people-clips: a clip's face keeps its keyframe's time") { db in
            try db.alter(table: "face") { t in t.add(column: "time", .double) }
        }
    }
}
