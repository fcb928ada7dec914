/// The path actually travelled, as a GPS logger or phone app recorded it (a GPX or GeoJSON
/// track): segments of points in the order they were logged. A gap in recording starts a new
/// segment, so no line is drawn across it.
public struct TravelledTrack: Equatable, Sendable {
    public struct Point: Equatable, Sendable {
        public var point: GeoPoint
        /// The instant, seconds since 1970-01-01T00:00:00Z; nil when the file gives none.
        public var utc: Double?

        public init(_ point: GeoPoint, utc: Double? = nil) {
            self.point = point
            self.utc = utc
        }
    }

    /// Each with at least one point.
    public var segments: [[Point]]

    public init(segments: [[Point]]) {
        self.segments = segments.filter { !$0.isEmpty }
    }

    public var isEmpty: Bool { segments.isEmpty }
    public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }
    public var points: [GeoPoint] { segments.flatMap { $0.map(\.point) } }

    /// A track starts before the first photo (the drive from the hotel) and ends after the
    /// last: this much is kept either side of the items' times.
    public static let clipMargin = 3.0 * 3600

    /// The part of the track within `first − margin … last + margin` (UTC seconds): timed points
    /// outside are dropped (a segment is cut where they were); points without a time are kept,
    /// as there is nothing to say they belong elsewhere.
    public func clipped(from first: Double, to last: Double, margin: Double = clipMargin) -> TravelledTrack {
        let window = (first - margin)...(last + margin)
        var kept: [[Point]] = []
        for segment in segments {
            var run: [Point] = []
            for p in segment {
                if let t = p.utc, !window.contains(t) {
                    if !run.isEmpty { kept.append(run); run = [] }
                } else {
                    run.append(p)
                }
            }
            if !run.isEmpty { kept.append(run) }
        }
        return TravelledTrack(segments: kept)
    }

    /// Clipped to the span of the given capture instants (nil ones ignored); unchanged when none
    /// has an instant, as then nothing says which part of the track is the trip's.
    public func clipped(toTimes times: [Double?]) -> TravelledTrack {
        let known = times.compactMap { $0 }
        guard let first = known.min(), let last = known.max() else { return self }
        return clipped(from: first, to: last)
    }
}
