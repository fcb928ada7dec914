import Foundation
import LentaCatalog
import LentaCore
import LentaMedia
import LentaStories

/// How `lenta project` lays a lenta out as a story.
public struct ProjectStyle: Sendable, Equatable {
    /// The output preset (presets/output/NAME.json).
    public var preset: String = ProjectOutput.defaultPreset
    public var photoDuration: Double = 3.0
    public var transition = ProjectTransition(type: .crossfade, duration: 0.5)
    public var fit: FitMode = .blur
    public var kenBurns: KenBurns = .auto
    /// The story's length in seconds (`lenta project --length`); nil takes `StoryLengthRule`'s
    /// default, which never stretches a lenta too small to fill it.
    public var length: Double?
    /// An opening card with the title, the dates and places, and the route map.
    public var titleCard = true
    /// Music files (absolute paths) played one after another, the last looping; the story is
    /// cut to their beats (`StoryPacing`).
    public var music: [String] = []
    /// Live and Motion Photos play their motion (`"motion": true`); otherwise they show the still
    /// and say `"motion": false`, for a person to turn on.
    public var motion = false
    /// Where route interludes go (a map with a dot travelling the route); none by default.
    public var interludes: Set<RouteInterludePlacement> = []
    /// Every item and alternate says why (`why`): the measures that decided it (`lenta project --explain`).
    public var explain = false
    public init() {}
}

