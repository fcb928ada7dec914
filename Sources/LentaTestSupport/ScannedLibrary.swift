import Foundation
import LentaLibrary

/// A scanned copy of the synthetic library in a catalog of its own, for suites that run
/// commands against it (each suite keeps one, shared by its tests).
public struct ScannedLibrary: Sendable {
    public let temp: TemporaryFolder
    public let catalog: String
    public let photos: String

    /// Nil when the library cannot be written or scanned (the suite's tests then fail to start).
    public static func make() -> ScannedLibrary? {
        guard let temp = try? TemporaryFolder() else { return nil }
        let photos = temp.path("photos")
        guard (try? SyntheticLibrary().write(to: photos)) != nil else { return nil }
        let catalog = temp.path("catalog.sqlite")
        guard let scan = try? LentaCLI.run(["scan", "--catalog", catalog, photos]), scan.status == 0 else { return nil }
        return ScannedLibrary(temp: temp, catalog: catalog, photos: photos)
    }

    /// `lenta ARGS --catalog` this library's catalog.
    public func run(_ args: [String]) throws -> LentaCLI.Result {
        try LentaCLI.run(args + ["--catalog", catalog])
    }

    /// `lenta list --json`.
    public func lentas() throws -> [LentaSummary] {
        try JSONDecoder().decode([LentaSummary].self, from: Data(try run(["list", "--json"]).stdout.utf8))
    }
}
