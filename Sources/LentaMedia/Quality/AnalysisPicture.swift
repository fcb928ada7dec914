import LentaCore

/// A small RGB picture that quality is measured on: at most `ItemQuality.analysisSide` pixels on
/// its longer side, reduced by averaging whole areas (never enlarged), so measures compare across
/// cameras and sizes.
/// Shared with the test support, which reduces its pictures the same way (a camera's thumbnail).
package struct AnalysisPicture: Sendable {
    package let width: Int
    package let height: Int
    /// Packed R'G'B', 3 bytes a pixel.
    package let rgb: [UInt8]

    /// Reduces packed RGB24 rows (`stride` bytes apart) to fit `side`, by box averages.
    package init(rgb source: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, side: Int = ItemQuality.analysisSide) {
        let scale = max(1, Double(max(width, height)) / Double(side))
        let w = max(1, Int((Double(width) / scale).rounded())), h = max(1, Int((Double(height) / scale).rounded()))
        guard w != width || h != height else {
            // Small enough already (an EXIF thumbnail): each output pixel is its source pixel.
            var out = [UInt8](repeating: 0, count: w * h * 3)
            out.withUnsafeMutableBufferPointer { o in
                guard let base = o.baseAddress else { return }
                for y in 0..<h { (base + y * w * 3).update(from: source + y * stride, count: w * 3) }
            }
            self.width = w
            self.height = h
            self.rgb = out
            return
        }
        var out = [UInt8](repeating: 0, count: w * h * 3)
        // Source columns and rows each output pixel averages: [edge[i], edge[i+1]).
        let xs = (0...w).map { min(width, max(0, Int((Double($0) * Double(width) / Double(w)).rounded()))) }
        let ys = (0...h).map { min(height, max(0, Int((Double($0) * Double(height) / Double(h)).rounded()))) }
        var sums = [Int](repeating: 0, count: w * 3)
        out.withUnsafeMutableBufferPointer { out in
        sums.withUnsafeMutableBufferPointer { sums in
        xs.withUnsafeBufferPointer { xs in
            for oy in 0..<h {
                sums.update(repeating: 0)
                let y0 = ys[oy], y1 = max(ys[oy + 1], y0 + 1)
                for y in y0..<min(y1, height) {
                    let row = source + y * stride
                    for ox in 0..<w {
                        let x0 = xs[ox], x1 = max(xs[ox + 1], x0 + 1)
                        var r = 0, g = 0, b = 0
                        for x in x0..<min(x1, width) {
                            r += Int(row[3 * x]); g += Int(row[3 * x + 1]); b += Int(row[3 * x + 2])
                        }
                        sums[3 * ox] += r; sums[3 * ox + 1] += g; sums[3 * ox + 2] += b
                    }
                }
                for ox in 0..<w {
                    let n = max(1, (min(max(xs[ox + 1], xs[ox] + 1), width) - xs[ox]) * (min(y1, height) - y0))
                    for c in 0..<3 { out[(oy * w + ox) * 3 + c] = UInt8(clamping: (sums[3 * ox + c] + n / 2) / n) }
                }
            }
        }
        }
        }
        self.width = w
        self.height = h
        self.rgb = out
    }

    /// Reduced to fit `side` by box averages (itself when it fits already).
    func reduced(side: Int) -> AnalysisPicture {
        guard max(width, height) > side else { return self }
        return rgb.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress else { return self }
            return AnalysisPicture(rgb: base, width: width, height: height, stride: width * 3, side: side)
        }
    }

    init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(rgb.count == width * height * 3, "a packed RGB picture")
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// Luma (BT.709 weights on the coded values), 0…255, row by row.
    var luma: [Double] {
        [Double](unsafeUninitializedCapacity: width * height) { out, initialized in
            rgb.withUnsafeBufferPointer { c in
                for i in 0..<out.count {
                    out[i] = 0.2126 * Double(c[3 * i]) + 0.7152 * Double(c[3 * i + 1]) + 0.0722 * Double(c[3 * i + 2])
                }
            }
            initialized = out.count
        }
    }

    /// The picture turned upright by an EXIF orientation (1–8).
    func oriented(_ orientation: PictureOrientation) -> AnalysisPicture {
        guard orientation != .upright else { return self }
        let swaps = orientation.swapsAxes
        let w = swaps ? height : width, h = swaps ? width : height
        let (base, dx, dy) = orientation.walk(storedWidth: width, storedHeight: height)
        var out = [UInt8](repeating: 0, count: rgb.count)
        for y in 0..<h {
            for x in 0..<w {
                let s = (base + x * dx + y * dy) * 3, d = (y * w + x) * 3
                out[d] = rgb[s]; out[d + 1] = rgb[s + 1]; out[d + 2] = rgb[s + 2]
            }
        }
        return AnalysisPicture(width: w, height: h, rgb: out)
    }
}
