#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where messages go: data on stdout, progress and problems on stderr, progress only on a terminal.
enum Terminal {
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// A one-line progress bar redrawn in place.
    final class ProgressBar {
        private let label: String
        private let enabled: Bool
        private var lastDrawn = -1
        private var shown = false

        init(label: String, enabled: Bool = Terminal.stderrIsTerminal) {
            self.label = label
            self.enabled = enabled
        }

        func update(_ done: Int, of total: Int) {
            guard enabled, total > 0 else { return }
            let percent = done * 100 / total
            guard percent != lastDrawn else { return }
            lastDrawn = percent
            shown = true
            let width = 30
            let filled = done * width / total
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
            FileHandle.standardError.write(Data("\r\(label) \(bar) \(done)/\(total)".utf8))
        }

        func finish() {
            guard shown else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        }
    }
}
