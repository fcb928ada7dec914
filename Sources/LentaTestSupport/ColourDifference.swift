import Foundation
import LentaCore

/// How far apart two colours look: CIE L*a*b* from BT.709 Y'CbCr codes (shown on a BT.1886
/// display, D65 white) and the CIEDE2000 difference (ΔE00: about 1 is just noticeable, under 5
/// reads as the same colour side by side). The one home of colour distance for tests and benches.
public enum ColourDifference {
    /// CIE L*a*b* (D65) of limited-range BT.709 codes.
    public static func lab(ofBT709Codes codes: SIMD3<Double>) -> SIMD3<Double> {
        let rgb = ColourSpaces.Coding(ColourDescription.bt709).rgb(ofCodes: codes)
        let linear = SIMD3(ColourSpaces.power(min(max(rgb.x, 0), 1), 2.4), ColourSpaces.power(min(max(rgb.y, 0), 1), 2.4),
                           ColourSpaces.power(min(max(rgb.z, 0), 1), 2.4))
        let xyz = ColourSpaces.rgbToXYZ(.bt709) * linear
        let white = ColourSpaces.rgbToXYZ(.bt709) * SIMD3(1, 1, 1)
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(xyz.x / white.x), fy = f(xyz.y / white.y), fz = f(xyz.z / white.z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// CIEDE2000 between two L*a*b* colours (kL = kC = kH = 1).
    public static func ciede2000(_ lab1: SIMD3<Double>, _ lab2: SIMD3<Double>) -> Double {
        let (l1, a1, b1) = (lab1.x, lab1.y, lab1.z), (l2, a2, b2) = (lab2.x, lab2.y, lab2.z)
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let cMean7 = pow((c1 + c2) / 2, 7)
        let g = 0.5 * (1 - (cMean7 / (cMean7 + pow(25, 7))).squareRoot())
        let a1p = (1 + g) * a1, a2p = (1 + g) * a2
        let c1p = (a1p * a1p + b1 * b1).squareRoot(), c2p = (a2p * a2p + b2 * b2).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let h1p = hue(b1, a1p), h2p = hue(b2, a2p)
        let dLp = l2 - l1, dCp = c2p - c1p
        var dhp = 0.0
        if c1p * c2p != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * (c1p * c2p).squareRoot() * sin(dhp / 2 * .pi / 180)
        let lMean = (l1 + l2) / 2, cpMean = (c1p + c2p) / 2
        var hpMean = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) > 180 { hpMean += hpMean < 360 ? 360 : -360 }
            hpMean /= 2
        }
        let rad = Double.pi / 180
        let t = 1 - 0.17 * cos((hpMean - 30) * rad) + 0.24 * cos(2 * hpMean * rad) + 0.32 * cos((3 * hpMean + 6) * rad)
            - 0.20 * cos((4 * hpMean - 63) * rad)
        let dTheta = 30 * exp(-pow((hpMean - 275) / 25, 2))
        let cpMean7 = pow(cpMean, 7)
        let rc = 2 * (cpMean7 / (cpMean7 + pow(25, 7))).squareRoot()
        let sl = 1 + 0.015 * pow(lMean - 50, 2) / (20 + pow(lMean - 50, 2)).squareRoot()
        let sc = 1 + 0.045 * cpMean, sh = 1 + 0.015 * cpMean * t
        let rt = -sin(2 * dTheta * rad) * rc
        let dl = dLp / sl, dc = dCp / sc, dh = dHp / sh
        return (dl * dl + dc * dc + dh * dh + rt * dc * dh).squareRoot()
    }

    /// ΔE00 between two colours given as limited-range BT.709 codes.
    public static func deltaE(bt709Codes a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        ciede2000(lab(ofBT709Codes: a), lab(ofBT709Codes: b))
    }

    /// HSV saturation, (max − min) / max of R'G'B', of limited-range BT.709 codes (0 for black).
    public static func saturation(ofBT709Codes codes: SIMD3<Double>) -> Double {
        let rgb = ColourSpaces.Coding(ColourDescription.bt709).rgb(ofCodes: codes)
        let c = SIMD3(min(max(rgb.x, 0), 1), min(max(rgb.y, 0), 1), min(max(rgb.z, 0), 1))
        let top = c.max()
        return top <= 1e-6 ? 0 : (top - c.min()) / top
    }
}
