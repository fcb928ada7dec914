import ArgumentParser
import LentaCatalog
import LentaCore
#if canImport(Glibc)
import Glibc
#endif

/// Flags every command that touches the catalog shares.
struct CatalogOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The catalog file.", discussion: "Default: $LENTA_CATALOG, else $XDG_DATA_HOME/lenta/catalog.sqlite.", valueName: "path"))
    var catalog: String?

    var catalogPath: String { catalog ?? Catalog.defaultPath() }

    func open() throws -> Catalog {
        do {
            return try Catalog(path: catalogPath)
        } catch {
            throw CommandFailure("cannot open the catalog \(catalogPath)", underlying: error)
        }
    }

    /// The catalog copied into memory: for runs that must not write (`auto --dry-run`).
    func openScratchCopy() throws -> Catalog {
        do {
            return try Catalog.scratchCopy(of: catalogPath)
        } catch {
            throw CommandFailure("cannot read the catalog \(catalogPath)", underlying: error)
        }
    }
}

struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print the result as JSON on stdout, for scripts.")
    var json = false
}

/// A failure already explained to the user: exit 1 with this message.
struct CommandFailure: Error, CustomStringConvertible {
    /// What failed, in words; empty when the underlying error says it all.
    var message: String
    /// The file it is about (a project file), when one is.
    var subject: String?
    /// The error underneath, kept typed (a `MediaError`, a `RenderError`…) until it is printed.
    var underlying: (any Error)?

    init(_ message: String, underlying: (any Error)? = nil) {
        self.message = message
        self.underlying = underlying
    }

    init(_ error: any Error, about subject: String? = nil) {
        message = ""
        self.subject = subject
        underlying = error
    }

    /// `story.json: what failed: the underlying error's words`.
    var description: String {
        [subject, message.isEmpty ? nil : message, underlying.map { "\($0)" }].compactMap { $0 }.joined(separator: ": ")
    }
}

/// Output names lenta writes (render, frame, map): UTF-8 only. A name given in other bytes
/// (`caf\xE9.mp4`) is refused before any work, with the bytes shown, rather than written under
/// a name the user did not give.
enum OutputName {
    static func check(_ path: String, option: String = "-o") throws {
        if path.isEmpty { throw ValidationError("\(option) needs a file name (it is empty).") }
        if path.unicodeScalars.contains(where: FilePathBytes.isByte) {
            throw ValidationError("\(option) \(DiagnosticText.path(bytes: FilePathBytes.bytes(of: path))): the name is not UTF-8; "
                + "lenta writes outputs under UTF-8 names only (give a UTF-8 name, then rename it if you must).")
        }
        try refuseNonRegular(path, option: option)
    }

    /// An output is written only over a regular file (or a link to one): a FIFO, a device, a
    /// folder or a socket at its path is refused before any work, so that nothing else the run
    /// writes (an MP4 before its subtitles) has replaced anything yet.
    static func refuseNonRegular(_ path: String, option: String = "-o") throws {
        guard let kind = OutputFileKind.nonRegular(path) else { return }
        throw ValidationError("\(option) \(DiagnosticText.path(path)): refusing to write over \(kind); lenta writes its outputs only over regular files.")
    }
}

/// What is at an output's path when it is not a regular file (nil for a regular file, a link to
/// one, or nothing).
enum OutputFileKind {
    static func nonRegular(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT == S_IFLNK {
            // A link is replaced, not followed, by the rename that puts an output in place;
            // one to something that is not a regular file is refused all the same.
            guard stat(path, &status) == 0 else { return nil }
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        default: return "something that is not a regular file"
        }
    }
}
