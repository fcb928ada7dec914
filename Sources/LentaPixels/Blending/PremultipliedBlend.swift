/// A premultiplied sprite (a caption: alpha and premultiplied value per sample) blended over one
/// plane of a picture at an opacity, touching only the sprite's rectangle.
package enum PremultipliedBlend {
    /// out = (P·o + dst·(255·256 − a·o)) / (255·256), in integers: P is the premultiplied value
    /// × 255, a the alpha, o the opacity in 256ths.
    package static func blend(_ plane: inout PlaneSamples, stride: Int, left: Int, top: Int, width: Int, height: Int,
                              alpha: [UInt8], premultiplied: [UInt16], opacity o: Int) {
        plane.withUnsafeMutableBufferPointer { dst in
            alpha.withUnsafeBufferPointer { a in
                premultiplied.withUnsafeBufferPointer { p in
                    for row in 0..<height {
                        let target = (top + row) * stride + left, source = row * width
                        for column in 0..<width {
                            let coverage = Int(a[source + column])
                            guard coverage > 0 else { continue }
                            let old = Int(dst[target + column])
                            let value = (Int(p[source + column]) * o + old * (65280 - coverage * o) + 32640) / 65280
                            dst[target + column] = UInt8(truncatingIfNeeded: min(255, value))
                        }
                    }
                }
            }
        }
    }
}
