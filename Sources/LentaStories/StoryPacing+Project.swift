import LentaCore

extension StoryPacing {
    /// `project` paced: the title card's, route interludes' and photos' durations, clips' trims
    /// and transitions rewritten so the story moves with `grid` (or at an even pace without one);
    /// the last music track fades out over the story's last bar. Durations are written only where
    /// they differ from the project's default.
    /// - Parameters:
    ///   - clipSources: the length of each video item's source, by item index; the items not in
    ///     it are photos.
    ///   - clipSpeech: where people speak in each video item's source, by item index.
    public static func paced(_ project: ProjectFile, clipSources: [Int: Double], clipSpeech: [Int: [Utterance]] = [:],
                             grid: BeatGrid?) -> (project: ProjectFile, result: Result) {
        let storyPieces = project.pieces
        var pieces: [Piece] = [], overlaps: [Double] = []
        for (k, piece) in storyPieces.enumerated() {
            switch piece.content {
            case .item(let i):
                let item = project.items[i]
                if let source = clipSources[i], let speed = item.speed, speed != 1 {
                    // A clip at another speed is paced as a piece of its own length on the
                    // timeline; its trim follows (below).
                    pieces.append(.still(wanted: (item.trim ?? TrimRange(0, source)).length / speed))
                } else if let source = clipSources[i] {
                    pieces.append(.clip(trim: item.trim ?? TrimRange(0, source), sourceLength: source, speech: clipSpeech[i] ?? []))
                } else {
                    pieces.append(.still(wanted: item.duration ?? project.photoDuration))
                }
            case .titleCard, .routeInterlude:
                pieces.append(.still(wanted: piece.nominalLength ?? 0))
            }
            if k < storyPieces.count - 1 { overlaps.append(piece.transitionOut.overlap) }
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
        for (k, piece) in storyPieces.enumerated() {
            let length = result.lengths[k]
            let changed = k < storyPieces.count - 1 ? transition(piece.transitionOut, overlap: result.overlaps[k]) : nil
            switch piece.content {
            case .titleCard:
                paced.titleCard?.duration = abs(length - TitleCard.defaultDuration) < 1e-9 ? nil : length
                if let changed { paced.titleCard?.transition = changed }
            case .routeInterlude(let i):
                paced.items[i].routeInterlude?.duration = abs(length - RouteInterlude.defaultDuration) < 1e-9 ? nil : length
                if let changed { paced.items[i].routeInterlude?.transition = changed }
            case .item(let i):
                if let trim = result.trims[k] {
                    paced.items[i].trim = trim
                } else if let source = clipSources[i] {
                    let start = project.items[i].trim?.start ?? 0
                    let end = min(source, start + length * (project.items[i].speed ?? 1))
                    paced.items[i].trim = TrimRange(start, (end * 1000).rounded() / 1000)
                } else {
                    paced.items[i].duration = abs(length - project.photoDuration) < 1e-9 ? nil : length
                }
                if let changed { paced.items[i].transition = changed }
            }
        }
        if let fade = result.musicFadeOut, !paced.music.isEmpty {
            paced.music[paced.music.count - 1].fadeOut = (fade * 1000).rounded() / 1000
        }
        return (paced, result)
    }
}
