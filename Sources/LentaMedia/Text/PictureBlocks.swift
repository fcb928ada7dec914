/// An analysis picture cut into square blocks of about 1/64 of its longer side, with each block's
/// luma range and mean: what the gate's page-like regions (`PageRegion`) and a paper's blank area
/// (`BlankPaper`) are both judged on. Worked out once a picture, from its luma worked out once:
/// the scan hands on the luma its measures took, reading the blocks its regions were found on.
struct PictureBlocks: Sendable {
    /// Blocks a picture's longer side is cut into.
    static let across = 64
    /// A block whose luma range is under this is even: a ground with no marks on it.
    static let evenRange = 24.0

    /// The picture the blocks were cut from, and its luma (BT.709 weights on the coded values).
    let picture: AnalysisPicture
    let luma: [Double]
    /// A block's side in pixels, and how many blocks there are across and down (the picture's
    /// right and bottom remainders, under a block, belong to none).
    let side: Int
    let columns: Int
    let rows: Int
    /// Each block's darkest and lightest luma and its mean, row by row of blocks.
    let low: [Double]
    let high: [Double]
    let mean: [Double]

    var count: Int { columns * rows }

    /// Nil when the picture is too small for 4 blocks each way.
    /// - Parameter luma: the picture's `luma`, when the caller has it already.
    init?(_ picture: AnalysisPicture, luma: [Double]? = nil) {
        let w = picture.width, h = picture.height
        let side = max(2, Int((Double(max(w, h)) / Double(Self.across)).rounded()))
        let columns = w / side, rows = h / side
        guard columns >= 4, rows >= 4 else { return nil }
        let luma = luma ?? picture.luma
        var low = [Double](repeating: 255, count: columns * rows)
        var high = [Double](repeating: 0, count: columns * rows)
        var mean = [Double](repeating: 0, count: columns * rows)
        // Through unsafe buffers (every index inside by construction): the scan gates every photo.
        luma.withUnsafeBufferPointer { luma in
        low.withUnsafeMutableBufferPointer { low in
        high.withUnsafeMutableBufferPointer { high in
        mean.withUnsafeMutableBufferPointer { mean in
            for by in 0..<rows {
                for bx in 0..<columns {
                    var lo = 255.0, hi = 0.0, sum = 0.0
                    for y in (by * side)..<((by + 1) * side) {
                        for x in (bx * side)..<((bx + 1) * side) {
                            let v = luma[y * w + x]
                            lo = min(lo, v); hi = max(hi, v); sum += v
                        }
                    }
                    let index = by * columns + bx
                    low[index] = lo; high[index] = hi; mean[index] = sum / Double(side * side)
                }
            }
        }
        }
        }
        }
        self.picture = picture
        self.luma = luma
        self.side = side
        self.columns = columns
        self.rows = rows
        self.low = low
        self.high = high
        self.mean = mean
    }
}
