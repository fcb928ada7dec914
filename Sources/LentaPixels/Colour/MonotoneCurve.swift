/// A smooth curve through points with increasing x that never turns back on itself
/// (Fritsch–Carlson monotone cubic), extended beyond its ends along its end slopes.
package struct MonotoneCurve: Sendable {
    package let xs: [Double]
    package let ys: [Double]
    package let slopes: [Double]

    package init(points: [(x: Double, y: Double)]) {
        xs = points.map(\.x)
        ys = points.map(\.y)
        let n = points.count
        var secants: [Double] = []
        for i in 0..<max(0, n - 1) { secants.append((ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i])) }
        var m = [Double](repeating: secants.first ?? 0, count: n)
        if n > 1 {
            m[n - 1] = secants[n - 2]
            for i in 1..<(n - 1) {
                m[i] = secants[i - 1] * secants[i] <= 0 ? 0 : (secants[i - 1] + secants[i]) / 2
            }
            for i in 0..<(n - 1) {
                if secants[i] == 0 {
                    m[i] = 0
                    m[i + 1] = 0
                    continue
                }
                let a = m[i] / secants[i], b = m[i + 1] / secants[i]
                let s = a * a + b * b
                if s > 9 {
                    let tau = 3 / s.squareRoot()
                    m[i] = tau * a * secants[i]
                    m[i + 1] = tau * b * secants[i]
                }
            }
        }
        slopes = m
    }

    package func callAsFunction(_ x: Double) -> Double {
        let n = xs.count
        guard n > 1 else { return ys.first.map { $0 + (x - xs[0]) } ?? x }
        if x <= xs[0] { return ys[0] + (x - xs[0]) * slopes[0] }
        if x >= xs[n - 1] { return ys[n - 1] + (x - xs[n - 1]) * slopes[n - 1] }
        var i = 0
        while i < n - 2, x > xs[i + 1] { i += 1 }
        let h = xs[i + 1] - xs[i]
        let t = (x - xs[i]) / h
        let t2 = t * t, t3 = t2 * t
        return (2 * t3 - 3 * t2 + 1) * ys[i] + (t3 - 2 * t2 + t) * h * slopes[i]
            + (-2 * t3 + 3 * t2) * ys[i + 1] + (t3 - t2) * h * slopes[i + 1]
    }
}
