import LentaPixels

/// How much a clip's camera shakes: the translation path of consecutive frames (each frame's
/// shift from the one before, found by matching the luma's row and column means — integral
/// projections, one pass over the pixels and no picture kept), less its moving average over
/// `window` frames, as a root mean square in fractions of the picture's longer side. A tripod
/// shot and a deliberate pan (a path the moving average follows) score near 0; a hand-held
/// walk 0.005 and up.
///
/// The same measure serves the clip analysis (decoded windows of the clip) and the tests (the
/// decoded story), so "at most half the source's jitter" compares like with like.
public struct CameraJitter: Sendable {
    /// Frames in the moving average: about half a second (shake is faster, a pan slower).
    public let window: Int
    /// The largest shift looked for between two frames, as a share of the side.
    static let searchShare = 0.08
    private var previous: (columns: [Double], rows: [Double])?
    /// The camera path (cumulative shifts) in pixels, one point per frame of the current run.
    private var path: [(x: Double, y: Double)] = []
    /// Squared residuals summed over the finished runs, and their count.
    private var sum = 0.0
    private var count = 0
    private var side = 1.0

    /// - Parameter frameRate: the frames' rate (sets the moving average's length).
    public init(frameRate: Double) {
        let frames = Int((max(1, frameRate) * 0.5).rounded())
        window = max(3, frames | 1)
    }

    /// Adds the next frame of the current run: `luma` rows of `width` samples, `stride` apart.
    public mutating func add(luma: UnsafeBufferPointer<UInt8>, width: Int, height: Int, stride: Int) {
        guard width > 1, height > 1, luma.count >= (height - 1) * stride + width else { return }
        var columns = [Double](repeating: 0, count: width), rows = [Double](repeating: 0, count: height)
        for y in 0..<height {
            var rowSum = 0
            let base = y * stride
            for x in 0..<width {
                let v = Int(luma[base + x])
                rowSum += v
                columns[x] += Double(v)
            }
            rows[y] = Double(rowSum) / Double(width)
        }
        for x in 0..<width { columns[x] /= Double(height) }
        side = Double(max(width, height))
        if let previous, previous.columns.count == width, previous.rows.count == height {
            let dx = Self.shift(previous.columns, columns), dy = Self.shift(previous.rows, rows)
            let last = path.last ?? (0, 0)
            path.append((last.x + dx, last.y + dy))
        } else {
            path.append((0, 0))
        }
        previous = (columns, rows)
    }

    /// Adds a frame given as a whole plane.
    public mutating func add(luma: PlaneSamples, width: Int, height: Int) {
        luma.withUnsafeBufferPointer { add(luma: $0, width: width, height: height, stride: width) }
    }

    /// Ends the current run (the next frame starts a new path: a window elsewhere in the clip).
    public mutating func endRun() {
        let n = path.count
        guard n >= window else { path = []; previous = nil; return }
        let half = window / 2
        // Only frames whose whole window lies in the run: no edge where the average lags.
        for i in half..<(n - half) {
            var mx = 0.0, my = 0.0
            for j in (i - half)...(i + half) { mx += path[j].x; my += path[j].y }
            mx /= Double(window); my /= Double(window)
            let ex = path[i].x - mx, ey = path[i].y - my
            sum += (ex * ex + ey * ey) / (side * side)
            count += 1
        }
        path = []
        previous = nil
    }

    /// The jitter over every run ended so far (RMS, fraction of the longer side); nil when no run
    /// was long enough for one moving average.
    public var value: Double? {
        var copy = self
        copy.endRun()
        return copy.count > 0 ? (copy.sum / Double(copy.count)).squareRoot() : nil
    }

    /// How far `b` is moved from `a` (positive: the picture moved right or down), to a tenth of a
    /// sample: the shift whose overlap differs least (mean absolute difference of the profiles,
    /// each less its mean over the overlap, so a change of brightness is no shift), refined by a
    /// parabola through the best and its neighbours.
    static func shift(_ a: [Double], _ b: [Double]) -> Double {
        let n = a.count
        let reach = max(1, min(n / 3, Int(Double(n) * searchShare)))
        var costs = [Double](repeating: .infinity, count: 2 * reach + 1)
        for s in -reach...reach {
            // b[i + s] shows what a[i] showed.
            let from = max(0, -s), to = min(n, n - s)
            let m = to - from
            guard m > n / 2 else { continue }
            var ma = 0.0, mb = 0.0
            for i in from..<to { ma += a[i]; mb += b[i + s] }
            ma /= Double(m); mb /= Double(m)
            var c = 0.0
            for i in from..<to { c += abs((a[i] - ma) - (b[i + s] - mb)) }
            costs[s + reach] = c / Double(m)
        }
        guard let best = costs.indices.min(by: { costs[$0] < costs[$1] }) else { return 0 }
        var refined = Double(best - reach)
        if best > 0, best < costs.count - 1, costs[best - 1].isFinite, costs[best + 1].isFinite {
            let l = costs[best - 1], c = costs[best], r = costs[best + 1]
            let d = l - 2 * c + r
            if d > 0 { refined += max(-0.5, min(0.5, 0.5 * (l - r) / d)) }
        }
        return refined
    }
}
