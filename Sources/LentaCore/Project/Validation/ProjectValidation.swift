import Foundation

/// One run of `ProjectValidator` over one project: the checks and what they found.
final class ProjectValidation {
    typealias Path = JSONPath

    let project: ProjectFile
    let validator: ProjectValidator
    private(set) var problems: [ProjectProblem] = []

    /// What is known of each item once its file has been looked at.
    struct ItemFacts {
        var kind: MediaKind?
        var mediaDuration: Double?
        /// The file, once it was found to be a regular file.
        var url: URL?
        /// What the file's headers say, when it was read.
        var metadata: MediaMetadata?
        var playableSound = false
        /// The photo's motion, for an item with `motion: true`, when it was looked for and found.
        var motion: ResolvedMotion?
        /// Seconds in the story, when valid and known.
        var length: Double?
        /// The item's file could not be used: leave it out of checks between items.
        var broken = false
    }
    private(set) var facts: [ItemFacts] = []
    /// Each music track's file and length, as found.
    private(set) var musicFacts: [ResolvedMusic?] = []
    /// The route's track as read, when the project names one (nil until it is read).
    private(set) var routeFact: RouteFact?

    enum RouteFact { case read(TravelledTrack), unreadable }
    /// Every look named, read once whatever the number of items naming it: the loaded look, or
    /// the problem with it (repeated at each item that names it).
    private var looks: [String: Result<ResolvedLook, LookProblem>] = [:]
    /// Problems validation does not report but that keep the story from resolving (a look that
    /// could not be checked because no look presets are installed).
    private(set) var unresolved: [ProjectProblem] = []

    /// Why a look cannot be used, said at each item that names it.
    struct LookProblem: Error {
        var message: String
        /// Whether validation reports it, or it only keeps the story from resolving.
        var reported = true
    }

    init(project: ProjectFile, validator: ProjectValidator) {
        self.project = project
        self.validator = validator
    }

    func error(_ path: Path, _ message: String) { problems.append(ProjectProblem(path, message)) }
    func warning(_ path: Path, _ message: String) { problems.append(ProjectProblem(path, message, severity: .warning)) }

    func checkAll() {
        let root = Path.root
        if project.version != ProjectFile.currentVersion {
            error(root + "lenta", "unsupported version \(project.version) (this lenta reads \(ProjectFile.currentVersion))")
        }
        if let output = project.output { checkOutput(output, at: root + "output") } else { checkPresetName(ProjectOutput.defaultPreset, at: root + "output") }
        if let defaults = project.defaults { checkDefaults(defaults, at: root + "defaults") }
        musicFacts = project.music.enumerated().map { i, track in checkMusic(track, index: i, at: root + "music" + i) }
        if let card = project.titleCard { checkTitleCard(card, at: root + "titleCard") }
        if let route = project.route { routeFact = checkRoute(route, at: root + "route") }
        if project.items.isEmpty { error(root + "items", "a story needs at least one item") }
        checkBudget()
        facts = project.items.enumerated().map { i, item in checkItem(item, at: root + "items" + i) }
        checkRouteInterludes()
        checkTransitions()
        checkAlternates()
        for (i, item) in project.items.enumerated() {
            if let text = item.text, let length = facts[i].length {
                checkTextFades(text, itemLength: length, at: root + "items" + i + "text")
            }
        }
    }

    // MARK: Numbers

    /// `[-4, 4]`, `(0, 1]`: whole bounds without a decimal point.
    static func bound(_ d: Double) -> String { d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : d.description }

    /// A value computed from others, without binary-fraction noise: 1.1, not 1.1000000000000001.
    static func tidy(_ d: Double) -> String { ((d * 1e9).rounded() / 1e9).description }

    func checkRange(_ value: Double?, _ range: ClosedRange<Double>, unit: String = "", at path: Path) {
        guard let value, !range.contains(value) else { return }
        error(path, "must be in [\(Self.bound(range.lowerBound)), \(Self.bound(range.upperBound))]\(unit) (is \(value))")
    }

