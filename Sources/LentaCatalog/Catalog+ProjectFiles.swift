import Foundation

/// Where a lenta's project file was last written, kept in the `setting` table (no schema
/// change) as `project.ID.file`: `lenta project -o` has no default place, so the catalog
/// remembers the place given, for commands that want the lenta's story (`lenta sheet`).
extension Catalog {
    /// Remembers `path` (absolute) as lenta `lentaID`'s project file.
    public func recordProjectFile(lentaID: Int64, path: String) throws {
        try setSetting("project.\(lentaID).file", path)
    }

    /// The project file last written for lenta `lentaID`, when one was (it may since be gone).
    public func projectFile(lentaID: Int64) throws -> String? {
        try setting("project.\(lentaID).file")
    }
}
