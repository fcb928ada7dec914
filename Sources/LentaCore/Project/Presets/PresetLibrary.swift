import Foundation

/// The presets folder, found without the source tree:
///
/// 1. `$LENTA_PRESETS`, when set and not empty;
/// 2. `<folder of the lenta executable>/../share/lenta/presets` (an installed lenta:
///    `/usr/local/bin/lenta` reads `/usr/local/share/lenta/presets`);
/// 3. `<folder of the lenta executable>/presets` (an unpacked archive);
/// 4. the source tree's `presets/`, as the build recorded it (a development fallback).
///
/// The first of these that holds an `output` folder is used. The executable is the running
/// binary with symbolic links resolved (`/proc/self/exe`), and also the path it was run as, so a
/// link in `bin/` to a binary elsewhere finds the presets beside either. The folder holds
/// `output/NAME.json` (output presets) and `looks/NAME.json` (look recipes, `LookRecipe`).
public struct PresetLibrary: Hashable, Sendable {
    /// The presets folder in use; nil when none was found.
    public var directory: URL?
    /// The folders tried, in order.
    public var searched: [URL]

    public init(directory: URL?, searched: [URL] = []) {
        self.directory = directory
        self.searched = searched.isEmpty ? directory.map { [$0] } ?? [] : searched
    }

    /// The library this process uses, found once.
    public static let standard = PresetLibrary.locate()

    /// Finds the presets folder in the documented order.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executables: [URL] = PresetLibrary.runningExecutables()) -> PresetLibrary {
        let candidates = searchPaths(environment: environment, executables: executables)
        var isFolder: ObjCBool = false
        let found = candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("output").path, isDirectory: &isFolder) && isFolder.boolValue
        }
        return PresetLibrary(directory: found, searched: candidates)
    }

    /// The folders `locate` tries, in order, without repeats.
    public static func searchPaths(environment: [String: String], executables: [URL]) -> [URL] {
        var paths: [URL] = []
        if let fromEnvironment = environment["LENTA_PRESETS"], !fromEnvironment.isEmpty {
            paths.append(URL(fileURLWithPath: fromEnvironment, isDirectory: true))
        }
        for executable in executables {
            let folder = executable.deletingLastPathComponent()
            paths.append(BundledResource.installedShareFolder(of: executable).appendingPathComponent("presets", isDirectory: true))
            paths.append(folder.appendingPathComponent("presets", isDirectory: true).standardizedFileURL)
        }
        paths.append(sourceTreePresets)
        var seen = Set<String>()
        return paths.filter { seen.insert($0.path).inserted }
    }

    /// `presets/` in the source tree this file was compiled from: beside the `Sources` folder
    /// above this file, however deep the file lies in it (a fixed count of levels broke silently
    /// when the file moved into a subfolder).
    public static let sourceTreePresets: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/", folder.lastPathComponent != "Sources" { folder = folder.deletingLastPathComponent() }
        return folder.deletingLastPathComponent().appendingPathComponent("presets", isDirectory: true)
    }()

    /// The running binary with links resolved, then the path it was started as, if different.
    public static func runningExecutables() -> [URL] {
        var urls: [URL] = []
        if let real = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            urls.append(URL(fileURLWithPath: real))
        } else if let main = Bundle.main.executableURL {
            urls.append(main.resolvingSymlinksInPath())
        }
        if let invoked = CommandLine.arguments.first, invoked.contains("/") {
            let url = URL(fileURLWithPath: invoked).standardizedFileURL
            if !urls.contains(where: { $0.path == url.path }) { urls.append(url) }
        }
        return urls
    }

    /// `/a/presets, /b/presets` for messages.
    public var searchedDescription: String {
        searched.isEmpty ? "nowhere" : searched.map(\.path).joined(separator: ", ")
    }

    var outputFolder: URL? { directory?.appendingPathComponent("output", isDirectory: true) }

    /// Names of the output presets (their file names without `.json`), sorted.
    public func outputPresetNames() -> [String] { names(in: outputFolder, extensions: ["json"]) }

    var looksFolder: URL? { directory?.appendingPathComponent("looks", isDirectory: true) }

    /// Names of the look presets (`looks/NAME.json`), sorted.
    public func lookNames() -> [String] { names(in: looksFolder, extensions: ["json"]) }

    /// The recipe file of the look preset `name`, when there is one.
    public func lookFile(named name: String) -> URL? {
        guard lookNames().contains(name) else { return nil }
        return looksFolder?.appendingPathComponent("\(name).json")
    }

    /// Reads the look preset `name`.
    /// - Throws: `PresetLibraryError.unknownLook` (with the known names) or `.invalid` (naming
    ///   the recipe file, with every problem in it).
    public func look(named name: String) throws -> LookRecipe {
        let known = lookNames()
        guard known.contains(name), let folder = looksFolder else {
            throw PresetLibraryError.unknownLook(name, known: known, searched: searchedDescription)
        }
        let file = folder.appendingPathComponent(name + ".json")
        return try LookRecipe.read(try Self.contents(of: file), file: file.path)
    }

    /// Every look preset by name, sorted by name.
    public func looks() throws -> [(name: String, recipe: LookRecipe)] {
        try lookNames().map { ($0, try look(named: $0)) }
    }

    /// A preset file's bytes, or the error that names it.
    static func contents(of file: URL) throws -> Data {
        do {
            return try Data(contentsOf: file)
        } catch {
            throw PresetLibraryError.invalid(file: file.path, problems: [ProjectProblem(path: .root, message: "cannot be read")])
        }
    }

    func names(in folder: URL?, extensions: Set<String>) -> [String] {
        guard let folder, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return entries.compactMap { entry -> String? in
            let url = URL(fileURLWithPath: entry)
            guard extensions.contains(url.pathExtension.lowercased()), !entry.hasPrefix(".") else { return nil }
            return url.deletingPathExtension().lastPathComponent
        }.sorted()
    }

    /// Reads the output preset `name`.
    /// - Throws: `PresetLibraryError.unknownPreset` (with the known names) or `.invalid` (with
    ///   every problem in the preset file).
    public func outputPreset(named name: String) throws -> OutputPreset {
        let known = outputPresetNames()
        guard known.contains(name), let folder = outputFolder else {
            throw PresetLibraryError.unknownPreset(name, known: known, searched: searchedDescription)
        }
        let file = folder.appendingPathComponent(name + ".json")
        return try OutputPreset.read(try Self.contents(of: file), file: file.path, expectedName: name)
    }

    /// Every output preset, sorted by name.
    public func outputPresets() throws -> [OutputPreset] {
        try outputPresetNames().map { try outputPreset(named: $0) }
    }
}