    /// A length of time: in (0, 3600) seconds.
    func checkDuration(_ value: Double?, at path: Path) {
        guard let value, !(value > 0 && value < ProjectLimits.maximumSeconds) else { return }
        error(path, "must be in (0, \(Self.bound(ProjectLimits.maximumSeconds))) seconds (is \(value))")
    }

    /// A time that may be 0: in [0, 3600) seconds.
    func checkTime(_ value: Double?, at path: Path) {
        guard let value, !(value >= 0 && value < ProjectLimits.maximumSeconds) else { return }
        error(path, "must be in [0, \(Self.bound(ProjectLimits.maximumSeconds))) seconds (is \(value))")
    }

    func isValidDuration(_ d: Double?) -> Bool { d.map { $0 > 0 && $0 < ProjectLimits.maximumSeconds } ?? false }

    func checkRect(_ rect: ProjectRect, at path: Path) {
        let tolerance = ProjectLimits.rectTolerance
        for (name, value) in [("x", rect.x), ("y", rect.y)] where !(value >= 0 && value < 1) {
            error(path, "\(name) must be in [0, 1) (is \(value))")
        }
        for (name, value) in [("width", rect.width), ("height", rect.height)] where !(value > 0 && value <= 1) {
            error(path, "\(name) must be in (0, 1] (is \(value))")
        }
        if rect.x >= 0, rect.x < 1, rect.width > 0, rect.width <= 1, rect.x + rect.width > 1 + tolerance {
            error(path, "x + width must be at most 1 (is \(Self.tidy(rect.x + rect.width)))")
        }
        if rect.y >= 0, rect.y < 1, rect.height > 0, rect.height <= 1, rect.y + rect.height > 1 + tolerance {
            error(path, "y + height must be at most 1 (is \(Self.tidy(rect.y + rect.height)))")
        }
    }

    func checkKenBurns(_ kenBurns: KenBurns?, at path: Path) {
        guard case .motion(let motion)? = kenBurns else { return }
        checkRect(motion.from, at: path + "from")
        checkRect(motion.to, at: path + "to")
    }

    // MARK: Files

    enum FileState { case unchecked, missing, found(URL) }

    /// Checks that `relative` names a regular file (when there is a folder to look in), before
    /// anything opens it: a FIFO would block the opener, a folder or device is no media.
    func checkFile(_ relative: String, at path: Path) -> FileState {
        guard !relative.isEmpty else {
            error(path, "must not be empty")
            return .missing
        }
        guard let url = validator.resolve(relative) else { return .unchecked }
        if let problem = FileType(atPath: url.path).problem {
            error(path, "\(problem): \(DiagnosticText.value(relative, limit: 240))")
            return .missing
        }
        return .found(url)
    }

    // MARK: Output and presets

    func checkOutput(_ output: ProjectOutput, at path: Path) {
        checkPresetName(output.preset ?? ProjectOutput.defaultPreset, at: output.preset == nil ? path : path + "preset")
        for (key, value) in [("width", output.width), ("height", output.height)] {
            guard let value else { continue }
            if !ProjectLimits.frameSize.contains(value) {
                error(path + key, "must be in [\(ProjectLimits.frameSize.lowerBound), \(ProjectLimits.frameSize.upperBound)] pixels (is \(value))")
            } else if value % 2 != 0 {
                error(path + key, "must be even, as 4:2:0 video needs (is \(value))")
            }
        }
        let preset = output.width == nil || output.height == nil
            ? validator.presets.flatMap { try? $0.outputPreset(named: output.preset ?? ProjectOutput.defaultPreset) } : nil
        if let width = output.width ?? preset?.width, let height = output.height ?? preset?.height,
           let problem = ProjectLimits.framePixelsProblem(width: width, height: height) {
            error(path + (output.width != nil ? "width" : "height"), problem)
        }
        if let fps = output.fps {
            if fps.numerator <= 0 || fps.denominator <= 0 {
                error(path + "fps", "numerator and denominator must be more than 0 (is \(fps))")
            } else if !ProjectLimits.frameRate.contains(fps.value) {
                error(path + "fps", "must be in [\(Self.bound(ProjectLimits.frameRate.lowerBound)), \(Self.bound(ProjectLimits.frameRate.upperBound))] frames per second (is \(fps))")
            }
        }
        if let crf = output.crf, !ProjectLimits.crf.contains(crf) {
            error(path + "crf", "must be in [\(ProjectLimits.crf.lowerBound), \(ProjectLimits.crf.upperBound)] (is \(crf))")
        }
        if let also = output.also { checkAlso(also, of: output, at: path + "also") }
    }

