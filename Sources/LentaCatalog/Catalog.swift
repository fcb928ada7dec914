import Foundation
import GRDB
import LentaCore

/// The catalog: one SQLite file (WAL, so a reader and a writer in two processes do not block
/// each other) holding what was read from every scanned file.
public final class Catalog {
    let database: DatabasePool
    public let path: String

    /// Opens the catalog at `path`, creating it and its folder when missing, and brings its
    /// schema up to date.
    public init(path: String) throws {
        self.path = path
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        configuration.label = "lenta.catalog"
        database = try DatabasePool(path: path, configuration: configuration)
        let migrator = CatalogSchema.migrator
        if try !database.read({ try migrator.hasCompletedMigrations($0) }) {
            // GRDB checks which migrations ran outside their transaction: two processes opening a
            // new (or older) catalog at once would both run them. One at a time, then.
            let lock = try FileLock(path: path + ".schema-lock", wait: true)
            try migrator.migrate(database)
            withExtendedLifetime(lock) {}
        }
    }

    /// The default location: `$LENTA_CATALOG`, else `$XDG_DATA_HOME/lenta/catalog.sqlite`,
    /// else `~/.local/share/lenta/catalog.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["LENTA_CATALOG"], !explicit.isEmpty { return explicit }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/lenta/catalog.sqlite"
    }
}
