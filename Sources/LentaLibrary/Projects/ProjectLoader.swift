import Foundation
import LentaCore
import LentaMedia
import LentaPlaces
import LentaText

/// The one way a project file becomes a story to render (`lenta render`, `lenta frame`,
/// `lenta auto`), and the validator `lenta validate` checks it with. The rules live with the
/// project model (LentaCore's `ProjectValidator`); what they need to know of the world comes in
/// through its inspectors, wired here: media files opened by LentaMedia (`ProjectMediaInspector`,
/// `ProjectMotionInspector`), text checked against the installed fonts by LentaText's
/// `TextEngine`, and the items' places named once by LentaPlaces' gazetteer.
public enum ProjectLoader {
    /// The validator every command checks projects with: media files opened to tell photos from
    /// videos, music opened as the render opens it, text checked against the installed fonts (a
    /// warning for each character none has; without a working fontconfig, every caption is an
    /// error), and the places of located items named. A valid project comes back resolved
    /// (`ProjectReport.story`).
    /// - Parameter namingPlaces: false for a check alone (`lenta validate`): the gazetteer (some
    ///   15 MB; +26 MB peak and seconds of a debug build's validate of the Lisbon sample) is
    ///   read only for a render.
    public static func validator(presets: PresetLibrary = .standard, namingPlaces: Bool = true) -> ProjectValidator {
        var validator = ProjectValidator(presets: presets, inspectMedia: ProjectMediaInspector.inspect, inspectText: textInspection(),
                                         inspectSound: ProjectMediaInspector.inspectSound, inspectMotion: ProjectMotionInspector.inspect)
        if namingPlaces { validator.namePlaces = Gazetteer.locate }
        return validator
    }

    /// The text engine, or, when no font can be had, what says so to every caption and title card.
    static func textInspection() -> any ProjectTextInspection {
        do { return try TextEngine.shared() } catch { return NoFontInspection(reason: "\(error)") }
    }

    /// Reads, validates and resolves the project file at `url`, with how each clip is held
    /// steady worked out once (`ResolvedItem.stabilisation`): shaky clips' transforms are found
    /// where their analysis kept them, beside the catalog at `catalogPath` (see
    /// `StabilisationCache.resolve`; a render reads no catalog, only that folder).
    /// - Parameter makingTransforms: whether a clip marked `"stabilise": true` without transforms
    ///   has them made now; false for a run that must write nothing (`auto --dry-run`).
    /// - Throws: `ProjectLoadError`: the file could not be read, or the project has errors (or
    ///   cannot resolve for a render).
    public static func load(_ url: URL, catalogPath: String, makingTransforms: Bool = true,
                            validator: ProjectValidator = validator()) throws(ProjectLoadError) -> LoadedProject {
        let bytes: Data
        do {
            bytes = try ProjectFile.contents(of: url)
        } catch {
            throw .unreadable(file: url.path, error)
        }
        let report = validator.forFile(url).check(bytes)
        guard report.isValid, var story = report.story else {
            throw .invalid(ProjectFileError(file: url.path, problems: report.problems + report.unresolved))
        }
        StabilisationCache(besideCatalog: catalogPath).resolve(&story, makingTransforms: makingTransforms)
        return LoadedProject(story: story, bytes: bytes, warnings: report.warnings)
    }
}

/// A project file loaded for a render: its story resolved, the bytes it was read from (a
/// render key hashes them), and the warnings validation had.
public struct LoadedProject: Sendable {
    public var story: ResolvedStory
    public var bytes: Data
    public var warnings: [ProjectProblem]
}

/// Why a project file cannot be rendered.
public enum ProjectLoadError: Error, CustomStringConvertible {
    /// Its bytes could not be read (no such file, a folder, a FIFO).
    case unreadable(file: String, ProjectFile.Unreadable)
    /// It has errors, or cannot resolve for a render: every problem (warnings too), in document
    /// order, each with its JSON path.
    case invalid(ProjectFileError)

    /// One line: `story.json: no such file`, or the file and its errors, `; ` between them.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason): "\(file): \(reason)"
        case .invalid(let error): "\(error.file ?? "the project"): " + error.errors.map(\.description).joined(separator: "; ")
        }
    }
}
