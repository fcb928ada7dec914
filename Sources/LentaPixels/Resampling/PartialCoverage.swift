/// The border pixels a placed picture covers only in part (its anti-aliased edges): what lies
/// under them is kept before the picture is drawn over its whole rectangle, then mixed back by
/// how much of each pixel the picture covers. Only the border is touched, never the inside.
package struct PartialCoverage {
    private let indices: [Int]
    private let under: [UInt8]
    private let coverage: [Float]

    /// The pixels of `columns × rows` whose coverage `cx[i] · cy[j]` is below 1, read from `target`.
    package init(_ target: TargetPlane, columns: Range<Int>, rows: Range<Int>, cx: [Float], cy: [Float]) {
        let partialColumns = cx.indices.filter { cx[$0] < 1 }
        var indices: [Int] = [], under: [UInt8] = [], coverage: [Float] = []
        for j in cy.indices {
            let row = (rows.lowerBound + j) * target.width + columns.lowerBound
            let picked = cy[j] < 1 ? Array(cx.indices) : partialColumns
            for i in picked {
                indices.append(row + i)
                under.append(target.base[row + i])
                coverage.append(cx[i] * cy[j])
            }
        }
        self.indices = indices
        self.under = under
        self.coverage = coverage
    }

    /// Mixes the kept pixels with what was drawn over them: `under + (drawn − under) · coverage`.
    package func blend(into target: TargetPlane) {
        for n in indices.indices {
            let i = indices[n], c = coverage[n]
            if c <= 0 {
                target.base[i] = under[n]
            } else {
                let below = Float(under[n])
                target.base[i] = quantise(below + (Float(target.base[i]) - below) * c)
            }
        }
    }
}