extension Lentas {
    /// A project file for a lenta: its best moments (`StorySelection`) in story order with paths
    /// relative to the project file's folder, the items left out as `alternates`, title and
    /// subtitle from the lenta, durations fitted to the length, transitions and motion from `style`.
    /// - Parameter analysing: told (items analysed, items to analyse) while the lenta's clips not
    ///   analysed yet are (the first story of a lenta analyses them, `ItemAnalysis`).
    /// - Parameter unread: told of each photo that may hold text and could not be read, and why.
    public func project(id: Int64, writingTo output: URL, style: ProjectStyle = ProjectStyle(),
                        analysing: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
                        unread: ((_ path: String, _ error: any Error) -> Void)? = nil) throws -> ProjectFile {
        let detail = try show(id: id)
        // Who is in the pictures, learned once (without the face models, stories have no people);
        // first, so that a clip's keyframes are decoded once for its faces and its worth.
        try People(catalog: catalog).learnIfPossible(among: detail.items.map(\.id), progress: analysing)
        try ItemAnalysis.analyse(try catalog.itemsAwaitingQuality(among: detail.items.map(\.id)), in: catalog, progress: analysing)
        let people = try catalog.peopleInItems(detail.items.map(\.id))
        // Photos that may hold text are read before a story may show them (documents, personal data).
        try ItemReading.read(among: detail.items.map(\.id), in: catalog, progress: analysing, unread: unread)
        let full = Dictionary(uniqueKeysWithValues: try catalog.items(ids: detail.items.map(\.id)).map { ($0.id, $0) })
        let items = detail.items.compactMap { full[$0.id] }  // already in story order
        guard !items.isEmpty else { throw Failure("lenta \(id) has no items") }
        let byHand = Set(detail.items.filter(\.byHand).map(\.id))
        let motions = try motionLengths(of: items)
        let folder = output.deletingLastPathComponent().standardizedFileURL.path
        let days = items.map(\.brief).compactMap(Self.localDay)
        // Interludes take their share of the length: fewer moments are chosen to make room.
        let interludeCount = RouteInterludePlacement.items(for: style.interludes, days: items.map { Self.localDay($0.brief) },
                                                           places: items.map(Self.placeName)).count
        // A memory is told in sections (years, trips, months), each a chapter with its share.
        let memory = detail.lenta.memory
        let sections = try memory.map { try memorySections($0, items: items.map(\.brief)) } ?? [:]
        let plan = Self.choose(items, byHand: byHand, style: style, days: (days.min(), days.max()), interludes: interludeCount,
                               people: people, sections: sections, defaultLength: memory == nil ? nil : MemoryStory.length)
        let paths = Dictionary(uniqueKeysWithValues: items.map { ($0.id, Self.relativePath($0.path, from: folder)) })
        var project = ProjectFile(
            title: detail.lenta.title,
            subtitle: LentaTitle.subtitle(places: items.map(\.place), first: days.first, last: days.last),
            output: ProjectOutput(preset: style.preset),
            defaults: ProjectDefaults(photoDuration: plan.photoDuration, fit: style.fit, transition: style.transition,
                                      kenBurns: style.kenBurns),
            titleCard: style.titleCard ? TitleCard() : nil,
            items: plan.chosen.map { choice in
                // Clips are given their part explicitly, so the story's length is known.
                var entry = ProjectItem(path: paths[choice.id] ?? "", trim: choice.trim)
                entry.speed = choice.speed
                entry.why = plan.why[choice.id]
                if choice.kind == .photo, let motion = motions[choice.id] {
                    entry.motion = style.motion
                    // A motion plays whole (a Live Photo's is 2–3 s), never longer than the photo's turn.
                    if style.motion, let duration = motion { entry.trim = TrimRange(0, min(duration, max(choice.length, 1))) }
                }
                return entry
            })
        Self.markSections(&project, chosen: plan.chosen.map(\.id), sections: sections)
        if case .onThisDay(let date, _)? = memory {
            project.subtitle = MemoryStory.onThisDaySubtitle(date, years: days.map(\.year), places: items.map(\.place))
        }
        project.alternates = plan.alternates.map { ProjectAlternate(path: paths[$0.id] ?? "", reason: $0.reason, why: plan.why[$0.id]) }
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        let chosen = plan.chosen.map { byID[$0.id] }
        for i in RouteInterludePlacement.items(for: style.interludes, days: chosen.map { $0.flatMap { Self.localDay($0.brief) } },
                                               places: chosen.map { $0.flatMap(Self.placeName) }) {
            project.items[i].routeInterlude = RouteInterlude()
        }
        Self.setTransitions(&project, style: style)
        // What the plan could not know (shortened transitions beside short clips): photos absorb
        // the difference, measured on the project's own timeline.
        if let wanted = style.length, abs(plan.length + Self.seconds(ofInterludes: interludeCount, style: style) - wanted) < 1 {
            for _ in 0..<2 { Self.fitLength(&project, to: wanted, style: style) }
        }
        if !style.music.isEmpty {
            // Then cut to the music: durations become whole beats near the chosen pace.
            let sourceLengths = Dictionary(uniqueKeysWithValues: items.compactMap { item in
                item.metadata.kind == .video ? item.metadata.duration.map { (item.id, $0) } : nil
            })
            let clipSources = Dictionary(uniqueKeysWithValues: plan.chosen.enumerated().compactMap { i, choice in
                sourceLengths[choice.id].map { (i, $0) }
            })
            // Where people speak in each clip: a beat that would cut a sentence is not taken.
            let clipSpeech = Dictionary(uniqueKeysWithValues: plan.chosen.enumerated().compactMap { i, choice in
                byID[choice.id]?.quality?.clip?.speech.map { (i, $0) }
            })
            project = try Self.paced(project, music: style.music, folder: folder, clipSources: clipSources, clipSpeech: clipSpeech)
        }
        return project
    }

