/// Looking a colour up in a `.cube` table: tetrahedral interpolation in a 3D table (exact on
/// the identity and on any linear map), linear in a 1D one. Outside the domain the table
/// extends as identity, `lut(clamp(x)) + (x − clamp(x))`, so an identity cube is exactly
/// identity for every input and out-of-gamut colours keep their distance from the gamut.
extension CubeFile {
    public func lookUp(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let span = domainMax - domainMin
        let inDomain = rgb.clamped(lowerBound: domainMin, upperBound: domainMax)
        let t = (inDomain - domainMin) / span
        let looked = kind == .threeD ? tetrahedral(t) : perChannel(t)
        return looked + (rgb - inDomain)
    }

    /// `t` in [0, 1]³.
    func tetrahedral(_ t: SIMD3<Double>) -> SIMD3<Double> {
        let last = Double(size - 1)
        let position = t * last
        let base = SIMD3<Int>(min(Int(position.x), size - 2), min(Int(position.y), size - 2), min(Int(position.z), size - 2))
        let f = position - SIMD3<Double>(Double(base.x), Double(base.y), Double(base.z))
        let strideR = 1, strideG = size, strideB = size * size
        let origin = base.x * strideR + base.y * strideG + base.z * strideB
        // Walk from the cell's near corner to its far one along the axes in order of their
        // fractions: the tetrahedron holding the point.
        var axes: [(f: Double, step: Int)] = [(f.x, strideR), (f.y, strideG), (f.z, strideB)]
        axes.sort { $0.f > $1.f }
        let c0 = origin, c1 = c0 + axes[0].step, c2 = c1 + axes[1].step, c3 = c2 + axes[2].step
        return (1 - axes[0].f) * node(c0) + (axes[0].f - axes[1].f) * node(c1)
            + (axes[1].f - axes[2].f) * node(c2) + axes[2].f * node(c3)
    }

    func perChannel(_ t: SIMD3<Double>) -> SIMD3<Double> {
        var out = SIMD3<Double>.zero
        let last = Double(size - 1)
        for channel in 0..<3 {
            let position = t[channel] * last
            let i = min(Int(position), size - 2)
            let f = position - Double(i)
            let a = Double(values[i * 3 + channel]), b = Double(values[(i + 1) * 3 + channel])
            out[channel] = a + (b - a) * f
        }
        return out
    }

    func node(_ index: Int) -> SIMD3<Double> {
        SIMD3(Double(values[index * 3]), Double(values[index * 3 + 1]), Double(values[index * 3 + 2]))
    }
}
