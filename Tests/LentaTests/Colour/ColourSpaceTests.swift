import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// Sources in other colour spaces than the output's: HLG and PQ clips made from a known SDR
/// picture (by zscale in the ffmpeg CLI, as broadcasters place SDR in HDR: white at 203 cd/m²),
/// a full-range BT.601 clip, Display P3 photos. Each is measured on the rendered frame.
@Suite(.enabled(if: AudioFixtures.hasFFmpeg, "needs the ffmpeg CLI with zscale and libx265"))
struct ColourSpaceTests {
    static let width = 320, height = 180

    /// Block means (Y', Cb, Cr) of a 16×9 grid, leaving out each block's edges (4:2:0 bleeds there).
    static func blocks(_ frame: PlanarFrame) -> [SIMD3<Double>] {
        var out: [SIMD3<Double>] = []
        let columns = 16, rows = 9
        for by in 0..<rows {
            for bx in 0..<columns {
                let x0 = bx * frame.width / columns + 4, x1 = (bx + 1) * frame.width / columns - 4
                let y0 = by * frame.height / rows + 4, y1 = (by + 1) * frame.height / rows - 4
                out.append(ColourChart.mean(frame, x: x0..<x1, y: y0..<y1))
            }
        }
        return out
    }

    static func meanDeltaE(_ a: PlanarFrame, _ b: PlanarFrame) -> Double {
        let pairs = zip(blocks(a), blocks(b))
        return pairs.map { ColourDifference.deltaE(bt709Codes: $0, $1) }.reduce(0, +) / Double(pairs.underestimatedCount)
    }

    static func meanSaturation(_ frame: PlanarFrame) -> Double {
        let b = blocks(frame)
        return b.map(ColourDifference.saturation(ofBT709Codes:)).reduce(0, +) / Double(b.count)
    }

    /// A one-clip (or one-photo) story's frame at 0.1 s.
    static func render(_ path: String, in fixture: RenderFixture) throws -> PlanarFrame {
        let item: [String: Any] = path.hasSuffix(".mp4") ? ["path": path] : ["path": path, "duration": 1.0]
        let c = try fixture.compositor(["lenta": 1, "defaults": ["fit": "fill", "kenBurns": "none"], "items": [item]],
                                       preset: RenderFixture.preset(width: width, height: height))
        return try c.frame(3)
    }

    /// SMPTE HD colour bars, as an SDR BT.709 clip (lossless) and through zscale to HDR.
    static let bars = "smptehdbars=s=\(width)x\(height):d=0.5:r=10,format=yuv444p"
    static let toLinear = "zscale=tin=709:pin=709:min=709:rin=tv:t=linear:p=709:npl=203,format=gbrpf32le"

    static func sdrClip(_ fixture: RenderFixture) throws -> String {
        try AudioFixtures.runFFmpeg(["-f", "lavfi", "-i", bars, "-vf", "format=yuv420p", "-c:v", "libx264", "-qp", "0",
                                     "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", fixture.folder.path("sdr.mp4")])
        return "sdr.mp4"
    }

    /// - Parameter scale: the clip's size in story sizes (2: a clip the reader halves).
    static func hdrClip(_ fixture: RenderFixture, transfer: String, scale: Int = 1) throws -> String {
        let name = "\(transfer)-\(scale)x.mp4"
        let bars = "smptehdbars=s=\(width * scale)x\(height * scale):d=0.5:r=10,format=yuv444p"
        try AudioFixtures.runFFmpeg([
            "-f", "lavfi", "-i", bars,
            "-vf", "\(toLinear),zscale=t=\(transfer):p=2020:m=2020_ncl:r=tv:npl=203,format=yuv420p10le",
            "-c:v", "libx265", "-x265-params", "lossless=1:log-level=error",
            "-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc", "-color_range", "tv",
            fixture.folder.path(name),
        ])
        return name
    }

    @Test("CIEDE2000 matches Sharma's reference pairs")
    func ciede2000Reference() {
        #expect(abs(ColourDifference.ciede2000(SIMD3(50, 2.6772, -79.7751), SIMD3(50, 0, -82.7485)) - 2.0425) < 0.0005)
        #expect(abs(ColourDifference.ciede2000(SIMD3(50, -1.3802, -84.2814), SIMD3(50, 0, -82.7485)) - 1.0000) < 0.0005)
        #expect(abs(ColourDifference.ciede2000(SIMD3(2.0776, 0.0795, -1.1350), SIMD3(0.9033, -0.0636, -0.5514)) - 0.9082) < 0.0005)
    }

