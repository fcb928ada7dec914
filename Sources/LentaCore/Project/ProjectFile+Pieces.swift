/// The pieces of a story in the order they show — the title card, each item, and a route
/// interlude before each item that has one — with the transition out of each: the one place
/// that says what follows what, for the timeline, validation and pacing alike.
public struct StoryPiece: Sendable, Equatable {
    public var content: StoryTimeline.Segment.Content
    /// Seconds it lasts as the project writes it (nil: an item, whose length depends on its file).
    public var nominalLength: Double?
    /// The transition into the next piece (a cut after the last).
    public var transitionOut: ProjectTransition
    /// Where that transition is written; nil when it is the project's default (or the last cut).
    public var transitionPath: JSONPath?
}

extension ProjectFile {
    public var pieces: [StoryPiece] {
        var pieces: [StoryPiece] = []
        let itemsPath = JSONPath.root + "items"
        if let card = titleCard {
            pieces.append(StoryPiece(content: .titleCard, nominalLength: titleCardDuration, transitionOut: titleCardTransition,
                                     transitionPath: card.transition != nil ? JSONPath.root + "titleCard" + "transition" : nil))
        }
        for (i, item) in items.enumerated() {
            if let interlude = item.routeInterlude {
                pieces.append(StoryPiece(content: .routeInterlude(beforeItem: i), nominalLength: interlude.duration ?? RouteInterlude.defaultDuration,
                                         transitionOut: interlude.transition ?? defaults?.transition ?? .cut,
                                         transitionPath: interlude.transition != nil ? itemsPath + i + "routeInterlude" + "transition" : nil))
            }
            pieces.append(StoryPiece(content: .item(index: i), nominalLength: nil, transitionOut: transition(after: i),
                                     transitionPath: item.transition != nil && i < items.count - 1 ? itemsPath + i + "transition" : nil))
        }
        if !pieces.isEmpty {
            pieces[pieces.count - 1].transitionOut = .cut
            pieces[pieces.count - 1].transitionPath = nil
        }
        return pieces
    }
}

extension StoryTimeline.Segment.Content {
    /// Where the piece is in the project: `titleCard`, `items[2]`, `items[2].routeInterlude`.
    public var jsonPath: JSONPath {
        switch self {
        case .titleCard: return JSONPath.root + "titleCard"
        case .item(let i): return JSONPath.root + "items" + i
        case .routeInterlude(let i): return JSONPath.root + "items" + i + "routeInterlude"
        }
    }

    /// How validation names the piece: `the title card`, `items[2]`, `items[2].routeInterlude`.
    public var name: String {
        if case .titleCard = self { return "the title card" }
        return jsonPath.description
    }

    public var isItem: Bool {
        if case .item = self { return true }
        return false
    }
}
