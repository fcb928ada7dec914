import Foundation

/// Hands a file written front to back to the disk as it grows, and has the page cache forget
/// what has reached the disk, so the file's later writes reuse the pages of its earlier ones.
/// Each write into a page the kernel has not handed out lately costs more than the copy: on the
/// bench's virtual machine (memory given back to the host when free), writing 600 MB into new
/// pages took 0.84–1.10 CPU s in write(2), into pages just freed 0.12 s (issue 31, session 20;
/// a 2160p story is 750 MB). The data is on disk a few seconds sooner than the kernel would
/// have put it there, and the finished file is read back from the disk rather than from memory.
final class WriteBehind {
    /// Writeback is started for every `step` bytes written…
    static let step: Int64 = 8 << 20
    /// …and what lies more than `window` bytes behind the end is waited for and forgotten.
    static let window: Int64 = 32 << 20

    // sync_file_range(2) and its flags (Linux's ABI): Glibc's module leaves them out, as _GNU_SOURCE's.
    private typealias SyncFileRange = @convention(c) (Int32, off_t, off_t, UInt32) -> Int32
    private static let syncFileRange: SyncFileRange? = dlsym(nil, "sync_file_range").map { unsafeBitCast($0, to: SyncFileRange.self) }
    private static let waitBefore: UInt32 = 1, startWrite: UInt32 = 2, waitAfter: UInt32 = 4

    private let fd: Int32
    /// Writeback started up to here.
    private var started: Int64 = 0
    /// Forgotten by the page cache up to here.
    private var forgotten: Int64 = 0

    /// Opens `path` (being written by another descriptor) to follow it; nil when it cannot.
    init?(path: String) {
        guard Self.syncFileRange != nil else { return nil }
        fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
    }

    deinit { close(fd) }

    /// The file has been written up to `end` (the writer's position: what it still buffers is
    /// written again later, so the ranges only reach the disk early). Failures are ignored: a
    /// file system without writeback (tmpfs) keeps its pages, as it would have anyway.
    func wrote(upTo end: Int64) {
        guard end - started >= Self.step, let syncFileRange = Self.syncFileRange else { return }
        _ = syncFileRange(fd, off_t(started), off_t(end - started), Self.startWrite)
        started = end
        let settled = end - Self.window
        guard settled - forgotten >= Self.step else { return }
        _ = syncFileRange(fd, off_t(forgotten), off_t(settled - forgotten), Self.waitBefore | Self.startWrite | Self.waitAfter)
        _ = posix_fadvise(fd, off_t(forgotten), off_t(settled - forgotten), POSIX_FADV_DONTNEED)
        forgotten = settled
    }
}
