#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LentaCore
import Synchronization

/// Where messages go: data on stdout, progress and problems on stderr, progress only on a terminal.
enum Terminal {
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((printable(line) + "\n").utf8))
    }

    /// A message with any control character left in it (from a file name or a value quoted
    /// without `DiagnosticText`) escaped, so nothing a file holds can drive the terminal.
    static func printable(_ message: String) -> String {
        guard message.unicodeScalars.contains(where: {
            $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) || FilePathBytes.isByte($0)
        }) else {
            return message
        }
        return message.split(separator: "\n", omittingEmptySubsequences: false).map { DiagnosticText.value(String($0), limit: .max) }
            .joined(separator: "\n")
    }

    /// A one-line progress bar with the time left, redrawn in place (at most five times a second).
    /// Scans report progress from their reading threads, so the bar's state is behind a lock.
    final class ProgressBar: Sendable {
        private let label: String
        private let enabled: Bool
        private let started = Date()
        private let state = Mutex((lastDrawn: Date.distantPast, shown: false))

        init(label: String, enabled: Bool = Terminal.stderrIsTerminal) {
            self.label = label
            self.enabled = enabled
        }

        func update(_ done: Int, of total: Int) {
            guard enabled, total > 0 else { return }
            let now = Date()
            let draw = state.withLock { state in
                guard done == total || now.timeIntervalSince(state.lastDrawn) >= 0.2 else { return false }
                state.lastDrawn = now
                state.shown = true
                return true
            }
            guard draw else { return }
            let width = 30
            let filled = done * width / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            var eta = ""
            if done > 0, done < total {
                let left = Int((now.timeIntervalSince(started) / Double(done) * Double(total - done)).rounded())
                eta = String(format: " ETA %d:%02d", left / 60, left % 60)
            }
            FileHandle.standardError.write(Data("\r\(label) \(bar) \(done * 100 / total)% \(done)/\(total)\(eta)\u{1B}[K".utf8))
        }

        func finish() {
            guard state.withLock({ $0.shown }) else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        }
    }
}
