import Foundation

/// The numbers behind a `ColourDescription`: Y'CbCr matrix weights and code ranges, primaries
/// as chromaticities and RGB→XYZ matrices, and the transfer functions (sRGB, BT.1886, HLG, PQ).
/// `ColourConversion` is their one user on the render side; ICC recognition compares with them.
public enum ColourSpaces {
    /// The luma weights (Kr, Kb) of a matrix; nil for R'G'B' samples.
    public static func lumaWeights(_ matrix: ColourDescription.Matrix) -> (kr: Double, kb: Double)? {
        switch matrix {
        case .rgb: return nil
        case .bt709: return (0.2126, 0.0722)
        case .bt601: return (0.299, 0.114)
        case .bt2020NCL: return (0.2627, 0.0593)
        }
    }

    /// Codes (unrounded, of `bitDepth` bits) ↔ R'G'B' (0…1 in gamut), for one coding.
    public struct Coding: Hashable, Sendable {
        public let matrix: ColourDescription.Matrix
        public let fullRange: Bool
        public let bitDepth: Int

        public init(matrix: ColourDescription.Matrix, fullRange: Bool, bitDepth: Int) {
            self.matrix = matrix
            self.fullRange = fullRange
            self.bitDepth = bitDepth
        }

        public init(_ d: ColourDescription) { self.init(matrix: d.matrix, fullRange: d.fullRange, bitDepth: d.bitDepth) }

        /// Code offsets and spans of luma (or R'G'B') and chroma.
        var scale: (lumaOffset: Double, lumaSpan: Double, chromaOffset: Double, chromaSpan: Double) {
            let k = Double(1 << (bitDepth - 8))
            let top = Double((1 << bitDepth) - 1)
            let mid = Double(1 << (bitDepth - 1))
            return fullRange ? (0, top, mid, top) : (16 * k, 219 * k, mid, 224 * k)
        }

        /// (Y', Cb, Cr) codes — or (R', G', B') codes for `.rgb` — to R'G'B'.
        public func rgb(ofCodes c: SIMD3<Double>) -> SIMD3<Double> {
            let s = scale
            guard let (kr, kb) = lumaWeights(matrix) else { return (c - s.lumaOffset) / s.lumaSpan }
            let kg = 1 - kr - kb
            let luma = (c.x - s.lumaOffset) / s.lumaSpan, cb = (c.y - s.chromaOffset) / s.chromaSpan, cr = (c.z - s.chromaOffset) / s.chromaSpan
            let r = luma + 2 * (1 - kr) * cr, b = luma + 2 * (1 - kb) * cb
            return SIMD3(r, (luma - kr * r - kb * b) / kg, b)
        }

        /// R'G'B' to codes (unrounded, unclamped).
        public func codes(ofRGB rgb: SIMD3<Double>) -> SIMD3<Double> {
            let s = scale
            guard let (kr, kb) = lumaWeights(matrix) else { return rgb * s.lumaSpan + s.lumaOffset }
            let luma = kr * rgb.x + (1 - kr - kb) * rgb.y + kb * rgb.z
            return SIMD3(s.lumaOffset + s.lumaSpan * luma, s.chromaOffset + s.chromaSpan * (rgb.z - luma) / (2 * (1 - kb)),
                         s.chromaOffset + s.chromaSpan * (rgb.x - luma) / (2 * (1 - kr)))
        }
    }

    // MARK: primaries

    /// Red, green, blue and white chromaticities (CIE 1931 xy).
    public static func chromaticities(_ p: ColourDescription.Primaries) -> [SIMD2<Double>] {
        let d65 = SIMD2(0.3127, 0.3290)
        switch p {
        case .bt709: return [SIMD2(0.640, 0.330), SIMD2(0.300, 0.600), SIMD2(0.150, 0.060), d65]
        case .bt601PAL: return [SIMD2(0.640, 0.330), SIMD2(0.290, 0.600), SIMD2(0.150, 0.060), d65]
        case .bt601NTSC: return [SIMD2(0.630, 0.340), SIMD2(0.310, 0.595), SIMD2(0.155, 0.070), d65]
        case .bt2020: return [SIMD2(0.708, 0.292), SIMD2(0.170, 0.797), SIMD2(0.131, 0.046), d65]
        case .displayP3: return [SIMD2(0.680, 0.320), SIMD2(0.265, 0.690), SIMD2(0.150, 0.060), d65]
        }
    }

    /// Linear RGB → CIE XYZ (white Y = 1) for these primaries.
    public static func rgbToXYZ(_ p: ColourDescription.Primaries) -> Matrix3 {
        let xy = chromaticities(p)
        func xyz(_ c: SIMD2<Double>) -> SIMD3<Double> { SIMD3(c.x / c.y, 1, (1 - c.x - c.y) / c.y) }
        let m = Matrix3(columns: xyz(xy[0]), xyz(xy[1]), xyz(xy[2]))
        let s = m.inverse * xyz(xy[3])
        return Matrix3(columns: m.column(0) * s.x, m.column(1) * s.y, m.column(2) * s.z)
    }

