import GRDB

extension CatalogSchema {
    /// Memory lentas: the rule that made each (`MemoryRule`: its name and parameters), so
    /// running the rule again updates the same lenta.
    static func registerMemories(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6-memories") { db in
            try db.create(table: "memory") { t in
                t.primaryKey("lentaId", .integer).references("lenta", onDelete: .cascade)
                t.column("rule", .text).notNull()        // on-this-day | year | random (| person)
                t.column("parameters", .text).notNull()  // JSON object of text values
                t.column("key", .text).notNull().unique() // the rule and what names it: "year 2024"
                t.column("madeOn", .text).notNull()      // the day ("today") the rule last ran
            }
        }
    }
}
