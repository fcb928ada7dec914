import Foundation
import Synchronization

/// The output being written under a temporary name right now (a story's MP4), so that the
/// command line's signal handler can remove it when the process is interrupted: Ctrl-C never
/// leaves a half-written file behind. One slot, as lenta writes one story file at a time.
/// The path is kept as a C string whose address sits in an atomic word, so that the handler
/// needs only async-signal-safe operations (an atomic load and `unlink`).
public enum PartialOutput {
    /// The `strdup`ed path's address (0: none).
    private static let current = Atomic<UInt>(0)

    /// `path` is being written.
    package static func began(_ path: String) {
        let copy = UInt(bitPattern: strdup(path))
        free(UnsafeMutablePointer<CChar>(bitPattern: current.exchange(copy, ordering: .sequentiallyConsistent)))
    }

    /// `path` is done (renamed into place or removed); a later `began` for another file is kept.
    package static func ended(_ path: String) {
        let held = current.load(ordering: .sequentiallyConsistent)
        guard let pointer = UnsafeMutablePointer<CChar>(bitPattern: held), String(cString: pointer) == path else { return }
        if current.compareExchange(expected: held, desired: 0, ordering: .sequentiallyConsistent).exchanged { free(pointer) }
    }

    /// Removes the file being written, if any. Only async-signal-safe calls: for a signal handler.
    public static func removeFromSignalHandler() {
        if let path = UnsafeMutablePointer<CChar>(bitPattern: current.load(ordering: .sequentiallyConsistent)) { unlink(path) }
    }
}
