import Foundation
import LentaCore
import LentaMedia
import LentaStories

/// What a story's MP4 and its subtitle sidecar say about it, worked out from the metadata
/// validation read and the places it named (`ResolvedStory.places`; no file is read again), as
/// the title card's map names them:
///
/// - chapters: the project's own (items with a `chapter`: each runs to the next), else a chapter per place (consecutive items at one place, the city a person would
///   name; a second visit is a second chapter) or per day (the items' own local dates, titled
///   "3 May 2024 · Lisbon & Sintra"), as the output preset says. The title card and items with no
///   place (or date) belong to the chapter they fall in; the first chapter starts at 0.
/// - the trip's title, the first capture time, and its place: the located item nearest to all
///   the others (a real spot of the trip, not an average that may fall in the sea).
/// - subtitle cues: each item's caption over its segment, and each place's name over the first
///   item that reaches it (one cue, the name above the caption, when that item has a caption).
public struct StoryPublishing {
    public let metadata: StoryMetadata
    /// The captions and place names, in story order.
    public let cues: [SubtitleCue]

    init(compositor: StoryCompositor) {
        let project = compositor.story.project, timeline = compositor.timeline
        let located = compositor.story.places
        let placeRuns = Self.runs(timeline: timeline) { located[$0].placeName }
        var chapters: [StoryChapter] = []
        // The project's own chapters (a memory's years or trips), unless the preset wants none.
        let marked = project.items.contains { $0.chapter != nil } && compositor.preset.chapterMode != .off
        switch compositor.preset.chapterMode {
        case _ where marked:
            let chapterRuns = Self.runs(timeline: timeline, startsOnly: true) { project.items[$0].chapter }
            chapters = Self.chapters(chapterRuns, length: timeline.length) { run in run.key }
        case .place:
            chapters = Self.chapters(placeRuns, length: timeline.length) { run in run.key }
        case .day:
            let dayRuns = Self.runs(timeline: timeline) { located[$0].localDay?.description }
            chapters = Self.chapters(dayRuns, length: timeline.length) { run in
                guard let day = located[run.items[0]].localDay else { return run.key }
                let names = LentaTitle.ranked(run.items.compactMap { located[$0].placeName })
                let date = LentaTitle.dateRange(day, day)
                return names.isEmpty ? date : "\(date) · \(LentaTitle.list(Array(names.prefix(3))))"
            }
        case .off:
            break
        }

        let first = located.compactMap(\.time).filter { $0.utc != nil && !$0.source.isFallback }.min { ($0.utc ?? 0) < ($1.utc ?? 0) }
        metadata = StoryMetadata(title: project.title, creationTime: first, location: Self.centralPoint(located.compactMap(\.point)),
                                 chapters: chapters)

        var cues: [SubtitleCue] = []
        let firstOfPlace = Dictionary(placeRuns.map { ($0.items[0], $0.key) }, uniquingKeysWith: { a, _ in a })
        for segment in timeline.segments {
            guard case .item(let index) = segment.content else { continue }
            let caption = project.items[index].text?.content.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let lines = [firstOfPlace[index], caption.isEmpty ? nil : caption].compactMap { $0 }
            guard !lines.isEmpty else { continue }
            cues.append(SubtitleCue(start: segment.start, end: segment.end, text: lines.joined(separator: "\n")))
        }
        self.cues = cues
    }

    /// Consecutive items (in story order) that share a key; an item without one joins the run
    /// it falls in (or the first run, before any key). A run whose first item has a route
    /// interlude starts with the interlude, which leads into it.
    struct Run {
        var key: String
        var start: Rational
        var items: [Int]
    }

    /// - Parameter startsOnly: a key marks where a run starts (the project's `chapter`); items
    ///   without one continue the run, and a key equal to the last one still starts a new run.
    static func runs(timeline: StoryTimeline, startsOnly: Bool = false, key: (Int) -> String?) -> [Run] {
        var runs: [Run] = []
        var leading: [Int] = []
        var interludeStart: [Int: Rational] = [:]
        for segment in timeline.segments {
            if case .routeInterlude(let index) = segment.content { interludeStart[index] = segment.start }
            guard case .item(let index) = segment.content else { continue }
            if let k = key(index), startsOnly || k != runs.last?.key {
                runs.append(Run(key: k, start: interludeStart[index] ?? segment.start, items: [index]))
            } else if runs.isEmpty {
                leading.append(index)
            } else {
                runs[runs.count - 1].items.append(index)
            }
        }
        if !runs.isEmpty {
            runs[0].start = Rational(0)
            runs[0].items = leading + runs[0].items
        }
        return runs
    }

    static func chapters(_ runs: [Run], length: Rational, title: (Run) -> String) -> [StoryChapter] {
        runs.enumerated().map { k, run in
            StoryChapter(start: run.start, end: k + 1 < runs.count ? runs[k + 1].start : length, title: title(run))
        }
    }

    /// The point with the least total great-circle distance to the others.
    static func centralPoint(_ points: [GeoPoint]) -> GeoPoint? {
        let plausible = points.filter(\.isPlausible)
        return plausible.min { a, b in
            plausible.reduce(0) { $0 + a.kilometres(to: $1) } < plausible.reduce(0) { $0 + b.kilometres(to: $1) }
        }
    }

    /// Writes the cues beside the MP4 as `story.srt` or `story.vtt` (under a temporary name,
    /// renamed into place). Returns the file's path.
    /// Where `writeSidecar` writes: `story.srt` beside `story.mp4` (nil for a track inside it).
    public static func sidecarPath(_ format: SubtitleFormat, besides video: String) -> String? {
        guard let ext = format.fileExtension else { return nil }
        return URL(fileURLWithPath: video).deletingPathExtension().appendingPathExtension(ext).path
    }

    public func writeSidecar(_ format: SubtitleFormat, besides video: String) throws -> String? {
        guard let path = Self.sidecarPath(format, besides: video) else { return nil }
        try AtomicWrite.write(Array(SubtitleFile.text(cues, format: format).utf8), to: path, what: "subtitles")
        return path
    }
}

extension LocatedItem {
    /// The local calendar day it was taken on, when its wall clock is known.
    var localDay: LocalDate? { time?.local.map(LocalDate.init) }
}
