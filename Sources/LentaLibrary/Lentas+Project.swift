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
    /// Clips longer than this are trimmed to their first `maxClip` seconds.
    public var maxClip: Double = 10
    /// An opening card with the title, the dates and places, and the route map.
    public var titleCard = true
    /// Music files (absolute paths) played one after another, the last looping; the story is
    /// cut to their beats (`StoryPacing`).
    public var music: [String] = []
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
        if !style.music.isEmpty {
            project = try Self.paced(project, music: style.music, folder: folder,
                                     clipSources: Dictionary(uniqueKeysWithValues: items.enumerated().compactMap { i, item in
                                         item.metadata.kind == .video ? item.metadata.duration.map { (i, $0) } : nil
                                     }))
        }
        return project
    }

    /// The project with `music` under it (the last track looping) and cut to its beats.
    static func paced(_ project: ProjectFile, music: [String], folder: String, clipSources: [Int: Double]) throws -> ProjectFile {
        var project = project
        project.music = music.enumerated().map { k, path in
            MusicTrack(path: relativePath(path, from: folder), loop: k == music.count - 1 ? true : nil)
        }
        let grid: BeatGrid?
        do {
            grid = try MusicBeats.grid(playlist: music)
        } catch {
            throw Failure("\(error)")
        }
        return StoryPacing.paced(project, clipSources: clipSources, grid: grid).project
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