    /// The selection for a lenta's items (in story order): what `lenta project` shows and leaves out.
    /// - Parameters:
    ///   - sections: a memory's section of each item: the length is shared among them.
    ///   - defaultLength: the length when `style` gives none (a memory's), instead of the trip rule.
    static func choose(_ items: [MediaItem], byHand: Set<Int64>, style: ProjectStyle,
                       days: (first: LocalDate?, last: LocalDate?), interludes: Int = 0, people: [Int64: [Int64]] = [:],
                       sections: [Int64: MemoryStory.Section] = [:], defaultLength: Double? = nil) -> StoryPlan {
        let instants = Timeline.instants(items.map { timelineItem($0.brief) })
        let candidates = items.map { item in
            var candidate = SelectionCandidate(id: item.id, name: URL(fileURLWithPath: item.path).lastPathComponent, kind: item.metadata.kind, instant: instants[item.id], day: localDay(item.brief),
                               place: item.place?.isRemote == false ? item.place?.city : nil, duration: item.metadata.duration,
                               quality: item.quality, byHand: byHand.contains(item.id), people: people[item.id] ?? [])
            candidate.section = sections[item.id]?.key
            candidate.frameRate = item.metadata.frameRate
            candidate.slowMotion = item.metadata.slowMotion
            return candidate
        }
        let overlap = style.transition.type == .cut ? 0 : (style.transition.duration ?? ProjectTransition.defaultDuration)
        let interludeSeconds = Self.seconds(ofInterludes: interludes, style: style)
        var length = style.length ?? defaultLength ?? StoryLengthRule.seconds(from: days.first, to: days.last)
        if !sections.isEmpty {
            length = max(length, MemoryStory.minimumLength(sections: Set(sections.values.map(\.key)).count, photoDuration: style.photoDuration,
                                                           titleCard: style.titleCard ? TitleCard.defaultDuration : 0))
        }
        var options = SelectionOptions(length: max(1, length - interludeSeconds))
        options.stretchToLength = style.length != nil
        options.photoDuration = style.photoDuration
        options.photoRange = (style.photoDuration * 2 / 3)...(style.photoDuration * 5 / 3)
        options.transitionOverlap = overlap
        options.titleCard = style.titleCard ? TitleCard.defaultDuration : nil
        var plan = StorySelection(options: options).choose(candidates)
        if style.explain { plan.why = StoryExplanation.why(plan, candidates: candidates, options: options) }
        return plan
    }

    /// Starts a chapter at the first item of each section (in story order), titled and captioned
    /// with the section's title ("2023", "Lisbon & Sintra, Portugal"); a caption already there stays.
    static func markSections(_ project: inout ProjectFile, chosen: [Int64], sections: [Int64: MemoryStory.Section]) {
        guard !sections.isEmpty else { return }
        var current: String?
        for (i, id) in chosen.enumerated() where i < project.items.count {
            guard let section = sections[id], section.key != current else { continue }
            current = section.key
            project.items[i].chapter = section.title
            if project.items[i].text == nil { project.items[i].text = TextOverlay(content: section.title) }
        }
    }

    /// The place a person would name where `item` was taken; nil far from any place or unknown.
    static func placeName(_ item: MediaItem) -> String? {
        item.place?.isRemote == false ? item.place?.city : nil
    }

    /// What `count` route interludes add to a story: their length less one more transition each.
    static func seconds(ofInterludes count: Int, style: ProjectStyle) -> Double {
        let overlap = style.transition.type == .cut ? 0 : (style.transition.duration ?? ProjectTransition.defaultDuration)
        return Double(count) * (RouteInterlude.defaultDuration - overlap)
    }

    /// The length of each item on the timeline, as the project says it.
    static func itemLengths(_ project: ProjectFile) -> [Double] {
        project.items.map { item in item.trim.map { $0.length / (item.speed ?? 1) } ?? (item.duration ?? project.photoDuration) }
    }

    /// A transition may not outlast half of either neighbour (short clips get shorter ones, or a
    /// cut), and the last item has none.
    static func setTransitions(_ project: inout ProjectFile, style: ProjectStyle) {
        let lengths = itemLengths(project)
        if project.titleCard != nil, let first = lengths.first {
            let next = project.items.first?.routeInterlude != nil ? RouteInterlude.defaultDuration : first
            project.titleCard?.transition = Self.transition(style.transition, between: TitleCard.defaultDuration, and: next)
        }
        for i in project.items.indices {
            project.items[i].transition = nil
            guard style.transition.type != .cut else { continue }
            guard i < project.items.count - 1 else {
                project.items[i].transition = .cut
                continue
            }
            // Into the next piece: the next item, or the interlude before it.
            let next = project.items[i + 1].routeInterlude != nil ? RouteInterlude.defaultDuration : lengths[i + 1]
            project.items[i].transition = Self.transition(style.transition, between: lengths[i], and: next)
        }
        for i in project.items.indices where project.items[i].routeInterlude != nil {
            project.items[i].routeInterlude?.transition = style.transition.type == .cut ? nil
                : Self.transition(style.transition, between: RouteInterlude.defaultDuration, and: lengths[i])
        }
    }

