import LentaCore

/// The measures of one analysis picture: what it looks like (signature), how sharp and how well
/// exposed it is, and how much it looks like a screen or a page rather than a scene.
struct PictureMeasures: Sendable, Equatable {
    var signature: PerceptualSignature
    var sharpness: Double
    var clipped: Double
    var crushed: Double
    var brightness: Double
    /// Share of pixels whose neighbours all have the same colour (within 2 codes): UI and paper.
    var flatShare: Double
    /// Share of the picture covered by its 8 most common colours (4 bits a channel).
    var topColourShare: Double
    /// Distinct colours (4 bits a channel) covering at least 0.1% of the picture each.
    var colours: Int
    /// Mean saturation (max − min of R'G'B', 0…1).
    var saturation: Double
    /// Share of pixels on a hard edge (a luma step of a third of the range or more): text.
    var hardEdgeShare: Double

    /// Luma at or above this (of 255) counts as clipped, at or below `crushedLevel` as crushed.
    static let clippedLevel = 250.0
    static let crushedLevel = 10.0

    init(_ picture: AnalysisPicture) { self.init(picture, luma: picture.luma) }

    /// - Parameter lumaArray: the picture's `luma`, when the caller has it already (the document
    ///   gate reads the same).
    init(_ picture: AnalysisPicture, luma lumaArray: [Double]) {
        let w = picture.width, h = picture.height
        let n = Double(lumaArray.count)
        signature = Self.differenceHash(lumaArray, width: w, height: h)
        // The loops below read through unsafe buffers (indices stay inside by construction): a
        // first scan measures every photo, and bounds checks were half of this function's time.
        let measured = lumaArray.withUnsafeBufferPointer { luma in
            picture.rgb.withUnsafeBufferPointer { rgb in
                Self.measure(luma: luma, rgb: rgb, width: w, height: h)
            }
        }
        let mean = measured.sum / n
        let deviation = (max(0, measured.sumSquares / n - mean * mean)).squareRoot()
        brightness = mean / 255
        clipped = Double(measured.clipped) / n
        crushed = Double(measured.crushed) / n

        // Laplacian (4-neighbour) over the interior; its spread against the luma's own spread,
        // with a floor so a near-uniform picture is not called sharp by its noise.
        let lapCount = measured.lapCount
        let lapMean = lapCount > 0 ? measured.lapSum / lapCount : 0
        let lapDeviation = lapCount > 0 ? (max(0, measured.lapSquares / lapCount - lapMean * lapMean)).squareRoot() : 0
        sharpness = lapDeviation / (deviation + 8)
        hardEdgeShare = lapCount > 0 ? Double(measured.hard) / lapCount : 0
        flatShare = lapCount > 0 ? Double(measured.flat) / lapCount : 0

        saturation = measured.saturationSum / n
        // The 8 largest bins without sorting all 4096 (a sort was a tenth of this function).
        var top = [Int](repeating: 0, count: 8), colours = 0
        for count in measured.histogram where count > 0 {
            if Double(count) >= n / 1000 { colours += 1 }
            guard count > top[7] else { continue }
            var k = 7
            while k > 0, top[k - 1] < count { top[k] = top[k - 1]; k -= 1 }
            top[k] = count
        }
        topColourShare = Double(top.reduce(0, +)) / n
        self.colours = colours
    }

    /// The sums the measures are made of, in one place so the loops share their buffers.
    private struct Sums {
        var sum = 0.0, sumSquares = 0.0, clipped = 0, crushed = 0
        var lapSum = 0.0, lapSquares = 0.0, lapCount = 0.0, hard = 0, flat = 0
        var histogram: [Int] = []
        var saturationSum = 0.0
    }

