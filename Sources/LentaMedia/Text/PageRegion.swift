/// The page-like region of a small picture: the largest area of one even ground (paper, a card,
/// a slide, a screen) with marks inside it (letters, a code's modules), found on blocks of the
/// analysis picture in well under a millisecond. What a phone's photo of a receipt, a ticket or a
/// passport has and a landscape, a street, a face or a plate of food has not: their even areas
/// (sky, a wall, a shirt) hold no marks, only edges at their border, and a shop sign or a plaque
/// in a street is a small part of the picture.
///
/// Blocks of about 1/64 of the longer side are sorted into *even* (a small luma range), *marked*
/// (a large range, most pixels near one end: the ground, a few past the middle: the ink) and
/// *soft* (between). Neighbouring blocks whose grounds are of nearly the same colour join one
/// region; a marked block counts as text-like only inside its region (its four neighbours in
/// it), so the edge of a treeline against the sky does not.
struct PageRegion: Sendable, Equatable {
    /// Share of the picture the region covers, 0…1.
    var share: Double
    /// Text-like marked blocks inside it, as a share of the picture's blocks.
    var marks: Double
    /// How much of its bounding box it fills (a quadrilateral at an angle fills most of it).
    var fill: Double
    /// Its bounding box, normalised to the picture: x, y, width, height.
    var box: (x: Double, y: Double, width: Double, height: Double)
    /// Its ground's mean luma, 0…255: dark for a card or a slide with light letters.
    var ground = 255.0
    /// The sides of the rectangle with the region's own second moments, in blocks, the longer
    /// first: whatever way a card or a sheet is turned, a rectangle's are its own sides, and its
    /// blocks fill that rectangle (`rectangularity` near 1); a ragged area fills it less.
    var length = 0.0
    var breadth = 0.0
    /// The region's blocks over the area of that rectangle (blocks: `share` times `columns` × `rows`).
    var rectangularity = 0.0

    static func == (a: PageRegion, b: PageRegion) -> Bool {
        a.share == b.share && a.marks == b.marks && a.fill == b.fill && a.box == b.box && a.ground == b.ground
    }

    /// Blocks a picture's longer side is cut into.
    static let blocksAcross = PictureBlocks.across

    /// The region with the most text-like marks, or nil when no region has any.
    static func find(in picture: AnalysisPicture, luma: [Double]? = nil) -> PageRegion? { candidates(in: picture, luma: luma).first }

    /// Every region with text-like marks, the most marked first.
    /// - Parameter luma: the picture's `luma`, when the caller has it already.
    static func candidates(in picture: AnalysisPicture, luma: [Double]? = nil) -> [PageRegion] {
        PictureBlocks(picture, luma: luma).map(candidates(in:)) ?? []
    }

