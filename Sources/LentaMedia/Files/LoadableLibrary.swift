import Foundation
import LentaCore
import Synchronization

/// A shared object of lenta's own (the face detector, the face identifier) that lenta loads with
/// `dlopen` when first needed instead of linking it, so that the heavy libraries it links cost
/// only the commands that use them. Looked for beside the running executable (SwiftPM builds it
/// there: `.build/<config>/`, the test runner's folder too), then in `<executable>/../lib/lenta/`
/// (where `make install` puts it). Loaded once and never closed. Each library's wrapper
/// (`FaceDetectLibrary`, `FaceEmbedLibrary`, `DocumentReaderLibrary`, `VoiceDetectLibrary`) is a
/// `Loaded` of its `LoadableFunctions`: its file, what loading it is for, and its symbols.
enum LoadableLibrary {
    /// One function a library exports: its symbol's name, of its C function type (`…_fn`).
    struct Symbol<Function>: Sendable, NamedSymbol {
        let name: String
        init(_ name: String) { self.name = name }
    }

    /// A loaded library: the file it was loaded from and its functions, each read by the name of
    /// its `Symbol` in `Functions` (`library.open(…)`). The addresses are kept as plain numbers,
    /// so the value is `Sendable`, and turned back into their C function types where they are called.
    @dynamicMemberLookup
    struct Loaded<Functions: LoadableFunctions>: Sendable {
        /// The file it was loaded from.
        let path: String
        private let functions = Functions()
        private let addresses: [String: UInt]

        fileprivate init(path: String, addresses: [String: UInt]) {
            (self.path, self.addresses) = (path, addresses)
        }

        subscript<Function>(dynamicMember symbol: KeyPath<Functions, Symbol<Function>>) -> Function {
            let name = functions[keyPath: symbol].name
            // `load` found every symbol `Functions` declares, or made no `Loaded`.
            guard let address = addresses[name] else { preconditionFailure("\(name) is no stored symbol of \(Functions.self)") }
            return unsafeBitCast(address, to: Function.self)
        }

        /// The library of this process, loaded on first use; the failure names every file tried.
        static var shared: Result<Self, MediaError> { LoadableLibrary.shared(Functions.self) }

        /// The first of `paths` that loads and has every symbol; the failure names every file tried.
        static func load(from paths: [String] = LoadableLibrary.candidates(Functions.file)) -> Result<Self, MediaError> {
            let names = Mirror(reflecting: Functions()).children.compactMap { ($0.value as? any NamedSymbol)?.name }
            return LoadableLibrary.load(paths, symbols: names, operation: Functions.operation, file: Functions.file).map { path, addresses in
                Self(path: path, addresses: Dictionary(zip(names, addresses.map { UInt(bitPattern: $0) }), uniquingKeysWith: { first, _ in first }))
            }
        }
    }

    /// Each library loaded so far (a `Result` of its `Loaded`), by its functions' type.
    private static let loaded = Mutex([ObjectIdentifier: any Sendable]())

    fileprivate static func shared<Functions: LoadableFunctions>(_: Functions.Type) -> Result<Loaded<Functions>, MediaError> {
        loaded.withLock { loaded in
            if let known = loaded[ObjectIdentifier(Functions.self)] as? Result<Loaded<Functions>, MediaError> { return known }
            let result = Loaded<Functions>.load()
            loaded[ObjectIdentifier(Functions.self)] = result
            return result
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
    static func load(_ paths: [String], symbols: [String], operation: String,
                     file: String) -> Result<(path: String, addresses: [UnsafeMutableRawPointer]), MediaError> {
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
            if addresses.count == symbols.count { return .success((path, addresses)) }
            reasons.append("\(path): \(dlerrorText())")
            dlclose(handle)
        }
        return .failure(MediaError(operation, path: file, reason: reasons.isEmpty ? "no folder to look in" : reasons.joined(separator: "; ")))
    }

    private static func dlerrorText() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
    }
}

/// What the symbols' names are, whatever their function types.
protocol NamedSymbol { var name: String { get } }

/// The functions one of lenta's own shared objects exports, each a `Symbol` of its C type (a
/// wrapper's `library.open` is its `open`), with the file's name and what loading it is for:
/// all a wrapper names. Its symbols are looked up in the order they are declared.
protocol LoadableFunctions: Sendable {
    /// The file's name (`…_LIBRARY` of its C header), looked for as `LoadableLibrary.candidates` says.
    static var file: String { get }
    /// The failure's operation ("load the face detector").
    static var operation: String { get }
    init()
}

extension LoadableFunctions {
    typealias Symbol<Function> = LoadableLibrary.Symbol<Function>
}