    /// Linear RGB in `from`'s primaries → linear RGB in `to`'s (same white, so no adaptation).
    public static func primariesMatrix(from: ColourDescription.Primaries, to: ColourDescription.Primaries) -> Matrix3 {
        rgbToXYZ(to).inverse * rgbToXYZ(from)
    }

    /// Bradford adaptation from D65 to D50, the ICC profile connection space's white.
    public static let bradfordD65toD50 = Matrix3(rows:
        SIMD3(1.0478112, 0.0228866, -0.0501270),
        SIMD3(0.0295424, 0.9904844, -0.0170491),
        SIMD3(-0.0092345, 0.0150436, 0.7521316))

    // MARK: transfer functions (all extended oddly below 0, as a grade's out-of-gamut values need)

    /// sRGB encoded → linear.
    public static func sRGBDecode(_ e: Double) -> Double {
        let a = abs(e)
        let x = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return e < 0 ? -x : x
    }

    public static func sRGBEncode(_ x: Double) -> Double {
        let a = abs(x)
        let e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return x < 0 ? -e : e
    }

    /// A pure power law, extended oddly.
    public static func power(_ v: Double, _ exponent: Double) -> Double {
        v < 0 ? -pow(-v, exponent) : pow(v, exponent)
    }

    /// SMPTE ST 2084: signal (0…1) → cd/m².
    public static func pqDecode(_ e: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let p = pow(max(e, 0), 1 / m2)
        return 10000 * pow(max(p - c1, 0) / (c2 - c3 * p), 1 / m1)
    }

    /// cd/m² → PQ signal.
    public static func pqEncode(_ nits: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128, c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let y = pow(max(nits, 0) / 10000, m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }

    static let hlgA = 0.17883277, hlgB = 0.28466892, hlgC = 0.55991073

    /// BT.2100 HLG inverse OETF: signal → scene linear (0…1).
    public static func hlgDecode(_ e: Double) -> Double {
        let v = max(e, 0)
        return v <= 0.5 ? v * v / 3 : (exp((v - hlgC) / hlgA) + hlgB) / 12
    }

    /// HLG OETF: scene linear → signal.
    public static func hlgEncode(_ x: Double) -> Double {
        let v = max(x, 0)
        return v <= 1.0 / 12 ? (3 * v).squareRoot() : hlgA * log(12 * v - hlgB) + hlgC
    }

    /// The HLG display the signal is shown on: 1000 cd/m², system gamma 1.2 (BT.2100).
    public static let hlgDisplayPeak = 1000.0
    public static let hlgSystemGamma = 1.2
    /// BT.2408 HDR reference white ("graphics white"): where SDR white belongs.
    public static let referenceWhite = 203.0
}

/// A 3×3 matrix for colour primaries (row-major).
public struct Matrix3: Hashable, Sendable {
    public var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    public init(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) { rows = (r0, r1, r2) }

    public init(columns c0: SIMD3<Double>, _ c1: SIMD3<Double>, _ c2: SIMD3<Double>) {
        rows = (SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z))
    }

    public static let identity = Matrix3(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))

    public func column(_ i: Int) -> SIMD3<Double> { SIMD3(rows.0[i], rows.1[i], rows.2[i]) }

    public static func * (m: Matrix3, v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.rows.0 * v).sum(), (m.rows.1 * v).sum(), (m.rows.2 * v).sum())
    }

    public static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(columns: a * b.column(0), a * b.column(1), a * b.column(2))
    }

    public var inverse: Matrix3 {
        let (a, b, c) = rows
        let r0 = SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y)
        let r1 = SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z)
        let r2 = SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x)
        let det = a.x * r0.x + a.y * r1.x + a.z * r2.x
        return Matrix3(rows: r0 / det, r1 / det, r2 / det)
    }

    public static func == (a: Matrix3, b: Matrix3) -> Bool { a.rows.0 == b.rows.0 && a.rows.1 == b.rows.1 && a.rows.2 == b.rows.2 }
    public func hash(into h: inout Hasher) { h.combine(rows.0); h.combine(rows.1); h.combine(rows.2) }

    /// The largest difference between entries.
    public func distance(to other: Matrix3) -> Double {
        var d = 0.0
        for (a, b) in [(rows.0, other.rows.0), (rows.1, other.rows.1), (rows.2, other.rows.2)] {
            for i in 0..<3 { d = max(d, abs(a[i] - b[i])) }
        }
        return d
    }
}
