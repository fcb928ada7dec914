#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LentaTestSupport

/// Runs the built `lenta` as a child process and reads its peak resident memory from the
/// kernel (`ru_maxrss`, as GNU time reports it), with a deadline: what the memory findings of
/// issue 32 are measured with. The child runs under a 3 GB data limit (`prlimit --data`), so a
/// regression fails its test instead of taking the machine's memory.
///
/// Through `/usr/bin/time`, not `wait4` on our own child: a process started by `posix_spawn`
/// (vfork) inherits this test process's peak at `exec` (Linux keeps the larger of the old and
/// new peaks), so in a parallel test run every child seemed to peak at the runner's 590 MB.
/// `time` forks its child from its own small image, whose peak is then lenta's alone.
struct ChildPeakMemory {
    var status: Int32
    var stdout: String
    var stderr: String
    /// Peak resident set, in bytes.
    var peakBytes: Int
    /// The deadline passed and the child was killed.
    var timedOut: Bool

    static let gigabyte = 1 << 30

    static func run(_ arguments: [String], environment: [String: String] = [:],
                    seconds: Double = 60) throws -> ChildPeakMemory {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "LENTA_CATALOG")
        env["LENTA_PRESETS"] = LentaCLI.packageRoot.appendingPathComponent("presets").path
        for (k, v) in environment { env[k] = v }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lenta-peak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("out").path, errPath = scratch.appendingPathComponent("err").path
        let peakPath = scratch.appendingPathComponent("peak").path
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            throw POSIXError(.ENOENT, userInfo: [NSLocalizedDescriptionKey: "/usr/bin/time (Debian's time, make deps) is needed to measure a child's peak"])
        }
        let limit = FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")
        let argv = ["/usr/bin/time", "-f", "%M", "-o", peakPath]
            + (limit ? ["/usr/bin/prlimit", "--data=3000000000", "--", LentaCLI.binary.path] : [LentaCLI.binary.path]) + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        // A group of its own, so that a deadline kills time's child too.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        let deadline = Date().addingTimeInterval(seconds)
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if Date() >= deadline {
                timedOut = true
                kill(-pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                break
            }
            usleep(20_000)
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        // GNU time exits with its child's status, and writes "Command exited with non-zero
        // status N" or "Command terminated by signal N" before the figure: the figure is the last line.
        let exited = status & 0x7F == 0
        let peakLines = ((try? String(contentsOfFile: peakPath, encoding: .utf8)) ?? "").split(separator: "\n")
        let peakKilobytes = peakLines.last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? Int(usage.ru_maxrss)
        return ChildPeakMemory(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
                               stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                               stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
                               peakBytes: peakKilobytes * 1024, timedOut: timedOut)
    }

    var peakDescription: String { "\(peakBytes >> 20) MB" }
}
