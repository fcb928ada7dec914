import Foundation
import LentaCore
import LentaMedia
@testable import LentaRender
import LentaTestSupport
import Testing

/// 10-bit HDR photos (PQ and HLG HEICs, BT.2020, as phones write them): read at their full
/// depth and tone-mapped like HDR clips — reference white on SDR white, highlights rolled off
/// to the top of SDR, colours as the SDR picture they were made from.
@Suite(.enabled(if: AudioFixtures.hasFFmpeg, "needs the ffmpeg CLI"))
struct HDRPhotoTests {
    static let width = ColourSpaceTests.width, height = ColourSpaceTests.height
    /// Saturated bars above, white below (its left half, in the HDR photo, a highlight at the
    /// HDR peak: 1000 cd/m² PQ, 100 % HLG).
    static let colours: [SIMD3<Double>] = [SIMD3(1, 0, 0), SIMD3(0, 0.8, 0), SIMD3(0, 0, 1), SIMD3(1, 1, 0), SIMD3(0, 1, 1),
                                           SIMD3(1, 0, 1), SIMD3(1, 0.5, 0), SIMD3(0.5, 0.5, 0.5)]
    static let barsHeight = 120

    /// The SDR picture's R'G'B' at a pixel, and whether it lies in the highlight.
    static func sdr(_ x: Int, _ y: Int) -> (SIMD3<Double>, highlight: Bool) {
        if y >= barsHeight { return (.one, x < width / 2) }
        return (colours[min(colours.count - 1, x * colours.count / width)], false)
    }

    /// The SDR colour as BT.2408 places it in HDR: its display light (BT.1886) relative to
    /// reference white, in BT.2020, coded by PQ or HLG (a 1000 cd/m² display, system gamma 1.2).
    static func hdrSignal(_ rgb: SIMD3<Double>, highlight: Bool, transfer: ColourDescription.Transfer) -> SIMD3<Double> {
        let linear709 = SIMD3(pow(rgb.x, 2.4), pow(rgb.y, 2.4), pow(rgb.z, 2.4))
        let nits = (ColourSpaces.primariesMatrix(from: .bt709, to: .bt2020) * linear709) * (highlight ? 1000 : ColourSpaces.referenceWhite)
        if transfer == .pq { return SIMD3(ColourSpaces.pqEncode(nits.x), ColourSpaces.pqEncode(nits.y), ColourSpaces.pqEncode(nits.z)) }
        let scene = nits / ColourSpaces.hlgDisplayPeak
        let g = 1 / ColourSpaces.hlgSystemGamma
        return SIMD3(ColourSpaces.hlgEncode(pow(scene.x, g)), ColourSpaces.hlgEncode(pow(scene.y, g)), ColourSpaces.hlgEncode(pow(scene.z, g)))
    }

    static func sdrPicture() -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for (i, c) in colours.enumerated() {
            let bar = RGBAImage(width: width / colours.count, height: barsHeight, red: UInt8((c.x * 255).rounded()),
                                green: UInt8((c.y * 255).rounded()), blue: UInt8((c.z * 255).rounded()))
            image.place(bar, atX: i * width / colours.count, y: 0)
        }
        image.place(RGBAImage(width: width, height: height - barsHeight, red: 255, green: 255, blue: 255), atX: 0, y: barsHeight)
        return image
    }

    @Test("a 10-bit PQ or HLG HEIC is read at 10 bits and tone-mapped: highlight near white, colours within ΔE2000 of its SDR picture",
          arguments: [ColourDescription.Transfer.pq, .hlg])
    func hdrHEICLooksLikeItsSDRPicture(transfer: ColourDescription.Transfer) throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.heic(Self.sdrPicture(), primaries: 1, to: fixture.folder.path("sdr.heic"))
        let name = "\(transfer).heic"
        try SyntheticMedia.deepHEIC(width: Self.width, height: Self.height, transfer: transfer == .pq ? 16 : 18, quality: 98,
                                    to: fixture.folder.path(name)) { x, y in
            let (rgb, highlight) = Self.sdr(x, y)
            return Self.hdrSignal(rgb, highlight: highlight, transfer: transfer)
        }
        let metadata = try fixture.story(["lenta": 1, "items": [["path": name]]]).items[0].metadata
        #expect(metadata.colour?.transfer == transfer && metadata.colour?.primaries == .bt2020 && metadata.colour?.bitDepth == 10,
                "\(String(describing: metadata.colour))")
        // Read at its full depth, not reduced to 8 bits by libheif.
        guard case .deep(let deep) = try PhotoDecoder(path: fixture.folder.path(name), metadata: metadata).decodePicture(scale: 1) else {
            Issue.record("the 10-bit HEIC was read at 8 bits")
            return
        }
        #expect(deep.bitDepth == 10 && deep.width == Self.width && deep.height == Self.height)

        let sdr = try ColourSpaceTests.render("sdr.heic", in: fixture)
        let hdr = try ColourSpaceTests.render(name, in: fixture)
        // The highlight reaches the top of SDR (limited-range white is 235), not grey.
        let highlight = ColourChart.mean(hdr, x: 20..<(Self.width / 2 - 20), y: (Self.barsHeight + 15)..<(Self.height - 15))
        #expect(highlight.x >= 230, "highlight Y' \(highlight)")
        let brightest = hdr.y.max() ?? 0
        #expect(brightest >= 233, "brightest Y' \(brightest)")
        // Reference white is SDR white.
        let white = ColourChart.mean(hdr, x: (Self.width / 2 + 20)..<(Self.width - 20), y: (Self.barsHeight + 15)..<(Self.height - 15))
        #expect(abs(white.x - 235) <= 4, "reference white Y' \(white)")
        // The bars are the SDR picture's colours.
        let deltaE = ColourSpaceTests.meanDeltaE(sdr, hdr)
        #expect(deltaE <= 3, "mean ΔE2000 \(deltaE)")
        let saturation = (sdr: ColourSpaceTests.meanSaturation(sdr), hdr: ColourSpaceTests.meanSaturation(hdr))
        #expect(abs(saturation.hdr - saturation.sdr) <= 0.1 * saturation.sdr, "saturation \(saturation)")
    }
}
