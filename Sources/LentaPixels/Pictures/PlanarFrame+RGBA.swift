import LentaCore

extension PlanarFrame {
    /// A drawn picture (a title card, a map) as a video frame: BT.709 limited range, with each
    /// chroma sample from the mean colour of its 2×2 block (the compositor's siting). Alpha is
    /// ignored: draw on an opaque picture.
    public init(rgba image: RGBAImage) {
        let width = image.width, height = image.height
        let cw = (width + 1) / 2, ch = (height + 1) / 2
        var y = PlaneSamples(repeating: 0, count: width * height)
        var u = PlaneSamples(repeating: 128, count: cw * ch)
        var v = PlaneSamples(repeating: 128, count: cw * ch)
        // Integer BT.709 weights ×65536 for R'G'B' 0…255 → limited range.
        let kr = 0.2126, kb = 0.0722, kg = 1 - kr - kb
        let yr = Int((219.0 / 255 * kr * 65536).rounded()), yg = Int((219.0 / 255 * kg * 65536).rounded()),
            yb = Int((219.0 / 255 * kb * 65536).rounded())
        let s = 224.0 / 255 * 65536
        let ur = Int((-kr / 1.8556 * s).rounded()), ug = Int((-kg / 1.8556 * s).rounded()), ub = Int(((1 - kb) / 1.8556 * s).rounded())
        let vr = Int(((1 - kr) / 1.5748 * s).rounded()), vg = Int((-kg / 1.5748 * s).rounded()), vb = Int((-kb / 1.5748 * s).rounded())
        // Written through the planes' buffers: one uniqueness check a plane, not one a sample.
        y.withUnsafeMutableBufferPointer { y in
        u.withUnsafeMutableBufferPointer { u in
        v.withUnsafeMutableBufferPointer { v in
        image.pixels.withUnsafeBufferPointer { p in
            for row in 0..<height {
                for x in 0..<width {
                    let i = (row * width + x) * 4
                    let value = 16 * 65536 + yr * Int(p[i]) + yg * Int(p[i + 1]) + yb * Int(p[i + 2]) + 32768
                    y[row * width + x] = UInt8(clamping: value >> 16)
                }
            }
            for cy in 0..<ch {
                for cx in 0..<cw {
                    var r = 0, g = 0, b = 0, n = 0
                    for dy in 0..<2 where cy * 2 + dy < height {
                        for dx in 0..<2 where cx * 2 + dx < width {
                            let i = ((cy * 2 + dy) * width + cx * 2 + dx) * 4
                            r += Int(p[i]); g += Int(p[i + 1]); b += Int(p[i + 2]); n += 1
                        }
                    }
                    let half = n / 2
                    let uValue = (ur * r + ug * g + ub * b + half) / n, vValue = (vr * r + vg * g + vb * b + half) / n
                    u[cy * cw + cx] = UInt8(clamping: (128 * 65536 + uValue + 32768) >> 16)
                    v[cy * cw + cx] = UInt8(clamping: (128 * 65536 + vValue + 32768) >> 16)
                }
            }
        }
        }
        }
        }
        self.init(width: width, height: height, y: y, u: u, v: v)
    }
}
