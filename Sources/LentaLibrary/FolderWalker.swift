#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LentaCore

/// A regular file found by the walk, with what `stat` says of it.
public struct FoundFile: Sendable {
    public var path: String
    public var stamp: FileStamp
}

/// Walks folders in sorted order, skipping hidden entries, following symbolic links but never
/// into a folder it has already entered (so a link loop cannot hang it).
public struct FolderWalker {
    public private(set) var problems: [UnreadableFile] = []
    private var visited = Set<DirectoryIdentity>()

    private struct DirectoryIdentity: Hashable { var device: UInt64; var inode: UInt64 }

    public init() {}

    /// Every regular file under `root` (or `root` itself when it is a file).
    public mutating func files(under root: String) -> [FoundFile] {
        var found: [FoundFile] = []
        var st = stat()
        guard stat(root, &st) == 0 else {
            problems.append(UnreadableFile(path: root, reason: String(cString: strerror(errno))))
            return []
        }
        if (st.st_mode & S_IFMT) == S_IFREG {
            found.append(FoundFile(path: root, stamp: Self.stamp(st)))
        } else if (st.st_mode & S_IFMT) == S_IFDIR {
            walk(root, st, into: &found)
        } else {
            problems.append(UnreadableFile(path: root, reason: "not a folder or a regular file"))
        }
        return found
    }

    static func stamp(_ st: stat) -> FileStamp {
        FileStamp(size: Int64(st.st_size),
                  modified: Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1_000_000_000)
    }

    private mutating func walk(_ folder: String, _ st: stat, into found: inout [FoundFile]) {
        guard visited.insert(DirectoryIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))).inserted else { return }
        guard let dir = FilePathBytes.withCString(folder, { opendir($0) }) else {
            problems.append(UnreadableFile(path: folder, reason: "cannot list folder: " + String(cString: strerror(errno))))
            return
        }
        var entries: [(bytes: [UInt8], name: String)] = []
        while let entry = readdir(dir) {
            // As bytes: a name that is not UTF-8 keeps them (FilePathBytes).
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if bytes.first == UInt8(ascii: ".") { continue }  // ".", "..", and hidden files and folders
            entries.append((bytes, FilePathBytes.string(fromBytes: bytes)))
        }
        closedir(dir)
        // Byte order, not locale order: the same on every machine (the bytes kept, not made again
        // from each name at every comparison).
        entries.sort { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        for name in entries.map(\.name) {
            let path = base + name
            var child = stat()
            guard FilePathBytes.withCString(path, { stat($0, &child) }) == 0 else {
                var link = stat()
                if FilePathBytes.withCString(path, { lstat($0, &link) }) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                    problems.append(UnreadableFile(path: path, reason: "broken symbolic link"))
                } else {
                    problems.append(UnreadableFile(path: path, reason: String(cString: strerror(errno))))
                }
                continue
            }
            switch child.st_mode & S_IFMT {
            case S_IFDIR: walk(path, child, into: &found)
            case S_IFREG: found.append(FoundFile(path: path, stamp: Self.stamp(child)))
            default: continue  // sockets, devices, pipes
            }
        }
    }
}
