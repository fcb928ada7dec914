import LentaCore

extension StoryPacing {
    /// `project` paced: the title card's and photos' durations, clips' trims and transitions
    /// rewritten so the story moves with `grid` (or at an even pace without one); the last music
    /// track fades out over the story's last bar. Durations are written only where they differ
    /// from the project's default.
    /// - Parameter clipSources: the length of each video item's source, by item index; the items
    ///   not in it are photos.
    public static func paced(_ project: ProjectFile, clipSources: [Int: Double], grid: BeatGrid?) -> (project: ProjectFile, result: Result) {
        var pieces: [Piece] = [], overlaps: [Double] = []
        let hasCard = project.titleCard != nil
        if hasCard {
            pieces.append(.still(wanted: project.titleCardDuration))
            if !project.items.isEmpty { overlaps.append(project.titleCardTransition.overlap) }
        }
        for (i, item) in project.items.enumerated() {
            if let source = clipSources[i] {
                pieces.append(.clip(trim: item.trim ?? TrimRange(0, source), sourceLength: source))
            } else {
                pieces.append(.still(wanted: item.duration ?? project.photoDuration))
            }
            if i < project.items.count - 1 { overlaps.append(project.transition(after: i).overlap) }
        }
        let result = pace(pieces, overlaps: overlaps, grid: grid)
        var paced = project
        func transition(_ wanted: ProjectTransition, overlap: Double) -> ProjectTransition? {
            guard abs(wanted.overlap - overlap) > 1e-9 else { return nil }
            if overlap == 0 { return .cut }
            var shorter = wanted
            shorter.duration = overlap
            return shorter
        }
        let offset = hasCard ? 1 : 0
        if hasCard {
            let length = result.lengths[0]
            paced.titleCard?.duration = abs(length - TitleCard.defaultDuration) < 1e-9 ? nil : length
            if !project.items.isEmpty, let changed = transition(project.titleCardTransition, overlap: result.overlaps[0]) {
                paced.titleCard?.transition = changed
            }
        }
        for i in project.items.indices {
            let k = i + offset
            if let trim = result.trims[k] {
                paced.items[i].trim = trim
            } else {
                let length = result.lengths[k]
                paced.items[i].duration = abs(length - project.photoDuration) < 1e-9 ? nil : length
            }
            if i < project.items.count - 1, let changed = transition(project.transition(after: i), overlap: result.overlaps[k]) {
                paced.items[i].transition = changed
            }
        }
        if let fade = result.musicFadeOut, !paced.music.isEmpty {
            paced.music[paced.music.count - 1].fadeOut = (fade * 1000).rounded() / 1000
        }
        return (paced, result)
    }
}
