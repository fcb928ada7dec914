import Foundation

/// Checks a project against the rules of the v1 format beyond its structure: ranges,
/// rectangles inside the picture, files that exist, photo-or-video edits, transitions that fit
/// between their neighbours, a known output preset and look. Every problem is collected.
///
/// The rules (`ProjectLimits` holds the numbers):
/// - `lenta` is 1; `items` has at least one item.
/// - Paths (items, music, `.cube` looks) are relative to the project file's folder and must name
///   regular files (a FIFO, folder or device is refused before anything opens it); an item must
///   be a photo or a video (by its content when `inspectMedia` is set, else by its extension; a
///   file without a media extension is accepted as it is); music must be sound that can be
///   decoded (when `inspectSound` is set: it opens the file as the render does).
/// - Durations (`duration`, `photoDuration`, title card, transitions) are in (0, 3600) s; fades
///   and music `start` in [0, 3600) s; a trim is `[in, out]` with 0 ≤ in < out, shorter than an
///   hour, and out no later than the video's end when known.
/// - `motion: true` only on a Live or Motion Photo (when `inspectMotion` is set); such an item
///   is then a clip of its motion: `trim` and `volume` apply to it, `duration` does not.
/// - A photo has no `trim` (error) and no sound (`volume` is a warning); a video's length comes
///   from `trim`, so `duration` on a video is an error.
/// - `volume` in [0, 2]; `adjust`: exposure [−4, 4] stops, contrast and saturation [0, 2],
///   temperature, tint, highlights and shadows [−1, 1]; `rotate` [−360, 360] degrees.
/// - Rectangles (`crop`, Ken Burns `from`/`to`): x and y in [0, 1), width and height in (0, 1],
///   x + width ≤ 1 and y + height ≤ 1. Text `position` points in [0, 1]; `size` in (0, 0.5];
///   `content` not empty; its fades together no longer than the item.
/// - A transition's `colour` only on a dip, `direction` only on a slide or wipe; a cut with a
///   duration is a warning; a transition is no longer than the shorter of the two items it joins,
///   and the transitions into and out of an item together are no longer than the item; a
///   transition on the last item is a warning (there is no next item).
/// - `look`: a known look preset (once any are installed) that reads, or a `.cube` file that
///   exists and parses (its problems name the file and line).
/// - `output`: a known preset; width and height even, in [16, 4096], at most 4096×2160 pixels; fps in [1, 240]; crf [0, 51].
/// - Characters of an item's text that no installed font has (when `inspectText` is set) are a
///   warning each: they are left out of the picture.
/// - A looping music track before the last is a warning (the later tracks never play); a title
///   card with neither title nor subtitle is a warning.
///
/// A project without errors, checked with a folder and a media inspector, comes back resolved
/// (`ProjectReport.story`): what validation learned, for the render to use.
public struct ProjectValidator: Sendable {
    /// The project file's folder, which relative paths start from; nil checks no files.
    public var baseDirectory: URL?
    /// The project file itself, when there is one (the resolved story keeps it).
    public var projectFile: URL?
    /// Where output presets (and look presets) are looked up; nil checks no preset names.
    public var presets: PresetLibrary?
    /// Tells what a media file is and how long a video lasts; nil goes by file extensions.
    public var inspectMedia: (@Sendable (URL) -> ProjectMediaInspection)?
    /// Tells whether a photo is a Live or Motion Photo, and how long its motion lasts (asked only
    /// for items with `motion: true`); nil checks no motion.
    public var inspectMotion: (@Sendable (URL) -> ProjectMotionInspection)?
    /// Tells which characters of an item's text no installed font has (a warning each); nil
    /// checks no fonts.
    public var inspectText: (any ProjectTextInspection)?
    /// Opens a music file as the render will, and tells whether it is sound; nil checks only
    /// that the file is there.
    public var inspectSound: (@Sendable (URL) -> ProjectSoundInspection)?
    /// Names the places of the items once, for the resolved story (`ResolvedStory.places`); nil
    /// names none (no item has a position on the route or in the chapters).
    public var namePlaces: ProjectPlaceNaming?
    /// Reads a `.cube` file (its URL, and its name as the project writes it), once per story.
    public var readCube: @Sendable (URL, String) throws -> CubeFile = { try CubeFile.read(contentsOf: $0, displayName: $1) }

    public init(baseDirectory: URL? = nil, presets: PresetLibrary? = PresetLibrary.standard,
                inspectMedia: (@Sendable (URL) -> ProjectMediaInspection)? = nil,
                inspectText: (any ProjectTextInspection)? = nil,
                inspectSound: (@Sendable (URL) -> ProjectSoundInspection)? = nil,
                inspectMotion: (@Sendable (URL) -> ProjectMotionInspection)? = nil) {
        self.baseDirectory = baseDirectory
        self.presets = presets
        self.inspectMedia = inspectMedia
        self.inspectText = inspectText
        self.inspectSound = inspectSound
        self.inspectMotion = inspectMotion
    }

    /// The validator for the project file at `url`: its paths start from the file's folder.
    public func forFile(_ url: URL) -> ProjectValidator {
        var validator = self
        validator.projectFile = url
        validator.baseDirectory = url.deletingLastPathComponent()
        return validator
    }

    /// Every problem with `project`, in the order of the file.
    public func validate(_ project: ProjectFile) -> [ProjectProblem] { report(project).problems }

    /// The problems with `project` and the story's length.
    public func report(_ project: ProjectFile) -> ProjectReport {
        let run = ProjectValidation(project: project, validator: self)
        run.checkAll()
        let story = run.story()  // may add to `unresolved`
        return ProjectReport(project: project, problems: run.problems, length: run.totalLength(), story: story,
                             unresolved: run.unresolved)
    }

    /// Reads and checks project JSON. Problems come in the order of the file; a check that would
    /// only repeat a problem of structure (about the same value or a value inside it) is left out.
    public func check(_ data: Data) -> ProjectReport {
        let document: StrictJSON.Value
        do {
            document = try StrictJSON.parse(data)
        } catch {
            return ProjectReport(project: nil, problems: [ProjectProblem(path: .root, message: "\(error)")])
        }
        let (project, readProblems) = ProjectFile.read(document)
        guard let project else { return ProjectReport(project: nil, problems: readProblems) }
        var report = report(project)
        // A problem of structure speaks for the value it is about and what lies inside it (one
        // about the whole document, only for itself).
        let kept = report.problems.filter { problem in
            !readProblems.contains { $0.path == problem.path || (!$0.path.components.isEmpty && $0.path.contains(problem.path)) }
        }
        report.problems = ProjectDocumentOrder.sort(readProblems + kept, in: document)
        if report.problems.contains(where: \.isError) { report.story = nil }
        return report
    }

    /// Validates `project` and hands it back resolved, for a render.
    /// - Throws: `ProjectFileError` with the errors (and what keeps it from resolving), or when
    ///   this validator reads no files (no folder or no media inspector).
    public func resolvedStory(_ project: ProjectFile) throws -> ResolvedStory {
        let report = report(project)
        if let story = report.story { return story }
        var problems = report.errors + report.unresolved
        if problems.isEmpty { problems = [ProjectProblem(path: .root, message: "a story resolves only when its files are read")] }
        throw ProjectFileError(file: projectFile?.path, problems: problems)
    }

    /// The file a project path names (see `ProjectPaths`), when there is a folder to start from.
    public func resolve(_ path: String) -> URL? {
        baseDirectory.map { ProjectPaths.resolve(path, from: $0) }
    }
}
