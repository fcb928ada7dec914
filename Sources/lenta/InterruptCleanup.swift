#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LentaMedia

/// Process signal handling, which belongs to the command line: on SIGINT, SIGTERM or SIGHUP the
/// output being written (`PartialOutput`) is removed and the process dies of the same signal.
/// The handler calls only async-signal-safe functions (`unlink`, `signal`, `raise`).
enum InterruptCleanup {
    /// Installs the handlers (installing them again changes nothing).
    static func install() {
        // A parent may start lenta with these signals blocked (a thread pool's worker blocks them,
        // and a child inherits its mask): unblocked here, on the calling thread, so the handlers run.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, sig) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { received in
                PartialOutput.removeFromSignalHandler()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
