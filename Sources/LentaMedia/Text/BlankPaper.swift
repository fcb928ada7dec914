/// A paper's blank part inside a patterned ground that `PageRegion` joins it with (tiles, a
/// table's grain): a sheet, a ticket or a passport page has one wide, bright, even area (its
/// margins and the space between its lines) that reaches round its print, while a ground of
/// repeating marks breaks its even areas into small pieces, one a tile. The largest bright,
/// even, connected area of blocks is the paper's; its bounding box is the paper's, print and all.
enum BlankPaper {
    /// Blocks a picture's longer side is cut into (as `PageRegion`'s).
    static let blocksAcross = PageRegion.blocksAcross

    /// Whether a region's box keeps off every edge of the picture (a sheet on a table does; a sky,
    /// a wall, a road runs out of the frame).
    static func enclosed(_ region: PageRegion) -> Bool {
        let b = region.box
        return b.x > 0 && b.y > 0 && b.x + b.width < 0.999 && b.y + b.height < 0.999
    }

    /// The paper's region, when the largest bright even area covers a notable share of the
    /// picture (a 20th) and many times the next one (a ground's even pieces are alike in size);
    /// nil otherwise.
    static func region(in picture: AnalysisPicture) -> PageRegion? {
        let w = picture.width, h = picture.height
        let side = max(2, Int((Double(max(w, h)) / Double(blocksAcross)).rounded()))
        let columns = w / side, rows = h / side
        guard columns >= 4, rows >= 4 else { return nil }
        let luma = picture.luma
        // Even and bright: a luma range under 24 (as `PageRegion`'s even blocks) around a mean of
        // 150 or more (paper in indoor light; a dark card is left to `PageRegion`).
        var blank = [Bool](repeating: false, count: columns * rows)
        var brightness = [Double](repeating: 0, count: columns * rows)
        for by in 0..<rows {
            for bx in 0..<columns {
                var low = 255.0, high = 0.0, sum = 0.0
                for y in (by * side)..<((by + 1) * side) {
                    for x in (bx * side)..<((bx + 1) * side) {
                        let v = luma[y * w + x]
                        low = min(low, v); high = max(high, v); sum += v
                    }
                }
                let mean = sum / Double(side * side)
                blank[by * columns + bx] = high - low < 24 && mean >= 150
                brightness[by * columns + bx] = mean
            }
        }
        // Connected areas (four neighbours), by a flood from each unvisited blank block.
        var label = [Int](repeating: -1, count: columns * rows)
        var areas: [(size: Int, minX: Int, maxX: Int, minY: Int, maxY: Int, luma: Double)] = []
        for start in 0..<(columns * rows) where blank[start] && label[start] < 0 {
            let id = areas.count
            var area = (size: 0, minX: Int.max, maxX: -1, minY: Int.max, maxY: -1, luma: 0.0)
            var stack = [start]
            label[start] = id
            while let i = stack.popLast() {
                let bx = i % columns, by = i / columns
                area.size += 1
                area.luma += brightness[i]
                area.minX = min(area.minX, bx); area.maxX = max(area.maxX, bx)
                area.minY = min(area.minY, by); area.maxY = max(area.maxY, by)
                for (nx, ny) in [(bx - 1, by), (bx + 1, by), (bx, by - 1), (bx, by + 1)] where nx >= 0 && ny >= 0 && nx < columns && ny < rows {
                    let n = ny * columns + nx
                    if blank[n] && label[n] < 0 { label[n] = id; stack.append(n) }
                }
            }
            areas.append(area)
        }
        let sorted = areas.sorted { $0.size > $1.size }
        guard let best = sorted.first, best.size * 20 >= columns * rows,
              best.size >= 8 * (sorted.dropFirst().first?.size ?? 0) else { return nil }
        let boxWidth = best.maxX - best.minX + 1, boxHeight = best.maxY - best.minY + 1
        return PageRegion(share: Double(best.size) / Double(columns * rows), marks: 0,
                          fill: Double(best.size) / Double(boxWidth * boxHeight),
                          box: (Double(best.minX) / Double(columns), Double(best.minY) / Double(rows),
                                Double(boxWidth) / Double(columns), Double(boxHeight) / Double(rows)),
                          ground: best.luma / Double(best.size))
    }
}
