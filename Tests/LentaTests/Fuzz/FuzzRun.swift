#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import LentaCore
import LentaTestSupport
import Testing

/// One target of the fuzzing campaign run for a budget: its seeds (and the crashers found
/// before, which every run replays first) mutated case after case with a seeded generator, each
/// case handed to the code under test. A thrown error is a fine answer; a crash or a hang is a
/// finding. The current case is saved to `$FUZZ_WORK/TARGET.current` before it runs, so when the
/// process dies `scripts/fuzz` keeps the input that killed it; a case running longer than the
/// hang limit is saved as `TARGET.hang` and ends the run.
struct FuzzRun {
    let target: String
    let seeds: [[UInt8]]
    let mutate: ([UInt8], inout FuzzRandom) -> [UInt8]
    /// Cases in make test's slice when fewer than the usual (a target whose case costs a
    /// second, as decoding a whole places file does).
    var sliceCases: Int? = nil

    /// How long the campaign runs: `FUZZ_SECONDS` per target (`make fuzz`), else a short slice
    /// of a fixed number of cases with a fixed seed (`make test`: the same cases every run).
    struct Budget {
        var seconds: Double?
        var cases: Int
        var seed: UInt64
        var hangSeconds: Double
        var work: URL?

        static let current: Budget = {
            let environment = ProcessInfo.processInfo.environment
            let seconds = environment["FUZZ_SECONDS"].flatMap(Double.init)
            let seed = environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? (seconds == nil ? 0x1E47A : UInt64(Date().timeIntervalSince1970))
            return Budget(seconds: seconds, cases: environment["FUZZ_CASES"].flatMap(Int.init) ?? 250, seed: seed,
                          hangSeconds: environment["FUZZ_HANG_SECONDS"].flatMap(Double.init) ?? 10,
                          work: environment["FUZZ_WORK"].map { URL(fileURLWithPath: $0) })
        }()
    }

    struct Outcome {
        var cases = 0
        var seconds = 0.0
        var slowest = 0.0
        var hangs = 0
        /// Cases during which the process's peak memory first passed `memoryBudget`.
        var overBudget = 0
    }

    /// What no case may make the process hold (README, "Limits": every command under 1 GB).
    static let memoryBudget = 1 << 30

    /// The process's peak resident memory so far, in bytes (the kernel's `ru_maxrss`).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    static let seedsRoot = LentaCLI.packageRoot.appendingPathComponent("Tests/Fuzz/seeds")
    static let crashersRoot = LentaCLI.packageRoot.appendingPathComponent("Tests/Fuzz/crashers")

    /// The files of a seeds folder (sorted), or of the crashers found for a target.
    static func files(in folder: URL, extensions: Set<String>? = nil) -> [(name: String, bytes: [UInt8])] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            guard !name.hasPrefix("."), extensions.map({ $0.contains((name as NSString).pathExtension.lowercased()) }) ?? true,
                  let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { return nil }
            return (name, [UInt8](data))
        }
    }

    /// Keeps an input that broke a property (not a crash) for a regression test: written to
    /// `$FUZZ_WORK` (else the temporary folder) as `TARGET-finding-HASH`; its path goes in the
    /// failure's message.
    static func keep(_ input: [UInt8], target: String) -> String {
        let folder = Budget.current.work ?? FileManager.default.temporaryDirectory
        let hash = input.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        let path = folder.appendingPathComponent("\(target)-finding-\(String(hash, radix: 16))").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(input))
        return path
    }

    /// Runs the campaign on `body` and returns what it did. Prints one line for `scripts/fuzz`.
    @discardableResult
    func run(_ body: ([UInt8]) -> Void) -> Outcome {
        let budget = Budget.current
        var outcome = Outcome()
        let watchdog = FuzzWatchdog(target: target, limit: budget.hangSeconds, work: budget.work)
        defer { watchdog.stop() }
        let started = Date()
        // Memory is watched in a campaign of its own (make fuzz runs each target alone): in
        // make test's shared process other suites' peaks would count.
        var watchingMemory = budget.seconds != nil && Self.peakResidentBytes() < Self.memoryBudget
        func attempt(_ input: [UInt8]) {
            watchdog.begin(input)
            let t0 = Date()
            body(input)
            outcome.slowest = max(outcome.slowest, Date().timeIntervalSince(t0))
            watchdog.end()
            outcome.cases += 1
            if watchingMemory, Self.peakResidentBytes() >= Self.memoryBudget {
                // The peak only grows: this case passed the budget, and no later one can be told.
                outcome.overBudget += 1
                watchingMemory = false
                Issue.record("over budget: the process passed \(Self.memoryBudget >> 20) MB; input kept as \(Self.keep(input, target: target))")
            }
        }
        // Crashers found before, then the seeds as they are.
        for crasher in Self.files(in: Self.crashersRoot.appendingPathComponent(target)) { attempt(crasher.bytes) }
        for seed in seeds { attempt(seed) }
        var random = FuzzRandom(seed: budget.seed)
        var n = 0
        while true {
            if let seconds = budget.seconds {
                if Date().timeIntervalSince(started) >= seconds { break }
            } else if n >= min(budget.cases, sliceCases ?? budget.cases) {
                break
            }
            n += 1
            let seed = seeds.isEmpty ? [] : random.pick(seeds)
            attempt(mutate(seed, &random))
        }
        outcome.seconds = Date().timeIntervalSince(started)
        print("fuzz \(target): \(outcome.cases) cases in \(String(format: "%.1f", outcome.seconds)) s (seed \(budget.seed)), "
              + "0 crashes, \(outcome.hangs) hangs, \(outcome.overBudget) over budget, slowest case \(String(format: "%.0f", outcome.slowest * 1000)) ms")
        return outcome
    }
}

/// Watches the case being run from another thread: one that runs past the limit is a hang.
/// It is saved beside the current case and the process ends (a hung call cannot be stopped).
final class FuzzWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let target: String
    private let limit: Double
    private let work: URL?
    private var started: Date?
    private var input: [UInt8] = []
    private var running = true

    init(target: String, limit: Double, work: URL?) {
        self.target = target
        self.limit = limit
        self.work = work
        if let work { try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true) }
        let thread = Thread { [weak self] in
            while let self, self.check() { Thread.sleep(forTimeInterval: 0.25) }
        }
        thread.start()
    }

    func begin(_ input: [UInt8]) {
        if let work { _ = FileManager.default.createFile(atPath: work.appendingPathComponent("\(target).current").path, contents: Data(input)) }
        lock.withLock { started = Date(); self.input = input }
    }

    func end() { lock.withLock { started = nil } }

    func stop() { lock.withLock { running = false } }

    /// False when the watch is over.
    private func check() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard running else { return false }
        if let started, Date().timeIntervalSince(started) > limit {
            let folder = work ?? FileManager.default.temporaryDirectory
            let path = folder.appendingPathComponent("\(target).hang").path
            _ = FileManager.default.createFile(atPath: path, contents: Data(input))
            print("fuzz \(target): HANG: a case ran longer than \(limit) s; its input is \(path)")
            exit(3)
        }
        return true
    }
}
