import Foundation
import LentaLibrary
import LentaTestSupport

/// Runs the built `lenta` binary, as a user or a script would.
struct LentaCLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shared corpus of real camera files, when this checkout sits beside it.
    static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static var hasCorpus: Bool { FileManager.default.fileExists(atPath: corpus.appendingPathComponent("MANIFEST.tsv").path) }

    /// The `lenta` built beside the test bundle (swift build puts products in one folder).
    static let binary: URL = {
        let testBundle = Bundle.main.bundleURL
        for folder in [testBundle, testBundle.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("lenta")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/lenta")
    }()

    /// Runs `lenta`, in `folder` when given (relative paths then start there).
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String] = [:], in folder: URL? = nil) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "LENTA_CATALOG")
        env.removeValue(forKey: "LENTA_PRESETS")
        for (k, v) in environment { env[k] = v }
        return try runTool(binary, arguments, environment: env, in: folder)
    }

    /// Runs any program (lenta, ffmpeg, ffprobe) to its end; its status, stdout and stderr.
    static func runTool(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
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
        final class Box: @unchecked Sendable { var data = Data() }
        let outData = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { outData.data = out.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData.data, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A temporary folder removed when the value goes away.
final class TemporaryFolder: Sendable {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lenta-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// A scanned copy of the synthetic library in a catalog of its own, for suites that run
/// commands against it (each suite keeps one, shared by its tests).
struct ScannedLibrary: Sendable {
    let temp: TemporaryFolder
    let catalog: String
    let photos: String

    /// Nil when the library cannot be written or scanned (the suite's tests then fail to start).
    static func make() -> ScannedLibrary? {
        guard let temp = try? TemporaryFolder() else { return nil }
        let photos = temp.path("photos")
        guard (try? SyntheticLibrary().write(to: photos)) != nil else { return nil }
        let catalog = temp.path("catalog.sqlite")
        guard let scan = try? LentaCLI.run(["scan", "--catalog", catalog, photos]), scan.status == 0 else { return nil }
        return ScannedLibrary(temp: temp, catalog: catalog, photos: photos)
    }

    /// `lenta ARGS --catalog` this library's catalog.
    func run(_ args: [String]) throws -> LentaCLI.Result {
        try LentaCLI.run(args + ["--catalog", catalog])
    }

    /// `lenta list --json`.
    func lentas() throws -> [LentaSummary] {
        try JSONDecoder().decode([LentaSummary].self, from: Data(try run(["list", "--json"]).stdout.utf8))
    }
}