    /// `output.also`: each a known preset, named once, not the story's own, and able to share
    /// the story's pass (`ShapeMismatch`).
    func checkAlso(_ also: [String], of output: ProjectOutput, at path: Path) {
        let own = output.preset ?? ProjectOutput.defaultPreset
        // The story's preset as the render uses it (with this project's changes), when it loads.
        let main = validator.presets.flatMap { try? $0.outputPreset(named: own).applying(output) }
        var seen: [String: Int] = [:]
        for (index, name) in also.enumerated() {
            let at = path + index
            if name.isEmpty {
                error(at, "must not be empty")
                continue
            }
            if let first = seen[name] {
                error(at, "\(StrictJSON.quoted(name)) is listed twice (also at \(path + first))")
                continue
            }
            seen[name] = index
            if name == own {
                error(at, "\(StrictJSON.quoted(name)) is the story's own preset (output.preset), which the story's MP4 already is")
                continue
            }
            guard let library = validator.presets, library.outputPresetNames().contains(name) else {
                checkPresetName(name, at: at)
                continue
            }
            let preset: OutputPreset
            do {
                preset = try library.outputPreset(named: name)
            } catch {
                self.error(at, "\(error)")
                continue
            }
            if let main, let mismatch = ShapeMismatch.find(also: preset, main: main) {
                error(at, "preset \(StrictJSON.quoted(name)) cannot be rendered in the story's pass: \(mismatch.difference) "
                          + "(\(own)); render it separately")
            }
        }
    }

    func checkPresetName(_ name: String, at path: Path) {
        guard let library = validator.presets else { return }
        let known = library.outputPresetNames()
        guard !known.contains(name) else { return }
        guard !known.isEmpty else {
            error(path, "no output presets found, so \(DiagnosticText.quoted(name)) cannot be checked (searched \(library.searchedDescription))")
            return
        }
        var message = "unknown preset \(DiagnosticText.quoted(name)) ("
        if let guess = ProjectSuggestion.closest(to: name, in: known) { message += "did you mean \"\(guess)\"? " }
        error(path, message + "known: \(known.joined(separator: ", ")))")
    }

    /// Checks the look an item names and loads it, once for the whole story: a `.cube` shared by
    /// fifty items is read and parsed once, and its problem reported at each of them.
    func checkLook(_ look: String, at path: Path) {
        if look.isEmpty {
            error(path, "must not be empty")
            return
        }
        let outcome: Result<ResolvedLook, LookProblem>?
        if let known = looks[look] {
            outcome = known
        } else {
            outcome = loadLook(look)
            looks[look] = outcome
        }
        guard case .failure(let problem)? = outcome else { return }
        if problem.reported { error(path, problem.message) } else { unresolved.append(ProjectProblem(path, problem.message)) }
    }

    /// Reads a look: nil when it cannot be checked here (no folder to look in for a `.cube`).
    private func loadLook(_ look: String) -> Result<ResolvedLook, LookProblem>? {
        if ItemLook.isCubePath(look) {
            guard let url = validator.resolve(look) else { return nil }
            if let problem = FileType(atPath: url.path).problem { return .failure(LookProblem(message: "\(problem): \(DiagnosticText.value(look, limit: 240))")) }
            do {
                return .success(ResolvedLook(look: .cube(path: look, try validator.readCube(url, look)), file: url))
            } catch {
                return .failure(LookProblem(message: "\(error)"))
            }
        }
        if look.contains("/") {
            return .failure(LookProblem(message: "a look file must be a .cube LUT: \(DiagnosticText.value(look, limit: 240))"))
        }
        guard let library = validator.presets else { return nil }
        // With no look presets installed, names are not checked; a story naming one cannot be
        // rendered, though, so the problem keeps it from resolving.
        let checked = !library.lookNames().isEmpty
        do {
            return .success(ResolvedLook(look: .recipe(name: look, try library.look(named: look)), file: library.lookFile(named: look)))
        } catch {
            return .failure(LookProblem(message: "\(error)", reported: checked))
        }
    }

