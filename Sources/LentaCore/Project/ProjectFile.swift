import Foundation

/// A story as a project file describes it (DESIGN.md, "The project file (v1)"; the JSON Schema
/// is `schema/lenta-project-v1.schema.json`). Order in `items` is the order in the story.
///
/// Reading (`ProjectFile.read`, `load`, or `JSONDecoder`) refuses unknown keys and reports every
/// problem with its JSON path; writing (`jsonText`, `encodedJSON`, or `JSONEncoder`) produces
/// exactly the schema's shape, so that `decode(encode(x)) == x`.
public struct ProjectFile: Hashable, Sendable, StrictJSONObject {
    /// The version of the format this lenta reads and writes, the file's `"lenta"` key.
    public static let currentVersion = 1

    /// `"lenta"`: the format's version.
    public var version: Int
    public var title: String?
    public var subtitle: String?
    public var output: ProjectOutput?
    public var defaults: ProjectDefaults?
    /// Written only when there is some.
    public var music: [MusicTrack]
    public var titleCard: TitleCard?
    public var items: [ProjectItem]
    /// v2: items left out, each with its reason; written only when there are some.
    public var alternates: [ProjectAlternate] = []
    /// A GPX or GeoJSON track of the path travelled (relative to the project file, or
    /// absolute), drawn as the title card's route instead of lines between the stops.
    public var route: String?

    public init(version: Int = ProjectFile.currentVersion, title: String? = nil, subtitle: String? = nil,
                output: ProjectOutput? = nil, defaults: ProjectDefaults? = nil, music: [MusicTrack] = [],
                titleCard: TitleCard? = nil, items: [ProjectItem]) {
        self.version = version
        self.title = title
        self.subtitle = subtitle
        self.output = output
        self.defaults = defaults
        self.music = music
        self.titleCard = titleCard
        self.items = items
    }

    public static let jsonKeys = ["lenta", "title", "subtitle", "output", "defaults", "music", "route", "titleCard", "items", "alternates"]
    public static let requiredKeys = ["lenta", "items"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard case .object(let members) = value else {
            reader.mismatch("an object (a lenta project file)", value, at: path)
            return nil
        }
        if let versionValue = members.first(where: { $0.key == "lenta" })?.value {
            if let version = versionValue.doubleValue, version != Double(Self.currentVersion) {
                reader.report(path + "lenta", "unsupported version \(ProjectValidation.bound(version)) (this lenta reads \(Self.currentVersion))")
                return nil
            }
        } else {
            reader.report(path + "lenta", "missing (a lenta project file starts with \"lenta\": \(Self.currentVersion))")
        }
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys.filter { $0 != "lenta" }) else { return nil }
        version = o.read("lenta") ?? Self.currentVersion
        title = o.read("title")
        subtitle = o.read("subtitle")
        output = o.read("output")
        defaults = o.read("defaults")
        music = o.list("music") { MusicTrack(json: $0, at: $1, reader: reader) ?? MusicTrack(path: "") } ?? []
        route = o.read("route")
        titleCard = o.read("titleCard")
        items = o.list("items") { ProjectItem(json: $0, at: $1, reader: reader) ?? ProjectItem(path: "") } ?? []
        alternates = o.list("alternates") { ProjectAlternate(json: $0, at: $1, reader: reader) ?? ProjectAlternate(path: "", reason: .length) } ?? []
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("lenta", version)
        o.set("title", title)
        o.set("subtitle", subtitle)
        o.set("output", output)
        o.set("defaults", defaults)
        if !music.isEmpty { o.set("music", .array(music.map(\.json))) }
        o.set("route", route)
        o.set("titleCard", titleCard)
        o.set("items", .array(items.map(\.json)))
        if !alternates.isEmpty { o.set("alternates", .array(alternates.map(\.json))) }
        return o.value
    }
}

extension ProjectFile {
    /// Reads project JSON for its structure only (types, keys, enumerations), not its ranges or
    /// files: the project, unless nothing usable is left, and every problem met.
    public static func read(_ data: Data) -> (project: ProjectFile?, problems: [ProjectProblem]) {
        let value: StrictJSON.Value
        do {
            value = try StrictJSON.parse(data)
        } catch let error as StrictJSON.SyntaxError {
            return (nil, [ProjectProblem(path: .root, message: error.description)])
        } catch {
            return (nil, [ProjectProblem(path: .root, message: "not valid JSON: \(error)")])
        }
        return read(value)
    }

    /// Reads a parsed project for its structure only.
    public static func read(_ value: StrictJSON.Value) -> (project: ProjectFile?, problems: [ProjectProblem]) {
        let reader = StrictJSONReader()
        let project = ProjectFile(json: value, at: .root, reader: reader)
        return (project, reader.problems)
    }

    /// Decodes project JSON, checking its structure but not its ranges or files.
    /// - Throws: `ProjectFileError` with every problem.
    public static func decode(_ data: Data) throws -> ProjectFile {
        let (project, problems) = read(data)
        guard let project, problems.isEmpty else { throw ProjectFileError(problems: problems) }
        return project
    }

    /// Reads and fully validates the project file at `url` (its media paths are relative to its
    /// folder).
    /// - Parameter validator: how to check it; its `baseDirectory` is set to the file's folder.
    /// - Throws: `ProjectFileError` with every problem (warnings too) when there is an error;
    ///   a project with warnings only loads.
    public static func load(from url: URL, validator: ProjectValidator = ProjectValidator()) throws -> ProjectFile {
        let report = check(url, validator: validator)
        guard let project = report.project, report.isValid else {
            throw ProjectFileError(file: url.path, problems: report.problems)
        }
        return project
    }

    /// Reads and validates the project file at `url`, never throwing: the project (when it
    /// could be read), every problem, and the story's length.
    public static func check(_ url: URL, validator: ProjectValidator = ProjectValidator()) -> ProjectReport {
        let data: Data
        do {
            data = try contents(of: url)
        } catch {
            return ProjectReport(project: nil, problems: [ProjectProblem(path: .root, message: "\(error)")])
        }
        return validator.forFile(url).check(data)
    }

    /// The bytes of the project file at `url`, which must be a regular file (a FIFO would block).
    /// - Throws: `ProjectFileError.Unreadable`: "no such file", "cannot be read", or what the path is instead.
    public static func contents(of url: URL) throws(Unreadable) -> Data {
        switch FileType(atPath: url.path) {
        case .regular:
            do {
                return try Data(contentsOf: url)
            } catch {
                throw Unreadable(reason: "cannot be read")
            }
        case .missing:
            throw Unreadable(reason: "no such file")
        case let other:
            throw Unreadable(reason: other.problem ?? "cannot be read")
        }
    }

    /// Why a project file's bytes could not be read.
    public struct Unreadable: Error, CustomStringConvertible, Sendable {
        public var reason: String
        public var description: String { reason }
    }

    /// The project as its file holds it: pretty, keys sorted, numbers exact, a final newline.
    /// - Throws: `StrictJSON.WriteError` for a number that is not finite.
    public func jsonText() throws -> String { try StrictJSON.write(json) }

    public func encodedJSON() throws -> Data { Data(try jsonText().utf8) }

    /// Writes the project to `url` through a temporary file renamed into place.
    public func write(to url: URL) throws {
        try encodedJSON().write(to: url, options: .atomic)
    }
}
