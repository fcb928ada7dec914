/// Fills picture planes with `SyntheticPattern`, converting to Y'CbCr (BT.601) where needed.
enum PlaneFill {
    enum Range { case limited, full }

    /// Packed RGB24 rows of `stride` bytes.
    static func rgb24(_ base: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int, frame: Int?) {
        for y in 0..<height {
            let row = base + y * stride
            for x in 0..<width {
                let c = SyntheticPattern.rgb(x: x, y: y, width: width, height: height, frame: frame)
                row[3 * x] = c.r; row[3 * x + 1] = c.g; row[3 * x + 2] = c.b
            }
        }
    }

    /// 4:2:0 planar Y'CbCr: full-size luma, chroma averaged over 2×2 blocks (odd edges included).
    static func yuv420(
        y yPlane: UnsafeMutablePointer<UInt8>, yStride: Int,
        cb: UnsafeMutablePointer<UInt8>, cbStride: Int,
        cr: UnsafeMutablePointer<UInt8>, crStride: Int,
        width: Int, height: Int, frame: Int?, range: Range
    ) {
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        for cy in 0..<chromaHeight {
            for cx in 0..<chromaWidth {
                var sr = 0, sg = 0, sb = 0, n = 0
                for dy in 0..<2 {
                    let y = cy * 2 + dy
                    guard y < height else { continue }
                    for dx in 0..<2 {
                        let x = cx * 2 + dx
                        guard x < width else { continue }
                        let c = SyntheticPattern.rgb(x: x, y: y, width: width, height: height, frame: frame)
                        let r = Int(c.r), g = Int(c.g), b = Int(c.b)
                        yPlane[y * yStride + x] = luma(r, g, b, range)
                        sr += r; sg += g; sb += b; n += 1
                    }
                }
                let (u, v) = chroma((sr + n / 2) / n, (sg + n / 2) / n, (sb + n / 2) / n, range)
                cb[cy * cbStride + cx] = u
                cr[cy * crStride + cx] = v
            }
        }
    }

    static func luma(_ r: Int, _ g: Int, _ b: Int, _ range: Range) -> UInt8 {
        switch range {
        case .limited: return UInt8(clamping: ((66 * r + 129 * g + 25 * b + 128) >> 8) + 16)
        case .full: return UInt8(clamping: (77 * r + 150 * g + 29 * b + 128) >> 8)
        }
    }

    static func chroma(_ r: Int, _ g: Int, _ b: Int, _ range: Range) -> (UInt8, UInt8) {
        switch range {
        case .limited:
            return (UInt8(clamping: ((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128),
                    UInt8(clamping: ((112 * r - 94 * g - 18 * b + 128) >> 8) + 128))
        case .full:
            return (UInt8(clamping: ((-43 * r - 85 * g + 128 * b + 128) >> 8) + 128),
                    UInt8(clamping: ((128 * r - 107 * g - 21 * b + 128) >> 8) + 128))
        }
    }
}
