/// Names the places of a story's items once, as a scan would name them, for
/// `ProjectValidator.namePlaces`: the resolved story keeps them (`ResolvedStory.places`) for the
/// title card's map, the route interludes and every shape's chapters. LentaCore has no
/// gazetteer; LentaPlaces' `Gazetteer.locate` is the one that names them.
public typealias ProjectPlaceNaming = @Sendable ([MediaMetadata]) throws -> [LocatedItem]

extension LocatedItem {
    /// An item whose place is not named: its own capture time, no position.
    public init(unnamed metadata: MediaMetadata) {
        self.init(time: metadata.captureTime, point: nil, placeName: nil)
    }
}
