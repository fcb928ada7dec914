import Foundation

/// Where a data file a library carries (the gazetteer, the country outlines) is found: the
/// environment variable when set; else the SwiftPM resource bundle beside the executable, as
/// SwiftPM builds it; else `<executable's folder>/../share/lenta/NAME`, as `make install` puts
/// it; else the source tree the library was built from.
public enum BundledResource {
    /// - Parameters:
    ///   - bundleName: the module's resource bundle, e.g. `lenta_LentaPlaces.resources`.
    ///   - inBundle: the file through the module's `Bundle.module`. SwiftPM's generated
    ///     `Bundle.module` traps when it finds no bundle, so it is asked only once the bundle it
    ///     looks for first (beside the executable) is known to be there.
    ///   - installedName: the file's name in `share/lenta/` of an installed lenta.
    ///   - sourceFile: the file in the source tree.
    /// - Returns: the path, or nil with every place looked in.
    public static func locate(environmentKey: String, bundleName: String, inBundle: () -> URL?,
                              installedName: String, sourceFile: URL,
                              executables: [URL] = PresetLibrary.runningExecutables()) -> (path: String?, searched: [String]) {
        if let override = ProcessInfo.processInfo.environment[environmentKey], !override.isEmpty {
            return (override, [])
        }
        let fm = FileManager.default
        let bundlePath = Bundle.main.bundleURL.appendingPathComponent(bundleName).path
        if fm.fileExists(atPath: bundlePath), let url = inBundle() { return (url.path, []) }
        let installed = executables.map { installedShareFolder(of: $0).appendingPathComponent(installedName).path }
        if let found = installed.first(where: { fm.fileExists(atPath: $0) }) { return (found, []) }
        if fm.fileExists(atPath: sourceFile.path) { return (sourceFile.path, []) }
        return (nil, [bundlePath] + installed + [sourceFile.path])
    }

    /// `share/lenta` of the prefix an installed executable sits in: `/usr/local/bin/lenta` reads
    /// `/usr/local/share/lenta`.
    public static func installedShareFolder(of executable: URL) -> URL {
        executable.deletingLastPathComponent()
            .appendingPathComponent("../share/lenta", isDirectory: true).standardizedFileURL
    }

    /// SwiftPM's name for a module's resource bundle on this platform.
    public static func bundleName(package: String, module: String) -> String {
        #if canImport(Darwin)
        return "\(package)_\(module).bundle"
        #else
        return "\(package)_\(module).resources"
        #endif
    }
}
