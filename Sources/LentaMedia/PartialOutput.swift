import Foundation
import Synchronization

/// The output being written under a temporary name right now (a story's MP4), so that the
/// command line's signal handler can remove it when the process is interrupted: Ctrl-C never
/// leaves a half-written file behind. One slot, as lenta writes one story file at a time.
/// The path is kept as a C string behind an atomic pointer so that the handler needs only
/// async-signal-safe operations (an atomic load and `unlink`).
public enum PartialOutput {
    private static let current = Atomic<UnsafeMutablePointer<CChar>?>(nil)

    /// `path` is being written.
    package static func began(_ path: String) {
        free(current.exchange(strdup(path), ordering: .sequentiallyConsistent))
    }

    /// `path` is done (renamed into place or removed); a later `began` for another file is kept.
    package static func ended(_ path: String) {
        guard let held = current.load(ordering: .sequentiallyConsistent), String(cString: held) == path else { return }
        if current.compareExchange(expected: held, desired: nil, ordering: .sequentiallyConsistent).exchanged { free(held) }
    }

    /// Removes the file being written, if any. Only async-signal-safe calls: for a signal handler.
    public static func removeFromSignalHandler() {
        if let path = current.load(ordering: .sequentiallyConsistent) { unlink(path) }
    }
}