    @Test("an HLG and a PQ clip of SDR colour bars render as the bars: mean ΔE2000 ≤ 5, saturation within 10 %", arguments: ["arib-std-b67", "smpte2084"])
    func hdrClipLooksLikeItsSDRPicture(transfer: String) throws {
        let fixture = try RenderFixture()
        let sdr = try Self.render(try Self.sdrClip(fixture), in: fixture)
        let hdrPath = try Self.hdrClip(fixture, transfer: transfer)
        let metadata = try fixture.story(["lenta": 1, "items": [["path": hdrPath]]]).items[0].metadata
        #expect(metadata.colour?.bitDepth == 10)
        #expect(metadata.colour?.primaries == .bt2020)
        #expect(metadata.colour?.transfer == (transfer == "smpte2084" ? .pq : .hlg))
        let hdr = try Self.render(hdrPath, in: fixture)
        let deltaE = Self.meanDeltaE(sdr, hdr)
        let saturation = (sdr: Self.meanSaturation(sdr), hdr: Self.meanSaturation(hdr))
        #expect(deltaE <= 5, "mean ΔE2000 \(deltaE)")
        #expect(abs(saturation.hdr - saturation.sdr) <= 0.1 * saturation.sdr, "saturation \(saturation)")
        // The 75 % red bar stays red (it came out brick-brown when the codes were read as BT.709).
        let red = ColourChart.rgb(ColourChart.mean(hdr, x: 218..<240, y: 20..<60))
        #expect(red.x > 0.6 && red.y < 0.15 && red.z < 0.15, "red bar \(red)")
    }

    @Test("an HLG clip twice the story's size, halved by the reader at its 10 bits, renders as the bars too")
    func halvedHLGClipLooksLikeItsSDRPicture() throws {
        let fixture = try RenderFixture()
        let sdr = try Self.render(try Self.sdrClip(fixture), in: fixture)
        let hdrPath = try Self.hdrClip(fixture, transfer: "arib-std-b67", scale: 2)
        let reader = try VideoReader(path: fixture.folder.path(hdrPath))
        reader.scale = 0.5
        guard case .deep(let halved) = try reader.picture(at: Rational(1, 10)) else {
            Issue.record("the halved picture lost its 10 bits")
            return
        }
        #expect(halved.width == Self.width && halved.height == Self.height)
        let hdr = try Self.render(hdrPath, in: fixture)
        let deltaE = Self.meanDeltaE(sdr, hdr)
        let saturation = (sdr: Self.meanSaturation(sdr), hdr: Self.meanSaturation(hdr))
        #expect(deltaE <= 5, "mean ΔE2000 \(deltaE)")
        #expect(abs(saturation.hdr - saturation.sdr) <= 0.1 * saturation.sdr, "saturation \(saturation)")
    }

    @Test("HDR highlights above reference white are compressed, not clipped: brighter stays brighter up to SDR's headroom")
    func highlightsRollOff() {
        let conversion = ColourConversion(source: ColourDescription(matrix: .bt2020NCL, fullRange: false, primaries: .bt2020, transfer: .pq, bitDepth: 10))
        func out(_ nits: Double) -> Double { conversion.toWorking(SIMD3(repeating: ColourSpaces.pqEncode(nits))).x }
        #expect(abs(out(203) - 1) < 1e-6)
        #expect(abs(out(100) - pow(100.0 / 203, 1 / 2.4)) < 1e-6)
        #expect(out(400) > out(203) + 0.01 && out(1000) > out(400) && out(4000) > out(1000))
        #expect(out(10000) <= ColourConversion.sdrPeakSignal + 1e-9)
    }

