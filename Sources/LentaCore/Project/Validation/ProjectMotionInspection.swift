/// What a photo's motion turned out to be, as `ProjectValidator.inspectMotion` reports it.
public enum ProjectMotionInspection: Hashable, Sendable {
    /// Not a Live or Motion Photo.
    case none
    /// A Live Photo's movie or a Motion Photo's embedded one.
    case motion(ResolvedMotion)
    /// It says it has motion, but the movie cannot be read, and why.
    case unreadable(String)
}