    // MARK: Defaults, music, title card

    func checkDefaults(_ defaults: ProjectDefaults, at path: Path) {
        checkDuration(defaults.photoDuration, at: path + "photoDuration")
        if let t = defaults.transition { checkTransitionShape(t, at: path + "transition") }
        checkKenBurns(defaults.kenBurns, at: path + "kenBurns")
    }

    /// Checks a music track; its file, when found (and opened as the render opens it, when the
    /// validator can).
    func checkMusic(_ track: MusicTrack, index: Int, at path: Path) -> ResolvedMusic? {
        var resolved: ResolvedMusic?
        if case .found(let url) = checkFile(track.path, at: path + "path") {
            resolved = ResolvedMusic(track: track, url: url)
            switch validator.inspectSound?(url) {
            case .sound(let duration)?:
                resolved?.duration = duration
            case .unplayable(let reason)?:
                error(path + "path", "cannot be played: \(reason)")
                resolved = nil
            case nil:
                break
            }
        }
        checkRange(track.volume, ProjectLimits.volume, at: path + "volume")
        checkTime(track.fadeIn, at: path + "fadeIn")
        checkTime(track.fadeOut, at: path + "fadeOut")
        checkTime(track.start, at: path + "start")
        if track.loop == true, index < project.music.count - 1 {
            let later = project.music.count - index - 1 == 1 ? "music[\(index + 1)] never plays" : "music[\(index + 1)…] never play"
            warning(path + "loop", "a looping track plays until the story ends, so \(later)")
        }
        return resolved
    }

    /// Checks the route's file and reads its track (when media are read: the track is part of
    /// what the story resolves to).
    func checkRoute(_ route: String, at path: Path) -> RouteFact? {
        guard case .found(let url) = checkFile(route, at: path) else { return .unreadable }
        guard validator.inspectMedia != nil else { return nil }
        do {
            return .read(try TrackFile.read(url.path))
        } catch {
            self.error(path, "not a usable track: \(error.reason)")
            return .unreadable
        }
    }

    func checkTitleCard(_ card: TitleCard, at path: Path) {
        checkDuration(card.duration, at: path + "duration")
        if let t = card.transition { checkTransitionShape(t, at: path + "transition") }
        if (project.title ?? "").isEmpty && (project.subtitle ?? "").isEmpty {
            warning(path, "there is no title or subtitle to show")
        }
        if let reason = validator.inspectText?.unavailable {
            error(path, "no font to draw the title card with (\(DiagnosticText.value(reason, limit: 240))); render would fail: install a font fontconfig finds (fonts-dejavu-core)")
            return
        }
        if let title = project.title { checkFonts(title, at: .root + "title") }
        if let subtitle = project.subtitle { checkFonts(subtitle, at: .root + "subtitle") }
    }

    // MARK: Items

