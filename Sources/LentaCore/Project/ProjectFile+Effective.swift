/// The settings that apply to each item once the item's own, the project's `defaults` and
/// lenta's built-in defaults (`ProjectDefaults.builtIn`) are taken in that order.
extension ProjectFile {
    /// The output preset's name: `output.preset`, else `ProjectOutput.defaultPreset`.
    public var presetName: String { output?.preset ?? ProjectOutput.defaultPreset }

    /// Seconds a photo without its own `duration` shows.
    public var photoDuration: Double { defaults?.photoDuration ?? ProjectDefaults.builtIn.photoDuration ?? 3 }

    public func fit(for item: ProjectItem) -> FitMode { item.fit ?? defaults?.fit ?? ProjectDefaults.builtIn.fit ?? .blur }

    public func kenBurns(for item: ProjectItem) -> KenBurns { item.kenBurns ?? defaults?.kenBurns ?? ProjectDefaults.builtIn.kenBurns ?? .none }

    /// The transition from `items[index]` to the next item: a cut after the last item.
    public func transition(after index: Int) -> ProjectTransition {
        guard items.indices.contains(index), index < items.count - 1 else { return .cut }
        return items[index].transition ?? defaults?.transition ?? .cut
    }

    /// The transition from the title card to the first item (a cut without a title card).
    public var titleCardTransition: ProjectTransition {
        guard let titleCard else { return .cut }
        return titleCard.transition ?? defaults?.transition ?? .cut
    }

    /// Seconds the title card shows (0 without one).
    public var titleCardDuration: Double {
        guard let titleCard else { return 0 }
        return titleCard.duration ?? TitleCard.defaultDuration
    }
}