/// A preset that cannot be had.
public enum PresetLibraryError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownPreset(String, known: [String], searched: String)
    case unknownLook(String, known: [String], searched: String)
    case invalid(file: String, problems: [ProjectProblem])

    public var description: String {
        switch self {
        case let .unknownPreset(name, known, searched):
            if known.isEmpty { return "unknown output preset \(DiagnosticText.quoted(name)): no output presets found (searched \(searched))" }
            var text = "unknown output preset \(DiagnosticText.quoted(name)) ("
            if let guess = ProjectSuggestion.closest(to: name, in: known) { text += "did you mean \"\(guess)\"? " }
            return text + "known: \(known.joined(separator: ", ")))"
        case let .unknownLook(name, known, searched):
            if known.isEmpty { return "unknown look \(DiagnosticText.quoted(name)): no look presets found (searched \(searched))" }
            var text = "unknown look \(DiagnosticText.quoted(name)) ("
            if let guess = ProjectSuggestion.closest(to: name, in: known) { text += "did you mean \"\(guess)\"? " }
            return text + "known: \(known.joined(separator: ", ")); or give the path of a .cube file)"
        case let .invalid(file, problems):
            return problems.map { "\(file): \($0)" }.joined(separator: "\n")
        }
    }
}

extension OutputPreset {
    /// Reads and checks a preset file's JSON.
    /// - Throws: `PresetLibraryError.invalid` with every problem.
    public static func read(_ data: Data, file: String, expectedName: String? = nil) throws -> OutputPreset {
        try PresetFile.read(data, file: file, decode: { OutputPreset(json: $0, at: .root, reader: $1) }) { preset in
            var problems = preset.problems()
            if let expectedName, preset.name != expectedName {
                problems.append(ProjectProblem(path: .root + "name", message: "\(DiagnosticText.quoted(preset.name)) differs from the file's name \(DiagnosticText.quoted(expectedName))"))
            }
            return problems
        }
    }
}
