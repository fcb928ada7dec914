import Foundation
import GRDB
import LentaCore
#if canImport(Glibc)
import Glibc
#endif

/// Why the catalog could not be opened, before SQLite was asked (its lock, its kind of file).
public struct CatalogOpenFailure: Error, CustomStringConvertible {
    public var description: String
}

/// The catalog: one SQLite file (WAL, so a reader and a writer in two processes do not block
/// each other) holding what was read from every scanned file.
public final class Catalog {
    let database: any DatabaseWriter
    public let path: String
    /// A copy in memory (`scratchCopy`, for `auto --dry-run`): what is made from it is not kept
    /// beside the catalog either (no stabilisation transforms, no schema lock).
    public let isScratchCopy: Bool

    /// Opens the catalog at `path`, creating it and its folder when missing, and brings its
    /// schema up to date.
    /// - Throws: `CatalogIdentity.NotACatalog` for a SQLite file of another application.
    public convenience init(path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        configuration.label = "lenta.catalog"
        // One process opens the catalog at a time: two opening a new catalog at once race to
        // switch it to WAL, and the loser's `PRAGMA journal_mode = WAL` fails at once with
        // SQLITE_BUSY (its busy timeout does not cover that switch). The same lock then covers
        // the migrations.
        try Self.refuseNonRegularFile(at: path)
        let opening = try Self.schemaLock(path)
        // Another application's SQLite file is refused before it is opened for writing (a pool
        // would already switch it to WAL).
        if FileManager.default.fileExists(atPath: path) {
            var readOnly = Configuration()
            readOnly.readonly = true
            readOnly.busyMode = .timeout(30)
            try CatalogIdentity.check(try DatabaseQueue(path: path, configuration: readOnly), path: path)
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try CatalogIdentity.claim(pool, path: path)
        try self.init(path: path, database: pool, holding: opening)
        withExtendedLifetime(opening) {}
    }

    /// The catalog in `database`, its schema brought up to date.
    /// - Parameter lock: the catalog's schema lock, when the caller already holds it.
    private init(path: String, database: any DatabaseWriter, holding lock: FileLock? = nil, scratch: Bool = false) throws {
        self.path = path
        self.database = database
        isScratchCopy = scratch
        let migrator = CatalogSchema.migrator
        if try !database.read({ try migrator.hasCompletedMigrations($0) }) {
            // GRDB checks which migrations ran outside their transaction: two processes opening a
            // new (or older) catalog at once would both run them. One at a time, then (a copy in
            // memory is this process's alone, and takes no lock file).
            let held = scratch ? nil : try lock ?? Self.schemaLock(path)
            try migrator.migrate(database)
            withExtendedLifetime(held) {}
        }
    }

    /// How long opening waits for another process's schema lock: SQLite's own busy timeout
    /// (30 s), or `$LENTA_LOCK_TIMEOUT` seconds.
    static var lockTimeout: Double {
        guard let text = ProcessInfo.processInfo.environment["LENTA_LOCK_TIMEOUT"], let seconds = Double(text),
              seconds.isFinite, seconds >= 0 else { return 30 }
        return min(seconds, 86_400)
    }

    /// The catalog's schema lock (`CATALOG.schema-lock`), taken within `lockTimeout`.
    static func schemaLock(_ path: String) throws -> FileLock {
        let lockPath = path + ".schema-lock"
        do {
            return try FileLock(path: lockPath, wait: true, timeout: lockTimeout)
        } catch let failure as FileLock.Failure {
            if case .timedOut = failure { throw CatalogOpenFailure(description: "\(failure)") }
            throw CatalogOpenFailure(description: "the schema lock \(lockPath): \(failure)")
        }
    }

    /// A catalog path that is a FIFO, a device or a folder is refused before it is opened
    /// (SQLite would wait on a FIFO forever).
    static func refuseNonRegularFile(at path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { return }  // missing: made new
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFREG else { return }
        let what = kind == S_IFDIR ? "a folder" : kind == S_IFIFO ? "a named pipe (FIFO)" : kind == S_IFCHR || kind == S_IFBLK ? "a device" : "not a regular file"
        throw CatalogOpenFailure(description: "it is \(what), not a regular file")
    }

    /// A copy in memory of the catalog at `path` (an empty catalog when there is no file), for
    /// a run that must write nothing (`auto --dry-run`): the file is read once and never
    /// created, migrated or written; what the run changes is forgotten when it ends.
    public static func scratchCopy(of path: String) throws -> Catalog {
        let memory = try DatabaseQueue()
        try refuseNonRegularFile(at: path)
        if FileManager.default.fileExists(atPath: path) {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(30)
            let file = try DatabaseQueue(path: path, configuration: configuration)
            try CatalogIdentity.check(file, path: path)
            try file.backup(to: memory)
        }
        return try Catalog(path: path, database: memory, scratch: true)
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
