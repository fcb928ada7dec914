#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the file being written when the process is interrupted (SIGINT, SIGTERM, SIGHUP),
/// then dies of the same signal: Ctrl-C never leaves a half-written MP4 behind. The path is kept
/// as a C string so the handler only calls async-signal-safe functions (`unlink`, `signal`,
/// `raise`).
public enum InterruptCleanup {
    nonisolated(unsafe) private static var pending: UnsafeMutablePointer<CChar>? = nil
    nonisolated(unsafe) private static var installed = false

    /// Installs the handlers (once).
    public static func install() {
        guard !installed else { return }
        installed = true
        // A parent may start lenta with these signals blocked (a thread pool's worker blocks them,
        // and a child inherits its mask): unblocked here, on the calling thread, so the handlers run.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { received in
                if let path = InterruptCleanup.pending { unlink(path) }
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// The file to remove if the process is interrupted now (nil: none).
    public static func protect(_ path: String?) {
        let old = pending
        pending = path.flatMap { strdup($0) }
        free(old)
    }
}