    func checkItem(_ item: ProjectItem, at path: Path) -> ItemFacts {
        var facts = ItemFacts(kind: item.kindByExtension)
        switch checkFile(item.path, at: path + "path") {
        case .missing:
            facts.broken = true
        case .unchecked:
            break
        case .found(let url):
            facts.url = url
            if let inspect = validator.inspectMedia {
                switch inspect(url) {
                case .media(let metadata, let playableSound):
                    facts.kind = metadata.kind
                    facts.mediaDuration = metadata.kind == .video ? metadata.duration : nil
                    facts.metadata = metadata
                    facts.playableSound = playableSound
                    if let problem = metadata.colourWarning { warning(path + "path", problem) }
                    if metadata.isCutShortJPEG { warning(path + "path", "\(DiagnosticText.value(item.path, limit: 240)): \(MediaMetadata.cutShortJPEGWarning)") }
                case .notMedia:
                    error(path + "path", "not a photo or video: \(DiagnosticText.value(item.path, limit: 240))")
                    facts.broken = true
                case .unreadable(let reason):
                    error(path + "path", "cannot be read: \(reason)")
                    facts.broken = true
                }
            }
        }

        if item.motion == true { checkMotion(item, file: facts.url, facts: &facts, at: path + "motion") }

        checkDuration(item.duration, at: path + "duration")
        if let trim = item.trim { checkTrim(trim, videoLength: facts.mediaDuration, at: path + "trim") }
        switch facts.kind {
        case .photo?:
            if item.trim != nil { error(path + "trim", "a photo has no trim (give it a duration)") }
            if item.volume != nil { warning(path + "volume", "a photo has no sound; volume is ignored") }
            if item.motion != true {
                if item.speed != nil { error(path + "speed", "a photo has no speed (only a clip, or a photo playing its motion)") }
                if item.stabilise != nil { error(path + "stabilise", "a photo is not stabilised (only a clip, or a photo playing its motion)") }
            }
        case .video?:
            if item.duration != nil { error(path + "duration", "a video's length comes from trim [in, out], not duration") }
        case nil:
            break
        }
        checkRange(item.volume, ProjectLimits.volume, at: path + "volume")
        checkRange(item.speed, ProjectLimits.speed, unit: "×", at: path + "speed")
        if let adjust = item.adjust {
            for (key, value) in adjust.values {
                guard let limit = ProjectLimits.adjustments[key] else { continue }
                checkRange(value, limit.range, unit: limit.unit, at: path + "adjust" + key)
            }
        }
        checkRange(item.rotate, ProjectLimits.rotate, unit: " degrees", at: path + "rotate")
        if let crop = item.crop { checkRect(crop, at: path + "crop") }
        checkKenBurns(item.kenBurns, at: path + "kenBurns")
        if let text = item.text { checkText(text, at: path + "text") }
        if let look = item.look { checkLook(look, at: path + "look") }
        if let t = item.transition { checkTransitionShape(t, at: path + "transition") }

        facts.length = length(of: item, facts: facts)
        return facts
    }

    func checkTrim(_ trim: TrimRange, videoLength: Double?, at path: Path) {
        if trim.start < 0 { error(path, "in must be at least 0 (is \(trim.start))") }
        if trim.start >= trim.end {
            error(path, "in (\(trim.start)) must be before out (\(trim.end))")
        } else if trim.length >= ProjectLimits.maximumSeconds {
            error(path, "the clip must be shorter than \(Self.bound(ProjectLimits.maximumSeconds)) seconds (is \(Self.tidy(trim.length)))")
        }
        if let videoLength, trim.end > videoLength + ProjectLimits.timeTolerance {
            error(path, "out (\(trim.end)) is past the end of the video (\(ProjectWords.seconds(videoLength)) s)")
        }
    }

    /// The item's speed, 1 when it has none or one out of range (an error already).
    func validSpeed(_ item: ProjectItem) -> Double {
        guard let speed = item.speed, ProjectLimits.speed.contains(speed) else { return 1 }
        return speed
    }

    /// Seconds the item lasts in the story, when its settings are valid and it is known.
    func length(of item: ProjectItem, facts: ItemFacts) -> Double? {
        if facts.broken { return nil }
        if let trim = item.trim {
            guard trim.start >= 0, trim.start < trim.end, trim.length < ProjectLimits.maximumSeconds else { return nil }
            if let end = facts.mediaDuration, trim.end > end + ProjectLimits.timeTolerance { return nil }
            return facts.kind == .photo ? nil : trim.length / validSpeed(item)
        }
        switch facts.kind {
        case .video?: return facts.mediaDuration.map { $0 / validSpeed(item) }
        case .photo?:
            let d = item.duration ?? project.photoDuration
            return isValidDuration(d) ? d : nil
        case nil:
            return isValidDuration(item.duration) ? item.duration : nil
        }
    }

