import Foundation
import LentaCore

/// A shared object of lenta's own (the face detector, the face identifier) that lenta loads with
/// `dlopen` when first needed instead of linking it, so that the heavy libraries it links cost
/// only the commands that use them. Looked for beside the running executable (SwiftPM builds it
/// there: `.build/<config>/`, the test runner's folder too), then in `<executable>/../lib/lenta/`
/// (where `make install` puts it). Loaded once and never closed. Each library's wrapper
/// (`FaceDetectLibrary`, `FaceEmbedLibrary`, `DocumentReaderLibrary`, `VoiceDetectLibrary`) names
/// its file and its symbols (`LoadableFunctions`) and reads its functions from `Functions`.
enum LoadableLibrary {
    /// A loaded library's functions, in the order of the symbols asked for. Kept as addresses
    /// (plain numbers, so the value is `Sendable`) and turned back into their C function types
    /// (`…_fn`) where they are called.
    struct Functions: Sendable {
        /// The file it was loaded from.
        let path: String
        private let addresses: [UInt]

        init(path: String, addresses: [UnsafeMutableRawPointer]) {
            self.path = path
            self.addresses = addresses.map { UInt(bitPattern: $0) }
        }

        /// The function of the `index`th symbol, as its C type.
        subscript<Function>(_ index: Int) -> Function {
            unsafeBitCast(addresses[index], to: Function.self)
        }
    }

    /// Where `file` is looked for, in order, without repeats.
    static func candidates(_ file: String, executables: [URL] = PresetLibrary.runningExecutables()) -> [String] {
        var paths: [String] = []
        for executable in executables {
            let folder = executable.deletingLastPathComponent()
            for candidate in [folder, folder.appendingPathComponent("../lib/lenta", isDirectory: true)] {
                let path = candidate.appendingPathComponent(file).standardizedFileURL.path
                if !paths.contains(path) { paths.append(path) }
            }
        }
        return paths
    }

    /// The first of `paths` that loads and has every one of `symbols`: its path and their
    /// addresses, in order; else a failure (of `operation`) naming every file tried and why.
    static func load(_ paths: [String], symbols: [String], operation: String, file: String) -> Result<Functions, MediaError> {
        var reasons: [String] = []
        for path in paths {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerrorText())
                continue
            }
            var addresses: [UnsafeMutableRawPointer] = []
            for symbol in symbols {
                guard let address = dlsym(handle, symbol) else { break }
                addresses.append(address)
            }
            if addresses.count == symbols.count { return .success(Functions(path: path, addresses: addresses)) }
            reasons.append("\(path): \(dlerrorText())")
            dlclose(handle)
        }
        return .failure(MediaError(operation, path: file, reason: reasons.isEmpty ? "no folder to look in" : reasons.joined(separator: "; ")))
    }

    private static func dlerrorText() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
    }
}

/// The wrapper of one of lenta's own shared objects: it names the file, the symbols (its functions
/// are then `functions[i]`, in that order) and what loading it is for, and is made from what
/// `LoadableLibrary.load` found.
protocol LoadableFunctions: Sendable {
    /// The file's name (`…_LIBRARY` of its C header), looked for as `LoadableLibrary.candidates` says.
    static var file: String { get }
    static var symbols: [String] { get }
    /// The failure's operation ("load the face detector").
    static var operation: String { get }
    var functions: LoadableLibrary.Functions { get }
    init(functions: LoadableLibrary.Functions)
}

extension LoadableFunctions {
    /// The file it was loaded from.
    var path: String { functions.path }

    /// The first of `paths` that loads and has every symbol; the failure names every file tried.
    static func load(from paths: [String] = LoadableLibrary.candidates(file)) -> Result<Self, MediaError> {
        LoadableLibrary.load(paths, symbols: symbols, operation: operation, file: file).map(Self.init(functions:))
    }
}
