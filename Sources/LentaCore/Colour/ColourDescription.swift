/// How a source's (or an output's) pixel values are to be read as colours: the Y'CbCr matrix
/// and code range, the primaries and the transfer function (ITU-T H.273 terms, the ones
/// libavcodec's `color_*` fields and HEIF's `nclx` box use), and the bit depth of the codes.
/// Photos described by an ICC profile are reduced to the same terms when the profile is one of
/// the standard spaces (recognised by its primaries, not its name).
public struct ColourDescription: Hashable, Codable, Sendable {
    public var matrix: Matrix
    /// Full range (0…2ⁿ−1) rather than limited (16…235 for 8 bits).
    public var fullRange: Bool
    public var primaries: Primaries
    public var transfer: Transfer
    /// Bits per code as stored (8, 10, 12).
    public var bitDepth: Int

    public init(matrix: Matrix, fullRange: Bool, primaries: Primaries, transfer: Transfer, bitDepth: Int = 8) {
        self.matrix = matrix
        self.fullRange = fullRange
        self.primaries = primaries
        self.transfer = transfer
        self.bitDepth = bitDepth
    }

    /// Y'CbCr ↔ R'G'B' matrices (H.273 MatrixCoefficients).
    public enum Matrix: String, Codable, Sendable, CaseIterable {
        /// The samples are R'G'B' already (H.273 0).
        case rgb
        case bt709
        /// BT.601 (BT.470BG or SMPTE 170M: the same coefficients).
        case bt601
        /// BT.2020 non-constant luminance.
        case bt2020NCL
    }

    public enum Primaries: String, Codable, Sendable, CaseIterable {
        /// BT.709 and sRGB.
        case bt709
        /// BT.601 625 lines (EBU), which phones and JPEGs of old often tag.
        case bt601PAL
        /// BT.601 525 lines (SMPTE C).
        case bt601NTSC
        case bt2020
        /// Display P3 (DCI-P3 primaries, D65 white): iPhone photos.
        case displayP3
    }

    public enum Transfer: String, Codable, Sendable, CaseIterable {
        /// BT.709 / BT.601 / BT.2020 SDR camera curves (shown on a BT.1886 display).
        case bt709
        /// IEC 61966-2-1 (sRGB, and Display P3's curve).
        case sRGB
        /// A pure power law of 2.2 (some ICC profiles, BT.470M).
        case gamma22
        /// Linear light.
        case linear
        /// Hybrid log-gamma (ARIB STD-B67, BT.2100): iPhone video.
        case hlg
        /// Perceptual quantiser (SMPTE ST 2084, BT.2100): HDR10.
        case pq

        public var isHDR: Bool { self == .hlg || self == .pq }
    }

    /// What the compositor works in and an SDR story is encoded in: BT.709, limited range, 8 bits.
    public static let bt709 = ColourDescription(matrix: .bt709, fullRange: false, primaries: .bt709, transfer: .bt709)
    /// An 8-bit sRGB picture: what a JPEG, PNG or WebP without a colour profile is taken to be.
    public static let sRGB = ColourDescription(matrix: .bt601, fullRange: true, primaries: .bt709, transfer: .sRGB)

    public var isHDR: Bool { transfer.isHDR }

    /// A short human description: `BT.2020 HLG 10-bit, limited range`.
    public var summary: String {
        let gamut: String
        switch primaries {
        case .bt709: gamut = "BT.709"
        case .bt601PAL: gamut = "BT.601 (625)"
        case .bt601NTSC: gamut = "BT.601 (525)"
        case .bt2020: gamut = "BT.2020"
        case .displayP3: gamut = "Display P3"
        }
        let curve: String
        switch transfer {
        case .bt709: curve = "SDR"
        case .sRGB: curve = "sRGB"
        case .gamma22: curve = "gamma 2.2"
        case .linear: curve = "linear"
        case .hlg: curve = "HLG"
        case .pq: curve = "PQ"
        }
        return "\(gamut) \(curve) \(bitDepth)-bit, \(fullRange ? "full" : "limited") range"
    }
}

/// H.273 code points as libavcodec (`AVCOL_*`) and HEIF `nclx` boxes store them, to a
/// description; an unknown or unsupported code point is reported with its number so the caller
/// can warn and fall back.
public enum ColourCodePoints {
    public struct Unsupported: Error, Hashable, Sendable, CustomStringConvertible {
        public let what: String
        public let code: Int
        public var description: String { "\(what) \(code)" }
    }

    /// - Parameters: H.273 `MatrixCoefficients`, `ColourPrimaries`, `TransferCharacteristics`
    ///   (2 = unspecified: the defaults fill in), full range, bit depth.
    /// - Returns: the description, and what it could not honour (the default stands in for it).
    public static func description(matrix: Int, primaries: Int, transfer: Int, fullRange: Bool, bitDepth: Int,
                                   defaults: ColourDescription) -> (ColourDescription, [Unsupported]) {
        var d = defaults
        d.fullRange = fullRange
        d.bitDepth = bitDepth
        var unsupported: [Unsupported] = []
        switch matrix {
        case 0: d.matrix = .rgb
        case 1: d.matrix = .bt709
        case 5, 6: d.matrix = .bt601
        case 9: d.matrix = .bt2020NCL
        case 2: break
        default: unsupported.append(Unsupported(what: "matrix", code: matrix))
        }
        switch primaries {
        case 1: d.primaries = .bt709
        case 5: d.primaries = .bt601PAL
        case 6, 7: d.primaries = .bt601NTSC
        case 9: d.primaries = .bt2020
        case 12: d.primaries = .displayP3
        case 0, 2: break
        default: unsupported.append(Unsupported(what: "primaries", code: primaries))
        }
        switch transfer {
        case 1, 6, 14, 15: d.transfer = .bt709
        case 13: d.transfer = .sRGB
        case 4: d.transfer = .gamma22
        case 8: d.transfer = .linear
        case 16: d.transfer = .pq
        case 18: d.transfer = .hlg
        case 0, 2: break
        default: unsupported.append(Unsupported(what: "transfer", code: transfer))
        }
        return (d, unsupported)
    }
}
