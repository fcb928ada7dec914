import ArgumentParser
import LentaCatalog
import LentaCore

/// Flags every command that touches the catalog shares.
struct CatalogOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The catalog file.", discussion: "Default: $LENTA_CATALOG, else $XDG_DATA_HOME/lenta/catalog.sqlite.", valueName: "path"))
    var catalog: String?

    var catalogPath: String { catalog ?? Catalog.defaultPath() }

    func open() throws -> Catalog {
        do {
            return try Catalog(path: catalogPath)
        } catch {
            throw CommandFailure("cannot open the catalog \(catalogPath): \(error)")
        }
    }

    /// The catalog copied into memory: for runs that must not write (`auto --dry-run`).
    func openScratchCopy() throws -> Catalog {
        do {
            return try Catalog.scratchCopy(of: catalogPath)
        } catch {
            throw CommandFailure("cannot read the catalog \(catalogPath): \(error)")
        }
    }
}

struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print the result as JSON on stdout, for scripts.")
    var json = false
}

/// A failure already explained to the user: exit 1 with this message.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// Output names lenta writes (render, frame, map): UTF-8 only. A name given in other bytes
/// (`caf\xE9.mp4`) is refused before any work, with the bytes shown, rather than written under
/// a name the user did not give.
enum OutputName {
    static func check(_ path: String) throws {
        guard path.unicodeScalars.contains(where: FilePathBytes.isByte) else { return }
        throw ValidationError("-o \(DiagnosticText.path(bytes: FilePathBytes.bytes(of: path))): the name is not UTF-8; "
            + "lenta writes outputs under UTF-8 names only (give a UTF-8 name, then rename it if you must).")
    }
}
