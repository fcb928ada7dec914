#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LentaTestSupport

/// Runs the built `lenta` as a child process and reads its peak resident memory from the
/// kernel (`wait4`'s rusage, `ru_maxrss`), with a deadline: what the memory findings of issue 32
/// are measured with. The child runs under a 3 GB data limit (`prlimit --data`), so a
/// regression fails its test instead of taking the machine's memory.
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
        let limit = FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")
        let argv = limit ? ["/usr/bin/prlimit", "--data=3000000000", "--", LentaCLI.binary.path] + arguments
                         : [LentaCLI.binary.path] + arguments
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lenta-peak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("out").path, errPath = scratch.appendingPathComponent("err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        let deadline = Date().addingTimeInterval(seconds)
        while wait4(pid, &status, WNOHANG, &usage) == 0 {
            if Date() >= deadline {
                timedOut = true
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                break
            }
            usleep(20_000)
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as macros.
        let exited = status & 0x7F == 0
        return ChildPeakMemory(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
                               stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                               stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
                               peakBytes: Int(usage.ru_maxrss) * 1024, timedOut: timedOut)
    }

    var peakDescription: String { "\(peakBytes >> 20) MB" }
}