    @Test("a full-range BT.601 clip renders its primaries within 3 code values")
    func fullRangeBT601Primaries() throws {
        let fixture = try RenderFixture()
        // Red, green, blue, white bars; converted to full-range BT.601 Y'CbCr by libswscale.
        let input = "color=c=red:s=80x180:d=0.5:r=10[r];color=c=0x00FF00:s=80x180:d=0.5:r=10[g];color=c=blue:s=80x180:d=0.5:r=10[b];color=c=white:s=80x180:d=0.5:r=10[w];[r][g][b][w]hstack=4"
        try AudioFixtures.runFFmpeg(["-f", "lavfi", "-i", input, "-vf", "scale=out_color_matrix=bt601:out_range=full,format=yuvj420p",
                                     "-c:v", "libx264", "-qp", "0", "-colorspace", "bt470bg", "-color_range", "pc",
                                     fixture.folder.path("601.mp4")])
        // The range is in the H.264 stream only (no colr box): the opened stream says it.
        let colour = try VideoReader(path: fixture.folder.path("601.mp4")).colour
        #expect(colour.matrix == .bt601 && colour.fullRange)
        let frame = try Self.render("601.mp4", in: fixture)
        let expected: [SIMD3<Double>] = [SIMD3(255, 0, 0), SIMD3(0, 255, 0), SIMD3(0, 0, 255), SIMD3(255, 255, 255)]
        for (i, want) in expected.enumerated() {
            let got = ColourChart.rgb(ColourChart.mean(frame, x: (i * 80 + 20)..<(i * 80 + 60), y: 40..<140)) * 255
            let error = (0..<3).map { abs(got[$0] - want[$0]) }.max() ?? 0
            #expect(error <= 3, "bar \(i): \(got) for \(want)")
        }
    }

    /// sRGB colours re-expressed in Display P3 (same colours, other numbers).
    static func displayP3(ofSRGB c: SIMD3<Double>) -> SIMD3<Double> {
        let linear = SIMD3(ColourSpaces.sRGBDecode(c.x), ColourSpaces.sRGBDecode(c.y), ColourSpaces.sRGBDecode(c.z))
        let p3 = ColourSpaces.primariesMatrix(from: .bt709, to: .displayP3) * linear
        return SIMD3(ColourSpaces.sRGBEncode(p3.x), ColourSpaces.sRGBEncode(p3.y), ColourSpaces.sRGBEncode(p3.z))
    }

    /// Eight bars of saturated colours, as the given numbers say.
    static func barsPicture(_ colour: (SIMD3<Double>) -> SIMD3<Double>) -> RGBAImage {
        let colours: [SIMD3<Double>] = [SIMD3(1, 0, 0), SIMD3(0, 0.8, 0), SIMD3(0, 0, 1), SIMD3(1, 1, 0), SIMD3(0, 1, 1), SIMD3(1, 0, 1),
                                        SIMD3(1, 0.5, 0), SIMD3(0.5, 0.5, 0.5)]
        var image = RGBAImage(width: width, height: height)
        for (i, c) in colours.enumerated() {
            let v = colour(c)
            let bar = RGBAImage(width: width / 8, height: height, red: UInt8((min(1, max(0, v.x)) * 255).rounded()),
                                green: UInt8((min(1, max(0, v.y)) * 255).rounded()), blue: UInt8((min(1, max(0, v.z)) * 255).rounded()))
            image.place(bar, atX: i * width / 8, y: 0)
        }
        return image
    }

