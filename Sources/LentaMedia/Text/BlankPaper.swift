/// A paper's blank part inside a patterned ground that `PageRegion` joins it with (tiles, a
/// table's grain): a sheet, a ticket or a passport page has one wide, bright, even area (its
/// margins and the space between its lines) that reaches round its print, while a ground of
/// repeating marks breaks its even areas into small pieces, one a tile. The largest bright,
/// even, connected area of blocks is the paper's; its bounding box is the paper's, print and all,
/// and on each row of blocks it spans the paper's width there (a sheet at an angle is a slanted
/// quadrilateral: its box holds corners of the ground too).
struct BlankPaper: Sendable {
    /// The paper's region: its blank area's share of the picture and its bounding box.
    var region: PageRegion
    /// On each row of blocks (top to bottom, normalised to the picture's height), the paper's
    /// width there, normalised to the picture's width: from its blank area's first block to its
    /// last, and a block more each side (the paper's edge is in blocks that are not even).
    var spans: [(top: Double, bottom: Double, from: Double, to: Double)]

    /// Whether a region's box keeps off every edge of the picture (a sheet on a table does; a sky,
    /// a wall, a road runs out of the frame).
    var enclosed: Bool { Self.enclosed(region.box) }

    /// Whether a box normalised to the picture keeps off every edge of it.
    static func enclosed(_ b: (x: Double, y: Double, width: Double, height: Double)) -> Bool {
        return b.x > 0 && b.y > 0 && b.x + b.width < 0.999 && b.y + b.height < 0.999
    }

    /// The paper's region, when the largest bright even area covers a notable share of the
    /// picture (a 20th) and many times the next one (a ground's even pieces are alike in size);
    /// nil otherwise.
    static func find(in blocks: PictureBlocks) -> BlankPaper? {
        let columns = blocks.columns, rows = blocks.rows
        // Even and bright: a luma range under 24 (as `PageRegion`'s even blocks) around a mean of
        // 150 or more (paper in indoor light; a dark card is left to `PageRegion`).
        let brightness = blocks.mean
        let blank = (0..<blocks.count).map { blocks.high[$0] - blocks.low[$0] < PictureBlocks.evenRange && brightness[$0] >= 150 }
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
        let order = areas.indices.sorted { areas[$0].size > areas[$1].size }
        guard let id = order.first, areas[id].size * 20 >= columns * rows,
              areas[id].size >= 8 * (order.dropFirst().first.map { areas[$0].size } ?? 0) else { return nil }
        let best = areas[id]
        let boxWidth = best.maxX - best.minX + 1, boxHeight = best.maxY - best.minY + 1
        let region = PageRegion(share: Double(best.size) / Double(columns * rows), marks: 0,
                                fill: Double(best.size) / Double(boxWidth * boxHeight),
                                box: (Double(best.minX) / Double(columns), Double(best.minY) / Double(rows),
                                      Double(boxWidth) / Double(columns), Double(boxHeight) / Double(rows)),
                                ground: best.luma / Double(best.size))
        // Its blocks' span on each row, in the picture's pixels normalised (blocks stop short of the
        // picture's right and bottom remainders); a row of blocks above and below it too.
        let w = Double(blocks.picture.width), h = Double(blocks.picture.height), side = blocks.side
        var spans: [(top: Double, bottom: Double, from: Double, to: Double)] = []
        for by in max(0, best.minY - 1)...min(rows - 1, best.maxY + 1) {
            // This row and its neighbours: a line of print running to the paper's edge leaves a row
            // with blank blocks on one side only.
            let near = max(best.minY, by - 1)...min(best.maxY, by + 1)
            let xs = (0..<columns).filter { x in near.contains { label[$0 * columns + x] == id } }
            guard let first = xs.first, let last = xs.last else { continue }
            spans.append((Double(by * side) / h, Double((by + 1) * side) / h,
                          Double(max(0, first - 1) * side) / w, Double(min(columns, last + 2) * side) / w))
        }
        return BlankPaper(region: region, spans: spans)
    }
}
