import Foundation
import LentaCore

/// A shared object of lenta's own (the face detector, the face identifier) that lenta loads with
/// `dlopen` when first needed instead of linking it, so that the heavy libraries it links cost
/// only the commands that use them. Looked for beside the running executable (SwiftPM builds it
/// there: `.build/<config>/`, the test runner's folder too), then in `<executable>/../lib/lenta/`
/// (where `make install` puts it). Loaded once and never closed.
enum LoadableLibrary {
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
    static func load(_ paths: [String], symbols: [String], operation: String, file: String)
        -> Result<(path: String, addresses: [UnsafeMutableRawPointer]), MediaError> {
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