    @Test("a Display P3 HEIC (nclx) is converted, not dulled: it renders as the same picture in sRGB")
    func displayP3HEICKeepsItsColours() throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.heic(Self.barsPicture { $0 }, primaries: 1, to: fixture.folder.path("srgb.heic"))
        try SyntheticMedia.heic(Self.barsPicture(Self.displayP3(ofSRGB:)), primaries: 12, to: fixture.folder.path("p3.heic"))
        let metadata = try fixture.story(["lenta": 1, "items": [["path": "p3.heic"]]]).items[0].metadata
        #expect(metadata.colour?.primaries == .displayP3 && metadata.colour?.transfer == .sRGB)
        let srgb = try Self.render("srgb.heic", in: fixture)
        let p3 = try Self.render("p3.heic", in: fixture)
        let saturation = (srgb: Self.meanSaturation(srgb), p3: Self.meanSaturation(p3))
        #expect(Self.meanDeltaE(srgb, p3) <= 2, "ΔE \(Self.meanDeltaE(srgb, p3))")
        #expect(saturation.p3 >= 0.95 * saturation.srgb, "saturation \(saturation)")
        // What "shown as if sRGB" would give: the P3 numbers are visibly duller.
        let asIfSRGB = PlanarFrame(rgba: Self.barsPicture(Self.displayP3(ofSRGB:)))
        #expect(Self.meanSaturation(asIfSRGB) < 0.93 * saturation.srgb)
    }

    @Test("a JPEG's ICC profile is recognised by its primaries: Display P3 and sRGB")
    func iccProfilesRecognised() throws {
        let p3 = Self.matrixProfile(primaries: .displayP3)
        let srgb = Self.matrixProfile(primaries: .bt709)
        #expect(try ICCProfile.description(p3).get().primaries == .displayP3)
        #expect(try ICCProfile.description(srgb).get().primaries == .bt709)
        #expect(try ICCProfile.description(p3).get().transfer == .sRGB)
        var wide = Self.matrixProfile(primaries: .bt2020)
        wide[16..<20] = ArraySlice(Array("CMYK".utf8))
        #expect(throws: (any Error).self) { try ICCProfile.description(wide).get() }
    }

    /// A minimal v2 matrix/curve profile: colorants adapted to D50, sRGB's parametric curve.
    static func matrixProfile(primaries: ColourDescription.Primaries) -> [UInt8] {
        let m = ColourSpaces.bradfordD65toD50 * ColourSpaces.rgbToXYZ(primaries)
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func fixed(_ d: Double) -> [UInt8] { be32(UInt32(bitPattern: Int32((d * 65536).rounded()))) }
        func xyz(_ c: SIMD3<Double>) -> [UInt8] { Array("XYZ ".utf8) + [0, 0, 0, 0] + fixed(c.x) + fixed(c.y) + fixed(c.z) }
        let para = Array("para".utf8) + [0, 0, 0, 0, 0, 3, 0, 0] + fixed(2.4) + fixed(1 / 1.055) + fixed(0.055 / 1.055) + fixed(1 / 12.92) + fixed(0.04045)
        let tags: [(String, [UInt8])] = [("rXYZ", xyz(m.column(0))), ("gXYZ", xyz(m.column(1))), ("bXYZ", xyz(m.column(2))),
                                         ("rTRC", para), ("gTRC", para), ("bTRC", para)]
        var body: [UInt8] = []
        var table: [UInt8] = be32(UInt32(tags.count))
        let start = 128 + 4 + 12 * tags.count
        for (sig, data) in tags {
            table += Array(sig.utf8) + be32(UInt32(start + body.count)) + be32(UInt32(data.count))
            body += data
        }
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(0..<4, with: be32(UInt32(128 + table.count + body.count)))
        header.replaceSubrange(12..<16, with: Array("mntr".utf8))
        header.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        header.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        return header + table + body
    }

    @Test("a clip whose colour description lenta cannot convert gets one warning line from validate and render")
    func unconvertibleColourWarns() throws {
        let fixture = try RenderFixture()
        try AudioFixtures.runFFmpeg(["-f", "lavfi", "-i", "testsrc2=s=320x180:d=0.5:r=10", "-pix_fmt", "yuv420p", "-c:v", "libx264",
                                     "-color_primaries", "bt709", "-color_trc", "log100", "-colorspace", "bt709",
                                     fixture.folder.path("log.mp4")])
        let story = try fixture.project(["lenta": 1, "items": [["path": "log.mp4"]]])
        let result = try LentaCLI.run(["validate", story])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = (result.stdout + result.stderr).split(separator: "\n").filter { $0.contains("colour:") }
        #expect(lines.count == 1, "\(result.stdout)\(result.stderr)")
        #expect(lines.first?.contains("items[0].path: warning: colour: lenta cannot convert H.273 transfer 9; shown as BT.709 SDR 8-bit") == true,
                "\(lines)")
    }

    @Test("an HLG output preset keeps HDR: HEVC Main 10, BT.2020 HLG tags and HDR metadata, SDR white at 75 % HLG")
    func hlgOutput() throws {
        let fixture = try RenderFixture()
        let white = try fixture.solidPhoto("white.png", 255, 255, 255)
        let story = try fixture.project(["lenta": 1, "items": [["path": white, "duration": 1.0, "kenBurns": "none"]]])
        var preset = try PresetLibrary.standard.outputPreset(named: "landscape-4k-hlg")
        #expect(preset.colour.transfer == .hlg && preset.colour.primaries == .bt2020)
        preset.width = 320
        preset.height = 180
        preset.video.preset = "ultrafast"
        let renderer = try StorySetup.renderer(story: try fixture.story(try Data(contentsOf: URL(fileURLWithPath: story))), preset: preset,
                                               threads: 2)
        let output = fixture.folder.path("hlg.mp4")
        try renderer.render(to: output, encoderThreads: 2)
        let reader = try VideoReader(path: output)
        #expect(reader.colour.transfer == .hlg && reader.colour.primaries == .bt2020 && reader.colour.matrix == .bt2020NCL)
        guard case .deep(let frame) = try reader.picture(at: Rational(1, 2)) else {
            Issue.record("the HLG story is not 10-bit")
            return
        }
        let meanY = Double(frame.y.reduce(0) { $0 + Int($1) }) / Double(frame.y.count)
        // SDR white at reference white: 75 % HLG, code 64 + 0.75 × 876 = 721 (8-bit working precision: ±4).
        #expect(abs(meanY - 721) <= 6, "mean Y' \(meanY)")
        try AudioFixtures.runTool("ffprobe", ["-v", "error", "-show_streams", "-of", "json", "-o", fixture.folder.path("probe.json"), output])
        let probe = try String(contentsOfFile: fixture.folder.path("probe.json"), encoding: .utf8)
        #expect(probe.contains("Mastering display metadata") && probe.contains("Content light level metadata"), "\(probe)")
        #expect(probe.contains("\"profile\": \"Main 10\""), "\(probe)")
    }
}