    /// Spreads the difference between the project's timeline and `wanted` over its photos.
    static func fitLength(_ project: inout ProjectFile, to wanted: Double, style: ProjectStyle) {
        let photos = project.items.filter { $0.trim == nil && $0.duration == nil }.count
        guard photos > 0 else { return }
        let lengths = itemLengths(project)
        let timeline = StoryTimeline(project: project, fps: Rational(30), itemLength: { lengths[$0] })
        let difference = wanted - timeline.length.doubleValue
        guard abs(difference) > 0.0005 else { return }
        let range = (style.photoDuration * 2 / 3)...(style.photoDuration * 5 / 3)
        let duration = min(range.upperBound, max(range.lowerBound, project.photoDuration + difference / Double(photos)))
        project.defaults?.photoDuration = (duration * 1000).rounded() / 1000
        setTransitions(&project, style: style)
    }

    /// The project with `music` under it (the last track looping) and cut to its beats.
    static func paced(_ project: ProjectFile, music: [String], folder: String, clipSources: [Int: Double],
                      clipSpeech: [Int: [Utterance]] = [:]) throws -> ProjectFile {
        var project = project
        project.music = music.enumerated().map { k, path in
            MusicTrack(path: relativePath(path, from: folder), loop: k == music.count - 1 ? true : nil)
        }
        let grid: BeatGrid?
        do {
            grid = try MusicBeats.grid(playlist: music)
        } catch {
            throw Failure(error)
        }
        return StoryPacing.paced(project, clipSources: clipSources, clipSpeech: clipSpeech, grid: grid).project
    }

    /// The stills among `items` that have motion — a Live Photo's movie or a Motion Photo's own —
    /// with the motion's length when known.
    func motionLengths(of items: [MediaItem]) throws -> [Int64: Double?] {
        var lengths: [Int64: Double?] = [:]
        let pairs = try catalog.livePhotoPairs(stillIDs: items.map(\.id))
        let movies = Dictionary(uniqueKeysWithValues: try catalog.items(ids: pairs.values.map(\.movieID)).map { ($0.id, $0) })
        for item in items where item.metadata.kind == .photo {
            if let embedded = item.metadata.embeddedMotion {
                lengths[item.id] = .some(embedded.duration)
            } else if let pair = pairs[item.id], let movie = movies[pair.movieID] {
                lengths[item.id] = .some(movie.metadata.duration)
            }
        }
        return lengths
    }

    /// `wanted`, or — when it would outlast half of either neighbour — a shorter one or a cut;
    /// nil when `wanted` fits (the project's default applies).
    static func transition(_ wanted: ProjectTransition, between a: Double, and b: Double) -> ProjectTransition? {
        let longest = min(a, b) / 2
        guard longest < (wanted.duration ?? ProjectTransition.defaultDuration) else { return nil }
        var shorter = wanted
        shorter.duration = (longest * 10).rounded(.down) / 10
        return (shorter.duration ?? 0) >= 0.1 ? shorter : .cut
    }

    /// `path` relative to `folder` when it lies under it or near it ("../photos/a.jpg"), else absolute.
    static func relativePath(_ path: String, from folder: String) -> String {
        let target = path.split(separator: "/").map(String.init)
        let base = folder.split(separator: "/").map(String.init)
        var common = 0
        while common < base.count, common < target.count - 1, target[common] == base[common] { common += 1 }
        let ups = base.count - common
        guard ups <= 3 else { return path }
        return (Array(repeating: "..", count: ups) + target[common...]).joined(separator: "/")
    }
}
