/// A dense track thinned to what the picture can show (Douglas–Peucker in pixels): a point is
/// kept only where leaving it out would move the line by more than `tolerance` pixels. A
/// second-by-second log of a week becomes a few thousand points on a 1080p map, drawn the same.
enum TrackSimplifier {
    static let tolerance = 0.35

    static func simplify(_ line: [PixelPoint], tolerance: Double = tolerance) -> [PixelPoint] {
        // Points within a pixel's tolerance of the last kept one first: cheap, and most of a dense log.
        var thinned: [PixelPoint] = []
        thinned.reserveCapacity(line.count)
        for p in line where p.x.isFinite && p.y.isFinite {
            if let last = thinned.last, abs(last.x - p.x) <= tolerance, abs(last.y - p.y) <= tolerance { continue }
            thinned.append(p)
        }
        if let last = line.last, last.x.isFinite, last.y.isFinite, thinned.last != last { thinned.append(last) }
        guard thinned.count > 2 else { return thinned }
        var keep = [Bool](repeating: false, count: thinned.count)
        keep[0] = true
        keep[thinned.count - 1] = true
        // An explicit stack: a long track would run a recursive version out of stack.
        var ranges = [(0, thinned.count - 1)]
        while let (first, last) = ranges.popLast() {
            guard last - first > 1 else { continue }
            var farthest = first, distance = -1.0
            let a = thinned[first], b = thinned[last]
            for i in (first + 1)..<last {
                let d = SegmentDistance.distance(thinned[i].x, thinned[i].y, a.x, a.y, b.x, b.y)
                if d > distance { distance = d; farthest = i }
            }
            if distance > tolerance {
                keep[farthest] = true
                ranges.append((first, farthest))
                ranges.append((farthest, last))
            }
        }
        return thinned.indices.filter { keep[$0] }.map { thinned[$0] }
    }
}
