import LentaCore

/// The HDR metadata an HDR story carries: a mastering display of BT.2020 primaries, D65 white,
/// 1000 cd/m² peak (HLG's nominal display; what most HDR10 is graded on), and content light
/// levels no higher than it (SDR white sits at 203 cd/m²).
enum HDRMetadata {
    /// Red, green, blue, white (CIE xy).
    static let primaries = ColourSpaces.chromaticities(.bt2020)
    static let maxLuminance = 1000
    static let maxCLL = 1000
    static let maxFALL = 400

    /// x265's `master-display` string: G, B, R and white in 0.00002 units, luminance in 0.0001 cd/m².
    static var x265MasteringDisplay: String {
        func xy(_ c: SIMD2<Double>) -> String { "(\(Int((c.x * 50000).rounded())),\(Int((c.y * 50000).rounded())))" }
        return "G\(xy(primaries[1]))B\(xy(primaries[2]))R\(xy(primaries[0]))WP\(xy(primaries[3]))L(\(maxLuminance * 10000),1)"
    }
}
