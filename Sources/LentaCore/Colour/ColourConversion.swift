import Foundation

/// The one place colour spaces are converted: a source's R'G'B' (as its `ColourDescription`
/// says) to the render's working space, and the working space to the output's R'G'B'.
///
/// The working space is gamma-encoded BT.709 R'G'B' where 1 is SDR white — and, for an HDR
/// source, HDR reference white (BT.2408: 203 cd/m², HLG 75 %) — the space grades work in.
///
/// - SDR sources in BT.709 (or BT.601, whose primaries players treat as BT.709's) pass as
///   they are, whatever their curve (sRGB, BT.709, 2.2), as every SDR player shows them.
/// - Wider SDR gamuts (Display P3, BT.2020) are linearised by their own curve, converted to
///   BT.709 primaries, brought into gamut by giving up chroma at constant luminance and hue
///   (so a saturated P3 red stays the most saturated red BT.709 has, not a dull one), and
///   encoded by the same curve.
/// - HLG is read as a 1000 cd/m² display shows it (system gamma 1.2 per channel), PQ as the
///   absolute light it codes; both relative to reference white, converted to BT.709, and for an
///   SDR output tone-mapped: below reference white nothing changes, above it a smooth
///   shoulder in the PQ (perceptual) domain brings highlights into SDR's headroom (up to a
///   105 % signal, EBU R103's limit) with their hue kept (scaled on the largest channel).
///   BT.2020 colours beyond BT.709 are clipped channel by channel at the end rather than
///   gamut-mapped: a mapped corner of the table would pull the in-gamut colours between its
///   nodes (a 75 % red bar) towards grey.
/// - An HDR output (HLG or PQ, BT.2020) places the working space's white at reference white.
public struct ColourConversion: Sendable {
    public let source: ColourDescription
    public let output: ColourDescription
    private let toBT709: Matrix3?
    private let fromBT709: Matrix3?

    /// Brightest SDR output signal: highlights above reference white roll off into 100…105 %.
    public static let sdrPeakSignal = 1.05
    /// The peak an HDR source is taken to reach when tone-mapping (HLG's nominal display;
    /// most HDR10 is mastered to it).
    public static let hdrSourcePeak = 1000.0

    public init(source: ColourDescription, output: ColourDescription = .bt709) {
        self.source = source
        self.output = output
        let from = Self.effectivePrimaries(source.primaries)
        toBT709 = from == .bt709 ? nil : ColourSpaces.primariesMatrix(from: from, to: .bt709)
        let to = Self.effectivePrimaries(output.primaries)
        fromBT709 = to == .bt709 ? nil : ColourSpaces.primariesMatrix(from: .bt709, to: to)
    }

    /// BT.601's primaries are within a display's error of BT.709's and SDR players show them as such.
    static func effectivePrimaries(_ p: ColourDescription.Primaries) -> ColourDescription.Primaries {
        p == .bt601PAL || p == .bt601NTSC ? .bt709 : p
    }

    /// True when source R'G'B' is already working R'G'B' and working is output: only the
    /// Y'CbCr coding (matrix, range, depth) may differ.
    public var changesNoColour: Bool {
        !source.isHDR && toBT709 == nil && !output.isHDR && fromBT709 == nil
    }

    // MARK: source → working

    /// Source R'G'B' (0…1 in gamut) → working R'G'B'.
    public func toWorking(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let inGamut = all(rgb .>= -1e-9) && all(rgb .<= 1 + 1e-9)
        switch source.transfer {
        case .hlg, .pq:
            var linear = hdrRelative(rgb)
            if let toBT709 { linear = toBT709 * linear }
            if !output.isHDR { linear = Self.toneMap(linear) }
            return SIMD3(ColourSpaces.power(linear.x, 1 / 2.4), ColourSpaces.power(linear.y, 1 / 2.4), ColourSpaces.power(linear.z, 1 / 2.4))
        case .bt709, .sRGB, .gamma22, .linear:
            guard let toBT709 else {
                if source.transfer == .linear { return SIMD3(ColourSpaces.power(rgb.x, 1 / 2.4), ColourSpaces.power(rgb.y, 1 / 2.4), ColourSpaces.power(rgb.z, 1 / 2.4)) }
                return rgb
            }
            var linear = toBT709 * SIMD3(sdrDecode(rgb.x), sdrDecode(rgb.y), sdrDecode(rgb.z))
            if inGamut { linear = ColourSpaces.intoGamut(linear, low: .zero, high: .one) }
            return SIMD3(sdrEncode(linear.x), sdrEncode(linear.y), sdrEncode(linear.z))
        }
    }

