import Foundation

/// What a path names, by `stat` (following symbolic links). Checked before lenta opens a file a
/// project names: opening a FIFO blocks until something writes to it, so `validate`, `render`
/// and `auto` would hang; a device or a socket is no photo either.
public enum FileType: Equatable, Sendable {
    case regular
    case missing
    case folder
    case fifo
    case characterDevice
    case blockDevice
    case socket
    /// `stat` failed for another reason than the path not existing (permission denied…).
    case inaccessible(String)

    public init(atPath path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR || code == ELOOP { self = .missing; return }
            self = .inaccessible(String(cString: strerror(code)))
            return
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .inaccessible("not a regular file")
        }
    }

    /// Why a file of this type cannot be opened as a file, in words for messages; nil for a regular file.
    public var problem: String? {
        switch self {
        case .regular: return nil
        case .missing: return "file not found"
        case .folder: return "is a folder, not a file"
        case .fifo: return "is a named pipe (FIFO), not a regular file"
        case .characterDevice, .blockDevice: return "is a device, not a regular file"
        case .socket: return "is a socket, not a regular file"
        case .inaccessible(let reason): return "cannot be read (\(reason))"
        }
    }
}
