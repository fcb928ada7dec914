import Foundation
import Synchronization
import Testing

/// Runs the built `lenta` binary, as a user or a script would.
public struct LentaCLI {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The package root, found from this file's path.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shared corpus of real camera files, when this checkout sits beside it.
    public static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    public static var hasCorpus: Bool { FileManager.default.fileExists(atPath: corpus.appendingPathComponent("MANIFEST.tsv").path) }
    /// Why a corpus test did not run: Swift Testing prints it beside the skipped test's name.
    public static let noCorpus: Comment = "SKIPPED: needs the real camera files of ../shared/corpus (with MANIFEST.tsv) beside this checkout"

    /// The `lenta` built beside the test bundle (swift build puts products in one folder).
    public static let binary: URL = {
        let testBundle = Bundle.main.bundleURL
        for folder in [testBundle, testBundle.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("lenta")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/lenta")
    }()

    /// Runs `lenta`, in `folder` when given (relative paths then start there).
    @discardableResult
    public static func run(_ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "LENTA_CATALOG")
        env.removeValue(forKey: "LENTA_PRESETS")
        for (k, v) in environment { env[k] = v }
        return try runTool(binary, arguments, environment: env, in: folder)
    }

    /// Runs `lenta ARGUMENTS --catalog CATALOG` with the source tree's presets (a library test's
    /// scan, new, project…).
    @discardableResult
    public static func run(_ arguments: [String], catalog: String) throws -> Result {
        try run(arguments + ["--catalog", catalog], environment: ["LENTA_PRESETS": packageRoot.appendingPathComponent("presets").path])
    }

    /// `lenta` as a library test runs it, command after command: `lenta(["scan", folder])` runs
    /// `lenta scan FOLDER --catalog CATALOG` (without `--catalog` when `catalog` is nil) with the
    /// source tree's presets, in `folder` when given; a command that does not exit 0 throws
    /// `Failed`, which names it and what it printed to stderr.
    public struct Runner: Sendable {
        public let catalog: String?
        public let folder: URL?

        public init(catalog: String?, in folder: URL? = nil) {
            (self.catalog, self.folder) = (catalog, folder)
        }

        @discardableResult
        public func callAsFunction(_ arguments: [String]) throws -> Result {
            let presets = LentaCLI.packageRoot.appendingPathComponent("presets").path
            let result = try LentaCLI.run(arguments + (catalog.map { ["--catalog", $0] } ?? []), environment: ["LENTA_PRESETS": presets], in: folder)
            guard result.status == 0 else { throw Failed(arguments: arguments, result: result) }
            return result
        }
    }

    /// A command that did not exit 0.
    public struct Failed: Error, CustomStringConvertible {
        public var arguments: [String]
        public var result: Result
        public var description: String { "lenta \(arguments.joined(separator: " ")): exit \(result.status): \(result.stderr)" }
    }

    /// Runs any program (lenta, ffmpeg, ffprobe) to its end; its status, stdout and stderr.
    public static func runTool(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
                               in folder: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while the process runs, so a large output cannot block it.
        let outData = Mutex(Data())
        let group = DispatchGroup()
        group.enter()
        let reading = out.fileHandleForReading
        DispatchQueue.global().async {
            let data = reading.readDataToEndOfFile()
            outData.withLock { $0 = data }
            group.leave()
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData.withLock { $0 }, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