@Suite(.enabled(if: AudioFixtures.hasFFmpeg, "needs the ffmpeg CLI"))
struct PQOutputTests {
    @Test("a PQ output preset keeps HDR10: HEVC Main 10, BT.2020 PQ tags, mastering display and content light level read back by libavformat, SDR white at 203 cd/m²")
    func pqOutput() throws {
        let fixture = try RenderFixture()
        let white = try fixture.solidPhoto("white.png", 255, 255, 255)
        let story = try fixture.project(["lenta": 1, "items": [["path": white, "duration": 1.0, "kenBurns": "none"]]])
        var preset = try PresetLibrary.standard.outputPreset(named: "landscape-4k-pq")
        #expect(preset.colour.transfer == .pq && preset.colour.primaries == .bt2020 && preset.video.profile == "main10")
        preset.width = 320
        preset.height = 180
        preset.video.preset = "ultrafast"
        let renderer = try StorySetup.renderer(story: try fixture.story(try Data(contentsOf: URL(fileURLWithPath: story))), preset: preset,
                                               threads: 2)
        let output = fixture.folder.path("pq.mp4")
        try renderer.render(to: output, encoderThreads: 2)
        // The tags, as libavformat reads them from the stream and the MP4.
        let reader = try VideoReader(path: output)
        #expect(reader.colour.transfer == .pq && reader.colour.primaries == .bt2020 && reader.colour.matrix == .bt2020NCL
                && !reader.colour.fullRange, "\(reader.colour)")
        let hdr = try StreamHDRMetadata.read(path: output)
        #expect(hdr.maxLuminance.map { abs($0 - 1000) < 0.5 } == true, "\(hdr)")
        #expect(hdr.minLuminance.map { $0 > 0 && $0 < 0.01 } == true, "\(hdr)")
        let bt2020 = ColourSpaces.chromaticities(.bt2020)
        #expect(hdr.primaries.map { zip($0, bt2020).allSatisfy { abs($0.x - $1.x) < 1e-3 && abs($0.y - $1.y) < 1e-3 } } == true, "\(hdr)")
        #expect(hdr.maxCLL == 1000 && hdr.maxFALL == 400, "\(hdr)")
        guard case .deep(let frame) = try reader.picture(at: Rational(1, 2)) else {
            Issue.record("the PQ story is not 10-bit")
            return
        }
        let meanY = Double(frame.y.reduce(0) { $0 + Int($1) }) / Double(frame.y.count)
        // SDR white at reference white, 203 cd/m²: PQ 0.581, code 64 + 0.581 × 876 ≈ 573 (8-bit working precision).
        let expected = 64 + ColourSpaces.pqEncode(ColourSpaces.referenceWhite) * 876
        #expect(abs(meanY - expected) <= 6, "mean Y' \(meanY), expected \(expected)")
        // An SDR story carries no HDR metadata.
        var sdr = try PresetLibrary.standard.outputPreset(named: "landscape-1080p")
        sdr.width = 320
        sdr.height = 180
        let sdrOutput = fixture.folder.path("sdr.mp4")
        try StorySetup.renderer(story: try fixture.story(try Data(contentsOf: URL(fileURLWithPath: story))), preset: sdr, threads: 2)
            .render(to: sdrOutput, encoderThreads: 2)
        #expect(try StreamHDRMetadata.read(path: sdrOutput) == StreamHDRMetadata())
    }
}
