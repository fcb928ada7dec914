import Foundation
import LentaCatalog
import LentaCore
import LentaStories

/// How `lenta project` lays a lenta out as a story.
public struct ProjectStyle: Sendable, Equatable {
    /// The output preset (presets/output/NAME.json).
    public var preset: String = ProjectOutput.defaultPreset
    public var photoDuration: Double = 3.0
    public var transition = ProjectTransition(type: .crossfade, duration: 0.5)
    public var fit: FitMode = .blur
    public var kenBurns: KenBurns = .auto
    /// Clips longer than this are trimmed to their first `maxClip` seconds.
    public var maxClip: Double = 10
    /// An opening card with the title, the dates and places, and the route map.
    public var titleCard = true
    /// Live and Motion Photos play their motion (`"motion": true`); otherwise they show the still
    /// and say `"motion": false`, for a person to turn on.
    public var motion = false
    public init() {}
}

extension Lentas {
    /// A project file for a lenta: items in story order with paths relative to the project file's
    /// folder, title and subtitle from the lenta, durations, transitions and motion from `style`.
    public func project(id: Int64, writingTo output: URL, style: ProjectStyle = ProjectStyle()) throws -> ProjectFile {
        let detail = try show(id: id)
        let full = Dictionary(uniqueKeysWithValues: try catalog.items(ids: detail.items.map(\.id)).map { ($0.id, $0) })
        let items = detail.items.compactMap { full[$0.id] }  // already in story order
        guard !items.isEmpty else { throw Failure("lenta \(id) has no items") }
        let motions = try motionLengths(of: items)
        let folder = output.deletingLastPathComponent().standardizedFileURL.path
        let days = items.map(\.brief).compactMap(Self.localDay)
        var project = ProjectFile(
            title: detail.lenta.title,
            subtitle: LentaTitle.subtitle(places: items.map(\.place), first: days.first, last: days.last),
            output: ProjectOutput(preset: style.preset),
            defaults: ProjectDefaults(photoDuration: style.photoDuration, fit: style.fit, transition: style.transition,
                                      kenBurns: style.kenBurns),
            titleCard: style.titleCard ? TitleCard() : nil,
            items: items.map { item in
                var entry = ProjectItem(path: Self.relativePath(item.path, from: folder))
                if item.metadata.kind == .video, let duration = item.metadata.duration {
                    // Clips are given their length explicitly, so the story's length is known.
                    entry.trim = TrimRange(0, min(duration, style.maxClip))
                }
                if item.metadata.kind == .photo, let motion = motions[item.id] {
                    entry.motion = style.motion
                    if style.motion, let duration = motion { entry.trim = TrimRange(0, min(duration, style.maxClip)) }
                }
                return entry
            })
        // A transition may not outlast half of either neighbour (short clips get shorter ones, or
        // a cut), and the last item has none.
        let lengths = project.items.map { $0.trim?.length ?? ($0.duration ?? style.photoDuration) }
        if project.titleCard != nil, let first = lengths.first {
            project.titleCard?.transition = Self.transition(style.transition, between: TitleCard.defaultDuration, and: first)
        }
        for i in project.items.indices where style.transition.type != .cut {
            guard i < project.items.count - 1 else {
                project.items[i].transition = .cut
                continue
            }
            project.items[i].transition = Self.transition(style.transition, between: lengths[i], and: lengths[i + 1])
        }
        return project
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
