/// Which points a set of rings encloses.
public enum FillRule: Sendable {
    /// Inside when a ray from the point crosses an odd number of edges (holes need no direction).
    case evenOdd
    /// Inside when the edges wind around the point a non-zero number of times (overlapping
    /// shapes drawn the same way round merge).
    case nonZero
}
