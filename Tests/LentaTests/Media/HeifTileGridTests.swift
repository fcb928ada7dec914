import Foundation
import Testing
@testable import LentaCore
@testable import LentaMedia
import LentaTestSupport

/// A HEIC grid (as phones store large photos) decoded a tile at a time gives the picture
/// libheif's whole decode gives, at any size, turned as its `irot` says.
@Suite struct HeifTileGridTests {
    /// A `columns × rows` grid of `tile`-sized HEVC tiles cropped to `size`, each tile encoded
    /// on its own by libheif from its part of one picture (so a tile put in the wrong place
    /// shows), the grid turned by `quarterTurns` (irot).
    static func writeGrid(size: (Int, Int), tile: (Int, Int), quarterTurns: Int = 0, to path: String) throws {
        let columns = (size.0 + tile.0 - 1) / tile.0, rows = (size.1 + tile.1 - 1) / tile.1
        func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            (UInt8(truncatingIfNeeded: x * 255 / size.0), UInt8(truncatingIfNeeded: y * 255 / size.1), UInt8(truncatingIfNeeded: 255 - (x + y) * 255 / (size.0 + size.1)))
        }
        var properties: [[UInt8]] = [], tileProperties: [[Int]] = [], coded: [[UInt8]] = []
        for index in 0..<(columns * rows) {
            let x0 = (index % columns) * tile.0, y0 = (index / columns) * tile.1
            let tilePath = path + ".tile.heic"
            defer { try? FileManager.default.removeItem(atPath: tilePath) }
            let context = try HeifContext(path: tilePath)
            let encoder = try context.hevcEncoder()
            try encoder.setLossyQuality(90, path: tilePath)
            let image = try HeifImage(rgbWidth: tile.0, height: tile.1, path: tilePath)
            try image.withRGBPlane { base, stride in
                for y in 0..<tile.1 { for x in 0..<tile.0 {
                    let p = pixel(min(x0 + x, size.0 - 1), min(y0 + y, size.1 - 1))
                    base[y * stride + 3 * x] = p.0; base[y * stride + 3 * x + 1] = p.1; base[y * stride + 3 * x + 2] = p.2
                } }
            }
            _ = try context.encode(image, with: encoder, options: HeifEncodingOptions(path: tilePath))
            try context.write(to: tilePath)
            let file = try RandomAccessFile(path: tilePath)
            let boxes = try #require(try HeifItemBoxes(file: file))
            let own = (boxes.associations[boxes.primary] ?? []).map { boxes.properties[$0].box }
            tileProperties.append(own.indices.map { properties.count + $0 + 1 })
            properties += own
            coded.append(try #require(try boxes.data(of: boxes.primary, file: file, limit: 1 << 24)))
        }
        func be(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * (n - 1 - $0))) } }
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be(8 + payload.count, 4) + Array(type.utf8) + payload }
        func fullBox(_ type: String, _ version: UInt8, _ flags: Int, _ payload: [UInt8]) -> [UInt8] { box(type, [version] + be(flags, 3) + payload) }
        let tiles = columns * rows, grid = 1
        properties.append(fullBox("ispe", 0, 0, be(size.0, 4) + be(size.1, 4)))
        var gridProperties = [properties.count]
        if quarterTurns != 0 { properties.append(box("irot", [UInt8(quarterTurns)])); gridProperties.append(properties.count) }
        let ftyp = box("ftyp", Array("heic".utf8) + be(0, 4) + Array("mif1heic".utf8))
        let hdlr = fullBox("hdlr", 0, 0, be(0, 4) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = fullBox("pitm", 0, 0, be(grid, 2))
        let infes = [fullBox("infe", 2, 0, be(grid, 2) + be(0, 2) + Array("grid".utf8) + [0])]
            + (0..<tiles).map { fullBox("infe", 2, 1, be(2 + $0, 2) + be(0, 2) + Array("hvc1".utf8) + [0]) }
        let iinf = fullBox("iinf", 0, 0, be(infes.count, 2) + infes.flatMap { $0 })
        let iref = fullBox("iref", 0, 0, box("dimg", be(grid, 2) + be(tiles, 2) + (0..<tiles).flatMap { be(2 + $0, 2) }))
        let descriptor: [UInt8] = [0, 0, UInt8(rows - 1), UInt8(columns - 1)] + be(size.0, 2) + be(size.1, 2)
        let idat = box("idat", descriptor)
        var ipma = be(tiles + 1, 4) + be(grid, 2) + [UInt8(gridProperties.count)] + gridProperties.map { UInt8(0x80 | $0) }
        for t in 0..<tiles { ipma += be(2 + t, 2) + [UInt8(tileProperties[t].count)] + tileProperties[t].map { UInt8(0x80 | $0) } }
        let iprp = box("iprp", box("ipco", properties.flatMap { $0 }) + fullBox("ipma", 0, 0, ipma))
        func iloc(_ mdat: Int) -> [UInt8] {
            var entries = be(grid, 2) + be(1, 2) + be(0, 2) + be(1, 2) + be(0, 4) + be(descriptor.count, 4)
            var offset = mdat
            for t in 0..<tiles {
                entries += be(2 + t, 2) + be(0, 2) + be(0, 2) + be(1, 2) + be(offset, 4) + be(coded[t].count, 4)
                offset += coded[t].count
            }
            return fullBox("iloc", 1, 0, [0x44, 0x00] + be(tiles + 1, 2) + entries)
        }
        func meta(_ mdat: Int) -> [UInt8] { fullBox("meta", 0, 0, hdlr + pitm + iloc(mdat) + iinf + iref + idat + iprp) }
        let head = ftyp.count + meta(0).count + 8
        let bytes = ftyp + meta(head) + box("mdat", coded.flatMap { $0 })
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    }

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("lenta-grid-\(getpid())-\(name)").path
    }

    /// Mean and largest difference of two planes of one size.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (mean: Double, largest: Int) {
        guard a.count == b.count, !a.isEmpty else { return (.infinity, .max) }
        let d = zip(a, b).map { abs(Int($0) - Int($1)) }
        return (Double(d.reduce(0, +)) / Double(d.count), d.max() ?? 0)
    }

    @Test func aPhoneStyleGridIsReadAsTilesAndAPlainHEICIsNot() throws {
        let path = Self.temporary("layout.heic")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.writeGrid(size: (320, 160), tile: (128, 64), quarterTurns: 1, to: path)
        let grid = try #require(try HeifTileGrid(path: path))
        #expect(grid.columns == 3 && grid.rows == 3 && grid.width == 320 && grid.height == 160)
        #expect(grid.tileWidth == 128 && grid.tileHeight == 64 && grid.tiles.count == 9)
        #expect(grid.orientation == PictureOrientation(exif: 8))
        let handle = try HeifContext(reading: path).primaryImage()
        #expect(handle.width == 160 && handle.height == 320, "libheif reads the same file as a turned 320×160 grid")

        let plain = Self.temporary("plain.heic")
        defer { try? FileManager.default.removeItem(atPath: plain) }
        let context = try HeifContext(path: plain)
        // (libheif writes a size that is not a multiple of 64 as a grid of one tile, cropped.)
        let image = try HeifImage(rgbWidth: 64, height: 64, path: plain)
        _ = try context.encode(image, with: context.hevcEncoder(), options: HeifEncodingOptions(path: plain))
        try context.write(to: plain)
        let notGrid = try HeifTileGrid(path: plain)
        #expect(notGrid == nil, "\(String(describing: notGrid))")
    }

    /// Phones' own grids (an iPhone's, a Nokia's, and one with a cropped last row) without a
    /// thumbnail: read as tiles, and reduced as libheif's whole decode reduces.
    @Test(.enabled(if: LentaCLI.hasCorpus, LentaCLI.noCorpus), arguments: [
        "drewnoakes-metadata-extractor-images/heic/exif-at-eof.heic", "ianare-exif-py/HMD_Nokia_8.3_5G_hdr.heif",
        "mindeng-nom-exif/exif-one-entry.heic",
    ])
    func userRenderedAPhonesGridHEIC(_ name: String) throws {
        let path = LentaCLI.corpus.appendingPathComponent(name).path
        #expect(try HeifTileGrid(path: path) != nil)
        let tiled = try PhotoDecoder(path: path).decode(scale: 0.2)
        let picture = try HeifPicture(path: path)
        let whole = try withExtendedLifetime(picture) {
            try PhotoDecoder.reduce(try picture.borrowedYUVFrame(), to: (tiled.width, tiled.height),
                                    matrix: picture.matrix, fullRange: picture.fullRange, path: path)
        }
        let luma = Self.difference(Array(tiled.y), Array(whole.y)), chroma = Self.difference(Array(tiled.u) + tiled.v, Array(whole.u) + whole.v)
        #expect(luma.mean < 1 && chroma.mean < 1, "luma \(luma), chroma \(chroma)")
    }

    /// Found by make fuzz: a grid listed among its own tiles made libheif start threads until it
    /// aborted the process (a scan or a render died); now the file is refused when it is read.
    @Test func userScannedAndRenderedAHEICWhoseGridIsMadeOfItself() throws {
        Self.expectRefusedAsMadeOfItself(LentaCLI.packageRoot.appendingPathComponent("Tests/Fuzz/seeds/media/grid-made-of-itself.heic").path)
    }

    /// Neither scanned nor decoded: refused with the reason, before libheif is asked for pixels.
    static func expectRefusedAsMadeOfItself(_ path: String) {
        #expect(throws: MediaError.self) { try MetadataProbe.read(path: path, modified: 0, now: 1.8e9) }
        do {
            _ = try HeifPicture(path: path)
            Issue.record("a grid made of itself was decoded")
        } catch let error as MediaError {
            #expect(error.reason == "image 2 is made of itself (a grid among its own tiles)", "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// The same loop in a file whose first `infe` has a damaged type (make fuzz found it: the
    /// item boxes did not parse, so the loop went unseen and libheif aborted the process).
    @Test func userScannedAndMeasuredADamagedHEICWhoseGridIsMadeOfItself() throws {
        let crasher = LentaCLI.packageRoot.appendingPathComponent("Tests/Fuzz/crashers/media/heic-grid-made-of-itself-damaged-infe")
        let bytes = try [UInt8](Data(contentsOf: crasher))
        let zero = try #require(bytes.firstIndex(of: 0))  // the fuzz case's extension, then the file
        let path = Self.temporary("damaged-infe.heic")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes[(zero + 1)...]).write(to: URL(fileURLWithPath: path))
        Self.expectRefusedAsMadeOfItself(path)
    }

    /// Whole and reduced, straight and turned: the tiles give what libheif's assembled grid gives.
    @Test(arguments: [(0, 1.0), (0, 0.25), (1, 1.0), (3, 0.5)])
    func aGridPhotoDecodedTileByTileLooksAsLibheifDecodesItWhole(quarterTurns: Int, scale: Double) throws {
        let path = Self.temporary("grid-\(quarterTurns)-\(scale).heic")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.writeGrid(size: (320, 160), tile: (128, 64), quarterTurns: quarterTurns, to: path)
        let decoder = try PhotoDecoder(path: path)
        let tiled = try decoder.decode(scale: scale)
        // libheif's own whole decode, reduced the same way.
        let picture = try HeifPicture(path: path)
        let whole = try withExtendedLifetime(picture) {
            try PhotoDecoder.reduce(try picture.borrowedYUVFrame(), to: (tiled.width, tiled.height),
                                    matrix: picture.matrix, fullRange: picture.fullRange, path: path)
        }
        #expect(tiled.width == whole.width && tiled.height == whole.height)
        let luma = Self.difference(Array(tiled.y), Array(whole.y)), chroma = Self.difference(Array(tiled.u) + tiled.v, Array(whole.u) + whole.v)
        // Identical when nothing is reduced or turned; else within what resampling in another
        // order (turned after, chroma averaged before) moves.
        let exact = scale == 1 && quarterTurns == 0
        #expect(luma.mean <= (exact ? 0 : 0.5) && luma.largest <= (exact ? 0 : 4), "luma \(luma)")
        #expect(chroma.mean <= (exact ? 0 : 0.5) && chroma.largest <= (exact ? 0 : 4), "chroma \(chroma)")
    }

    /// A grid photo without a thumbnail is measured on tiles libavcodec decodes without loop
    /// filters (the scan's cost of such a photo fell by half and more); the reduced picture is
    /// libheif's to within what deblocking moves.
    @Test func aGridIsMeasuredOnTilesLibavcodecDecodes() throws {
        let path = Self.temporary("measured-grid.heic")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.writeGrid(size: (320, 160), tile: (128, 64), to: path)
        let grid = try #require(try HeifTileGrid(path: path))
        #expect(grid.hevcConfiguration != nil, "libheif's tiles share one decoder configuration")
        let measured = try HeifTiledPicture(grid, path: path, target: (80, 40), deep: false, forAnalysis: true)
        let shown = try HeifTiledPicture(grid, path: path, target: (80, 40), deep: false)
        #expect(measured.bits == 8 && measured.frame.width == shown.frame.width && measured.frame.height == shown.frame.height)
        for plane in 0..<3 {
            let a = Self.codes(measured.frame, plane: plane), b = Self.codes(shown.frame, plane: plane)
            let d = Self.difference(a, b)
            #expect(d.mean < 1 && d.largest <= 6, "plane \(plane): \(d)")
        }
        guard case .photo(_, _, let source, _) = try QualityAnalyser.measure(path: path, metadata: try MotionPhotoTests.probe(path)).kind else {
            Issue.record("not measured as a photo")
            return
        }
        #expect(source == "heif-tiles")
    }

    /// A limited-range grid (a Nokia's: nclx says 16–235) measures as libheif's own R'G'B'
    /// conversion shows it: libheif hands its Y'CbCr tiles over already stretched to full range,
    /// which, read as limited, had a third of the shadows and highlights clipped (3.5 % clipped,
    /// 4.2 % crushed against 1 % each).
    @Test(.enabled(if: LentaCLI.hasCorpus, LentaCLI.noCorpus))
    func aLimitedRangeGridMeasuresAsLibheifShowsIt() throws {
        let path = LentaCLI.corpus.appendingPathComponent("ianare-exif-py/HMD_Nokia_8.3_5G_hdr.heif").path
        guard case .photo(let measured, _, _, _) = try QualityAnalyser.measure(path: path, metadata: try MotionPhotoTests.probe(path)).kind else {
            Issue.record("not measured as a photo")
            return
        }
        let image = try HeifContext(reading: path).primaryImage().decodeRGB(operation: "decode")
        let reference = try withExtendedLifetime(image) {
            let plane = try #require(image.readOnlyPlane(HeifPlane.interleaved))
            return PictureMeasures(AnalysisPicture(rgb: plane.pixels, width: image.width(of: HeifPlane.interleaved),
                                                   height: image.height(of: HeifPlane.interleaved), stride: plane.stride))
        }
        #expect(abs(measured.clipped - reference.clipped) < 0.01, "clipped \(measured.clipped) against \(reference.clipped)")
        #expect(abs(measured.crushed - reference.crushed) < 0.01, "crushed \(measured.crushed) against \(reference.crushed)")
        #expect(abs(measured.brightness - reference.brightness) < 0.01, "brightness \(measured.brightness) against \(reference.brightness)")
    }

    /// A limited-range HEIF renders as libheif's own R'G'B' shows it, whole (one of the Nokia's
    /// tiles as a file of its own: libheif's Y'CbCr, stretched to full range) or as a grid
    /// (libavcodec's tiles, as coded): both were some 13 codes of luma too contrasty.
    @Test(.enabled(if: LentaCLI.hasCorpus, LentaCLI.noCorpus), arguments: [false, true])
    func aLimitedRangeHEIFRendersAsLibheifShowsIt(wholeGrid: Bool) throws {
        var path = LentaCLI.corpus.appendingPathComponent("ianare-exif-py/HMD_Nokia_8.3_5G_hdr.heif").path
        let single = Self.temporary("limited-tile.heic")
        defer { try? FileManager.default.removeItem(atPath: single) }
        if !wholeGrid {
            let grid = try #require(try HeifTileGrid(path: path))
            try Data(try grid.tileFile(20)).write(to: URL(fileURLWithPath: single))
            path = single
        }
        #expect(try HeifContext(reading: path).primaryImage().colourEncoding().fullRange == false, "the file says limited range")
        let scale = wholeGrid ? 0.25 : 1.0
        let rendered = try PhotoDecoder(path: path).decode(scale: scale)
        // libheif's R'G'B', reduced to the same size, as BT.709 limited-range luma (the output's).
        let image = try HeifContext(reading: path).primaryImage().decodeRGB(operation: "decode")
        let reference: [UInt8] = try withExtendedLifetime(image) {
            let plane = try #require(image.readOnlyPlane(HeifPlane.interleaved))
            let w = image.width(of: HeifPlane.interleaved), h = image.height(of: HeifPlane.interleaved)
            let small = AnalysisPicture(rgb: plane.pixels, width: w, height: h, stride: plane.stride, side: max(rendered.width, rendered.height))
            #expect(small.width == rendered.width && small.height == rendered.height)
            return (0..<(small.width * small.height)).map { i in
                let r = Double(small.rgb[3 * i]), g = Double(small.rgb[3 * i + 1]), b = Double(small.rgb[3 * i + 2])
                return UInt8(max(16, min(235, (16 + 219 * (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255).rounded())))
            }
        }
        let d = Self.difference(Array(rendered.y), reference)
        #expect(d.mean < 1.5, "luma \(d)")
    }

    /// Plane `plane`'s 8-bit codes, row by row.
    static func codes(_ frame: CodecFrame, plane: Int) -> [UInt8] {
        let w = plane == 0 ? frame.width : (frame.width + 1) / 2, h = plane == 0 ? frame.height : (frame.height + 1) / 2
        return frame.withPlane(plane) { data, stride in (0..<h).flatMap { y in (0..<w).map { data[y * stride + $0] } } } ?? []
    }
}
