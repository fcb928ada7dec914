/// Where the eye goes in a picture: its faces, else its most detailed part; a flat picture (a
/// blank wall, an empty sky) has none. Normalised to the upright picture (0…1 both ways). What
/// auto Ken Burns moves toward and what a `fill` crop keeps in frame.
public struct PictureInterest: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// Faces a detector found.
        case faces
        /// The part with the most detail (edges, texture).
        case detail
        /// Nothing stands out.
        case flat
    }

    public var kind: Kind
    /// What must stay in view: the faces with their heads around them, or the detailed part.
    public var region: ProjectRect
    /// The point to centre on (the faces' or the detail's weighted centre).
    public var centre: ProjectPoint

    public init(kind: Kind, region: ProjectRect, centre: ProjectPoint) {
        self.kind = kind
        self.region = region
        self.centre = centre
    }

    /// Nothing stands out: the whole picture about its centre.
    public static let flat = PictureInterest(kind: .flat, region: .full, centre: ProjectPoint(x: 0.5, y: 0.5))
}