    private static func measure(luma: UnsafeBufferPointer<Double>, rgb: UnsafeBufferPointer<UInt8>, width w: Int,
                                height h: Int) -> Sums {
        var s = Sums()
        guard let l = luma.baseAddress, let c = rgb.baseAddress, luma.count == w * h, rgb.count == 3 * w * h else { return s }
        // One pass over the pixels for the sums that take every pixel, another over the interior
        // for the Laplacian: each sum adds its terms in pixel order as before (so the measures
        // are the same to the last bit), but the sums of one pass wait on each other no longer.
        var histogram = [Int](repeating: 0, count: 4096)
        var sum = 0.0, sumSquares = 0.0, saturationSum = 0.0, clipped = 0, crushed = 0
        histogram.withUnsafeMutableBufferPointer { bins in
            Self.saturationSteps.withUnsafeBufferPointer { steps in
                for i in 0..<luma.count {
                    let v = l[i]
                    sum += v; sumSquares += v * v
                    if v >= Self.clippedLevel { clipped += 1 }
                    if v <= Self.crushedLevel { crushed += 1 }
                    let r = c[3 * i], g = c[3 * i + 1], b = c[3 * i + 2]
                    bins[Int(r >> 4) << 8 | Int(g >> 4) << 4 | Int(b >> 4)] += 1
                    saturationSum += steps[Int(max(r, g, b) - min(r, g, b))]
                }
            }
        }
        (s.sum, s.sumSquares, s.clipped, s.crushed) = (sum, sumSquares, clipped, crushed)
        s.histogram = histogram
        s.saturationSum = saturationSum
        // How far two pixels' channels are from differing by 2 codes or less: at most 4 when
        // each does (`UInt` wraps a negative difference past 4). The largest of a pixel's twelve
        // is taken without a branch (the short-circuited tests were mispredicted a photo over).
        @inline(__always) func apart(_ a: Int, _ b: Int) -> UInt {
            max(max(UInt(bitPattern: Int(c[3 * a]) &- Int(c[3 * b]) &+ 2), UInt(bitPattern: Int(c[3 * a + 1]) &- Int(c[3 * b + 1]) &+ 2)),
                UInt(bitPattern: Int(c[3 * a + 2]) &- Int(c[3 * b + 2]) &+ 2))
        }
        if w >= 3, h >= 3 {
            var lapSum = 0.0, lapSquares = 0.0, hard = 0, flat = 0
            // A pixel is flat when it is close to each of its four neighbours: each pair of
            // neighbours is looked at once (the pixel's left and right, above and below), not
            // twice, in three rows of 0 or 1: `across[x]` x and x + 1 in row y, `up[x]` x in rows
            // y - 1 and y, `down[x]` x in rows y and y + 1.
            @inline(__always) func close(_ a: Int, _ b: Int) -> UInt8 { apart(a, b) <= 4 ? 1 : 0 }
            var pairs = [UInt8](repeating: 0, count: 3 * w)
            pairs.withUnsafeMutableBufferPointer { pairs in
                guard let rows = pairs.baseAddress else { return }
                let across = rows
                var up = rows + w, down = rows + 2 * w
                for x in 1..<(w - 1) { up[x] = close(x, w + x) }
                for y in 1..<(h - 1) {
                    let row = y * w
                    for x in 0..<(w - 1) { across[x] = close(row + x, row + x + 1) }
                    for x in 1..<(w - 1) { down[x] = close(row + x, row + w + x) }
                    for x in 1..<(w - 1) {
                        let i = row + x
                        let center = l[i]
                        let lap = 4 * center - l[i - 1] - l[i + 1] - l[i - w] - l[i + w]
                        lapSum += lap; lapSquares += lap * lap
                        let step = max(abs(center - l[i + 1]), abs(center - l[i + w]))
                        if step >= 85 { hard += 1 }
                        flat &+= Int(across[x - 1] & across[x] & up[x] & down[x])
                    }
                    swap(&up, &down)
                }
            }
            s.lapSum = lapSum; s.lapSquares = lapSquares
            s.lapCount = Double((h - 2) * (w - 2))
            s.hard = hard; s.flat = flat
        }
        return s
    }

    /// `d / 255` for each difference of two codes (what saturation adds a pixel), worked out once.
    private static let saturationSteps: [Double] = (0...255).map { Double($0) / 255 }

    /// dHash: the luma averaged to 9×8 cells; bit k set when cell k is brighter than its right
    /// neighbour. Robust to scale, compression, exposure and mild blur; moved by a new framing.
    static func differenceHash(_ luma: [Double], width w: Int, height h: Int) -> PerceptualSignature {
        var cells = [Double](repeating: 0, count: 72)
        luma.withUnsafeBufferPointer { l in
            guard l.count >= w * h else { return }
            for cy in 0..<8 {
                let y0 = cy * h / 8, y1 = max(y0 + 1, (cy + 1) * h / 8)
                for cx in 0..<9 {
                    let x0 = cx * w / 9, x1 = max(x0 + 1, (cx + 1) * w / 9)
                    var s = 0.0, c = 0.0
                    for y in y0..<min(y1, h) { for x in x0..<min(x1, w) { s += l[y * w + x]; c += 1 } }
                    cells[cy * 9 + cx] = c > 0 ? s / c : 0
                }
            }
        }
        var bits: UInt64 = 0
        for cy in 0..<8 {
            for cx in 0..<8 where cells[cy * 9 + cx] > cells[cy * 9 + cx + 1] + 0.5 {
                bits |= 1 << UInt64(cy * 8 + cx)
            }
        }
        return PerceptualSignature(bits: bits)
    }

    /// Mean absolute luma difference between two pictures of one size, 0…1.
    static func change(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var s = 0.0
        for i in a.indices { s += abs(a[i] - b[i]) }
        return s / Double(a.count) / 255
    }
}
