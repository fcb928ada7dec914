import GRDB
import LentaCore

/// What marks a SQLite file as a lenta catalog: `PRAGMA application_id` set to "LNTA", as
/// SQLite asks applications to do (`file` then names the format). A file without the mark is
/// taken as a catalog only when it is empty (new) or holds lenta's own tables (a catalog made
/// before the mark); anything else belongs to another application and is left untouched.
enum CatalogIdentity {
    /// "LNTA" as a big-endian 32-bit number.
    static let applicationID: Int32 = 0x4C4E_5441

    /// Tables every lenta catalog has had since its first version.
    static let lentaTables: Set<String> = ["grdb_migrations", "items"]

    struct NotACatalog: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(DiagnosticText.path(path)) is not a lenta catalog (\(reason)); lenta leaves it untouched" }
    }

    /// Checks that the file is a lenta catalog (or empty), without writing.
    /// - Returns: whether it still needs the mark.
    @discardableResult
    static func check(_ database: some DatabaseReader, path: String) throws -> Bool {
        try database.read { db in
            let id = try Int32(truncatingIfNeeded: Int.fetchOne(db, sql: "PRAGMA application_id") ?? 0)
            if id == applicationID { return false }
            if id != 0 {
                throw NotACatalog(path: path, reason: "its application id is 0x\(String(UInt32(bitPattern: id), radix: 16, uppercase: true))")
            }
            let tables = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
            if tables.isEmpty || lentaTables.isSubset(of: tables) { return true }
            let shown = tables.sorted().prefix(5).map { DiagnosticText.quoted($0, limit: 40) }.joined(separator: ", ")
            throw NotACatalog(path: path, reason: "it holds another application's tables: \(shown)\(tables.count > 5 ? ", …" : "")")
        }
    }

    /// Checks the file and marks it as a lenta catalog when it is not yet marked.
    static func claim(_ database: some DatabaseWriter, path: String) throws {
        guard try check(database, path: path) else { return }
        try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA application_id = \(applicationID)") }
    }
}