    /// An SDR source's curve, to linear (BT.709's camera curve as a BT.1886 display shows it).
    private func sdrDecode(_ e: Double) -> Double {
        switch source.transfer {
        case .sRGB: return ColourSpaces.sRGBDecode(e)
        case .gamma22: return ColourSpaces.power(e, 2.2)
        case .linear: return e
        default: return ColourSpaces.power(e, 2.4)
        }
    }

    private func sdrEncode(_ x: Double) -> Double {
        switch source.transfer {
        case .sRGB: return ColourSpaces.sRGBEncode(x)
        case .gamma22: return ColourSpaces.power(x, 1 / 2.2)
        default: return ColourSpaces.power(x, 1 / 2.4)
        }
    }

    /// HLG or PQ R'G'B' → display light in the source's primaries, 1 = reference white.
    private func hdrRelative(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        if source.transfer == .pq {
            return SIMD3(ColourSpaces.pqDecode(rgb.x), ColourSpaces.pqDecode(rgb.y), ColourSpaces.pqDecode(rgb.z)) / ColourSpaces.referenceWhite
        }
        // Scene light to the 1000 cd/m² display, system gamma 1.2 on each channel (the scene-light
        // conversion of BT.2408's HLG→SDR mappings, and zimg's): 75 % HLG white lands on 203 cd/m².
        let scene = SIMD3(ColourSpaces.hlgDecode(rgb.x), ColourSpaces.hlgDecode(rgb.y), ColourSpaces.hlgDecode(rgb.z))
        let gamma = ColourSpaces.hlgSystemGamma
        let display = SIMD3(pow(scene.x, gamma), pow(scene.y, gamma), pow(scene.z, gamma)) * ColourSpaces.hlgDisplayPeak
        return display / ColourSpaces.referenceWhite
    }

    /// Display light relative to reference white → SDR: unchanged up to 1, above it a shoulder
    /// in PQ signal units (slope 1 at reference white) towards the SDR peak, applied to the
    /// largest channel and the others scaled with it (hue and saturation kept).
    static func toneMap(_ linear: SIMD3<Double>) -> SIMD3<Double> {
        let m = linear.max()
        guard m > 1 else { return linear }
        let white = ColourSpaces.pqEncode(ColourSpaces.referenceWhite)
        let room = ColourSpaces.pqEncode(ColourSpaces.referenceWhite * ColourSpaces.power(sdrPeakSignal, 2.4)) - white
        let e = ColourSpaces.pqEncode(m * ColourSpaces.referenceWhite) - white
        let mapped = white + room * (1 - exp(-e / room))
        return linear * (ColourSpaces.pqDecode(mapped) / ColourSpaces.referenceWhite / m)
    }

    // MARK: working → output

    /// Working R'G'B' → the output's R'G'B'.
    public func toOutput(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        guard output.isHDR else { return rgb }
        var linear = SIMD3(ColourSpaces.power(rgb.x, 2.4), ColourSpaces.power(rgb.y, 2.4), ColourSpaces.power(rgb.z, 2.4))
        if let fromBT709 { linear = fromBT709 * linear }
        let nits = pointwiseMax(linear, .zero) * ColourSpaces.referenceWhite
        if output.transfer == .pq {
            return SIMD3(ColourSpaces.pqEncode(nits.x), ColourSpaces.pqEncode(nits.y), ColourSpaces.pqEncode(nits.z))
        }
        // HLG: undo the display's system gamma (per channel, as the source side reads it), then the OETF.
        let display = nits / ColourSpaces.hlgDisplayPeak
        let gamma = ColourSpaces.hlgSystemGamma
        let scene = SIMD3(pow(display.x, 1 / gamma), pow(display.y, 1 / gamma), pow(display.z, 1 / gamma))
        return SIMD3(ColourSpaces.hlgEncode(scene.x), ColourSpaces.hlgEncode(scene.y), ColourSpaces.hlgEncode(scene.z))
    }
}

extension ColourSpaces {
    /// Brings a colour into [low, high] per channel by moving it towards its own BT.709 luma
    /// (luminance, on linear values): luma and hue kept, only chroma given up.
    public static func intoGamut(_ rgb: SIMD3<Double>, low: SIMD3<Double>, high: SIMD3<Double>) -> SIMD3<Double> {
        if all(rgb .>= low) && all(rgb .<= high) { return rgb }
        let luma = 0.2126 * rgb.x + 0.7152 * rgb.y + 0.0722 * rgb.z
        let grey = min(high.min(), max(low.max(), luma))
        let chroma = rgb - luma
        var keep = 1.0
        for c in 0..<3 {
            let value = grey + chroma[c]
            if value > high[c], chroma[c] > 0 { keep = min(keep, (high[c] - grey) / chroma[c]) }
            if value < low[c], chroma[c] < 0 { keep = min(keep, (low[c] - grey) / chroma[c]) }
        }
        return grey + max(0, keep) * chroma
    }
}