    func checkText(_ text: TextOverlay, at path: Path) {
        if text.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            error(path + "content", "must not be empty")
        }
        checkFonts(text.content, at: path + "content")
        if case .point(let p)? = text.position {
            for (name, value) in [("x", p.x), ("y", p.y)] where !(0...1).contains(value) {
                error(path + "position", "\(name) must be in [0, 1] (is \(value))")
            }
        }
        if let size = text.size, !(size > 0 && size <= ProjectLimits.maximumTextSize) {
            error(path + "size", "must be in (0, \(Self.bound(ProjectLimits.maximumTextSize))] of the frame's height (is \(size))")
        }
        checkTime(text.fadeIn, at: path + "fadeIn")
        checkTime(text.fadeOut, at: path + "fadeOut")
    }

    /// A warning for each character no installed font has: `no installed font has "ツ" (U+30C4); it is left out`.
    func checkFonts(_ content: String, at path: Path) {
        guard let inspect = validator.inspectText else { return }
        if let reason = inspect.unavailable {
            error(path, "no font to draw it with (\(DiagnosticText.value(reason, limit: 240))); render would fail: install a font fontconfig finds (fonts-dejavu-core)")
            return
        }
        for character in inspect.missingCharacters(in: content) {
            let codes = character.unicodeScalars.map { "U+" + ProjectWords.hex($0.value) }.joined(separator: " ")
            warning(path, "no installed font has \"\(character)\" (\(codes)); it is left out")
        }
    }

    func checkTextFades(_ text: TextOverlay, itemLength: Double, at path: Path) {
        let fadeIn = text.fadeIn ?? 0, fadeOut = text.fadeOut ?? 0
        guard fadeIn >= 0, fadeOut >= 0, fadeIn + fadeOut > itemLength + ProjectLimits.timeTolerance else { return }
        error(path, "fadeIn (\(fadeIn) s) and fadeOut (\(fadeOut) s) together are longer than the item (\(ProjectWords.seconds(itemLength)) s)")
    }

    // MARK: Transitions

    /// What a transition may hold, wherever it is.
    func checkTransitionShape(_ t: ProjectTransition, at path: Path) {
        if t.type == .cut {
            if let d = t.duration, d != 0 { warning(path + "duration", "a cut takes no time; duration is ignored") }
        } else {
            checkDuration(t.duration, at: path + "duration")
        }
        if t.colour != nil, t.type != .dip {
            error(path + "colour", "only a dip has a colour (this is a \(t.type.rawValue))")
        }
        if t.direction != nil, t.type != .slide, t.type != .wipe {
            error(path + "direction", "only a slide or a wipe has a direction (this is a \(t.type.rawValue))")
        }
    }

    /// One join between two pieces of the story.
    struct Join {
        var transition: ProjectTransition
        /// Where the transition is written: the item's own, the title card's, or the default.
        var path: Path
        var fromName: String, toName: String
        var fromLength: Double?, toLength: Double?
        var explicitlyFromItem: Bool
    }

    /// The joins of the story in order, one between each two of its pieces (title card, route
    /// interludes, items).
    func joins() -> [Join] {
        let pieces = project.pieces
        let defaultPath = Path.root + "defaults" + "transition"
        return zip(pieces, pieces.dropFirst()).map { from, to in
            Join(transition: from.transitionOut, path: from.transitionPath ?? defaultPath,
                 fromName: from.content.name, toName: to.content.name,
                 fromLength: length(of: from), toLength: length(of: to), explicitlyFromItem: from.transitionPath != nil)
        }
    }

    /// A piece's length in seconds, when valid and known.
    func length(of piece: StoryPiece) -> Double? {
        if case .item(let i) = piece.content { return facts.indices.contains(i) ? facts[i].length : nil }
        return isValidDuration(piece.nominalLength) ? piece.nominalLength : nil
    }

    func checkTransitions() {
        let items = project.items
        if let last = items.indices.last, let t = items[last].transition, t.type != .cut {
            warning(Path.root + "items" + last + "transition", "the last item has no next item; its transition is ignored")
        }
        let joins = joins()
        var tooLong = Set<Int>()
        for (j, join) in joins.enumerated() {
            let overlap = join.transition.overlap
            guard overlap > 0, isValidDuration(overlap) else { continue }
            // The shorter of the neighbours whose lengths are known.
            let known = [(join.fromName, join.fromLength), (join.toName, join.toLength)].compactMap { name, length in length.map { (name, $0) } }
            guard let (name, length) = known.min(by: { $0.1 < $1.1 }), overlap > length + ProjectLimits.timeTolerance else { continue }
            tooLong.insert(j)
            var message = "duration (\(overlap) s) is longer than the shorter neighbour, \(name) (\(ProjectWords.seconds(length)) s)"
            if !join.explicitlyFromItem { message += ", between \(join.fromName) and \(join.toName)" }
            error(join.path, message)
        }
        // An item's (or interlude's) way in and way out must not overlap each other: piece k
        // comes in by join k − 1 and goes out by join k.
        for (k, piece) in project.pieces.enumerated() {
            let path: Path
            switch piece.content {
            case .titleCard: continue
            case .item(let i): path = Path.root + "items" + i
            case .routeInterlude(let i): path = Path.root + "items" + i + "routeInterlude"
            }
            guard let length = length(of: piece) else { continue }
            let inIndex = k - 1, outIndex = k
            guard joins.indices.contains(inIndex), joins.indices.contains(outIndex),
                  !tooLong.contains(inIndex), !tooLong.contains(outIndex) else { continue }
            let into = joins[inIndex].transition.overlap, out = joins[outIndex].transition.overlap
            guard isValidDuration(into) || into == 0, isValidDuration(out) || out == 0,
                  into + out > length + ProjectLimits.timeTolerance else { continue }
            error(path, "transitions in (\(into) s) and out (\(out) s) together are longer than \(piece.content.isItem ? "the item" : "the interlude") (\(ProjectWords.seconds(length)) s)")
        }
    }

    /// The story's length: its pieces (title card, interludes, items), less the transitions' overlaps.
    func totalLength() -> Double? {
        guard !project.items.isEmpty else { return nil }
        var total = 0.0
        for piece in project.pieces {
            if case .item = piece.content {
                guard let length = length(of: piece) else { return nil }
                total += length
            } else {
                total += piece.nominalLength ?? 0
            }
        }
        for join in joins() { total -= join.transition.overlap }
        return total
    }

    // MARK: The resolved story

    /// The story as validation found it, when it has no errors and every file was read.
    func story() -> ResolvedStory? {
        guard let directory = validator.baseDirectory, validator.inspectMedia != nil,
              unresolved.isEmpty, !problems.contains(where: \.isError) else { return nil }
        var items: [ResolvedItem] = []
        for (item, fact) in zip(project.items, facts) {
            guard let url = fact.url, let metadata = fact.metadata else { return nil }
            // A photo asked to play its motion resolves only with the motion found.
            if item.motion == true, metadata.kind == .photo, fact.motion == nil { return nil }
            var look: ItemLook?
            if let name = item.look {
                guard case .success(let loaded)? = looks[name] else { return nil }
                look = loaded.look
            }
            items.append(ResolvedItem(item: item, url: url, metadata: metadata, playableSound: fact.playableSound, look: look,
                                      motion: fact.motion))
        }
        var music: [ResolvedMusic] = []
        for fact in musicFacts {
            guard let fact else { return nil }
            music.append(fact)
        }
        var route: TravelledTrack?
        switch routeFact {
        case .read(let track)?: route = track.clipped(toTimes: items.map { $0.metadata.captureTime?.utc })
        case .unreadable?: return nil
        case nil: if project.route != nil { return nil }
        }
        let loaded = looks.compactMapValues { try? $0.get() }
        var places: [LocatedItem]?
        if let namePlaces = validator.namePlaces {
            do {
                places = try namePlaces(items.map(\.metadata))
            } catch {
                // The render could draw no map and name no chapter: the story does not resolve.
                unresolved.append(ProjectProblem(.root, "cannot read the place names: \(error)"))
                return nil
            }
        }
        return ResolvedStory(project: project, projectFile: validator.projectFile, directory: directory, items: items,
                             music: music, looks: loaded, length: totalLength(), route: route, places: places)
    }
}