    /// Every region with text-like marks in a picture cut into blocks, the most marked first.
    static func candidates(in blocks: PictureBlocks) -> [PageRegion] {
        let w = blocks.picture.width, side = blocks.side
        let columns = blocks.columns, rows = blocks.rows
        let count = blocks.count
        // Per block: its kind and its ground's colour (R, G, B of the pixels at the ground's end).
        var kind = [UInt8](repeating: 0, count: count)  // 0 even, 1 soft, 2 marked
        var ground = [Double](repeating: 0, count: 3 * count)
        // Through unsafe buffers (every index inside by construction): the scan gates every
        // photo, and bounds and exclusivity checks were two thirds of this function's time.
        blocks.luma.withUnsafeBufferPointer { luma in
        blocks.low.withUnsafeBufferPointer { lows in
        blocks.high.withUnsafeBufferPointer { highs in
        blocks.picture.rgb.withUnsafeBufferPointer { rgb in
        kind.withUnsafeMutableBufferPointer { kind in
        ground.withUnsafeMutableBufferPointer { ground in
            guard let luma = luma.baseAddress, let rgb = rgb.baseAddress else { return }
            let values = UnsafeMutablePointer<Double>.allocate(capacity: side * side)
            defer { values.deallocate() }
            for by in 0..<rows {
                for bx in 0..<columns {
                    let index = by * columns + bx
                    let low = lows[index], high = highs[index]
                    let range = high - low, middle = (high + low) / 2
                    // The ground is the end most pixels lie at; its pixels are within a quarter
                    // of the range of that end. (Counted and summed without branches: which
                    // side of the middle a pixel lies is a coin toss the processor mispredicted.)
                    var n = 0, above = 0
                    for y in (by * side)..<((by + 1) * side) {
                        for x in (bx * side)..<((bx + 1) * side) {
                            let v = luma[y * w + x]
                            values[n] = v
                            above &+= v >= middle ? 1 : 0
                            n &+= 1
                        }
                    }
                    let lightGround = above * 2 >= n
                    let band = max(range / 4, 1)
                    // Ink is the other end's pixels, counted already.
                    let ink = lightGround ? n - above : above
                    let even = range < PictureBlocks.evenRange
                    let groundFrom = lightGround ? high - band : -Double.infinity
                    let groundTo = lightGround ? Double.infinity : low + band
                    var r = 0.0, g = 0.0, b = 0.0, grounds = 0
                    var i = 0
                    for y in (by * side)..<((by + 1) * side) {
                        for x in (bx * side)..<((bx + 1) * side) {
                            let v = values[i]
                            i &+= 1
                            // Adding 0 leaves a sum as it was (sums of codes are never -0).
                            let onGround = even || (v >= groundFrom && v <= groundTo)
                            let p = 3 * (y * w + x)
                            r += onGround ? Double(rgb[p]) : 0
                            g += onGround ? Double(rgb[p + 1]) : 0
                            b += onGround ? Double(rgb[p + 2]) : 0
                            grounds &+= onGround ? 1 : 0
                        }
                    }
                    let d = Double(max(1, grounds))
                    ground[3 * index] = r / d; ground[3 * index + 1] = g / d; ground[3 * index + 2] = b / d
                    if range < PictureBlocks.evenRange {
                        kind[index] = 0
                    } else if range >= 40 && grounds * 2 >= n && ink * 16 >= n {
                        kind[index] = 2
                    } else {
                        kind[index] = 1
                    }
                }
            }
        }
        }
        }
        }
        }
        }

        // Regions: neighbouring blocks whose grounds differ little, joined (union–find).
        var parent = Array(0..<count)
        var area = [Int](repeating: 0, count: count), marks = [Int](repeating: 0, count: count)
        var groundLuma = [Double](repeating: 0, count: count)
        var minX = [Int](repeating: Int.max, count: count), maxX = [Int](repeating: -1, count: count)
        var minY = [Int](repeating: Int.max, count: count), maxY = [Int](repeating: -1, count: count)
        // Its blocks' first and second moments: Σx, Σy, Σx², Σy², Σxy.
        var moments = [Int](repeating: 0, count: 5 * count)
        parent.withUnsafeMutableBufferPointer { parent in
        ground.withUnsafeBufferPointer { ground in
        kind.withUnsafeBufferPointer { kind in
            func root(_ i: Int) -> Int {
                var i = i
                while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
                return i
            }
            func near(_ a: Int, _ b: Int) -> Bool {
                abs(ground[3 * a] - ground[3 * b]) <= 14 && abs(ground[3 * a + 1] - ground[3 * b + 1]) <= 14
                    && abs(ground[3 * a + 2] - ground[3 * b + 2]) <= 14
            }
            for by in 0..<rows {
                for bx in 0..<columns {
                    let i = by * columns + bx
                    if bx + 1 < columns, near(i, i + 1) { parent[root(i + 1)] = root(i) }
                    if by + 1 < rows, near(i, i + columns) { parent[root(i + columns)] = root(i) }
                }
            }
            for by in 0..<rows {
                for bx in 0..<columns {
                    let i = by * columns + bx, r = root(i)
                    area[r] += 1
                    groundLuma[r] += 0.2126 * ground[3 * i] + 0.7152 * ground[3 * i + 1] + 0.0722 * ground[3 * i + 2]
                    minX[r] = min(minX[r], bx); maxX[r] = max(maxX[r], bx); minY[r] = min(minY[r], by); maxY[r] = max(maxY[r], by)
                    moments[5 * r] += bx; moments[5 * r + 1] += by
                    moments[5 * r + 2] += bx * bx; moments[5 * r + 3] += by * by; moments[5 * r + 4] += bx * by
                    guard kind[i] == 2, bx > 0, by > 0, bx + 1 < columns, by + 1 < rows else { continue }
                    if root(i - 1) == r && root(i + 1) == r && root(i - columns) == r && root(i + columns) == r { marks[r] += 1 }
                }
            }
        }
        }
        }
        return (0..<count).filter { marks[$0] > 0 }.sorted { marks[$0] > marks[$1] }.map { best in
            let boxWidth = maxX[best] - minX[best] + 1, boxHeight = maxY[best] - minY[best] + 1
            // A rectangle of sides a and b has variances (a² - 1)/12 and (b² - 1)/12 along them (in
            // whole blocks): its sides from the covariance matrix's eigenvalues.
            let n = Double(area[best]), m = moments[(5 * best)..<(5 * best + 5)].map(Double.init)
            let mx = m[0] / n, my = m[1] / n
            let xx = m[2] / n - mx * mx, yy = m[3] / n - my * my, xy = m[4] / n - mx * my
            let spread = ((xx - yy) * (xx - yy) / 4 + xy * xy).squareRoot()
            let length = (12 * ((xx + yy) / 2 + spread) + 1).squareRoot(), breadth = (12 * max(0, (xx + yy) / 2 - spread) + 1).squareRoot()
            return PageRegion(
                share: Double(area[best]) / Double(count), marks: Double(marks[best]) / Double(count),
                fill: Double(area[best]) / Double(boxWidth * boxHeight),
                box: (Double(minX[best]) / Double(columns), Double(minY[best]) / Double(rows),
                      Double(boxWidth) / Double(columns), Double(boxHeight) / Double(rows)),
                ground: groundLuma[best] / Double(area[best]),
                length: length, breadth: breadth, rectangularity: n / (length * breadth))
        }
    }
}
