import CFFmpeg
import CHeif

/// A HEIF tile grid decoded one tile at a time, each tile averaged down by a whole factor into
/// one reduced picture as soon as it is decoded: what a grid costs is the reduced picture and
/// one tile (a 200-megapixel photo for a 1080p story: some 5 MB, against 900 MB for libheif's
/// whole decode). The factor is the largest power of two that divides the tiles' chroma size
/// (so no average straddles two tiles) and still leaves at least the pixels asked for; the
/// exact size is made after, by the photo decoder's area filter, as for a whole decode.
/// Codes are kept as the tiles store them (8-bit, or a deeper image's own bits when asked).
struct HeifTiledPicture {
    /// yuv420p, or yuv420pNNle for a deep picture: the stored picture (before `irot`) reduced.
    let frame: CodecFrame
    let bits: Int
    /// Whether libheif decoded the tiles: it stretches a limited-range image to full range as it
    /// decodes to Y'CbCr, where libavcodec's tiles are the codes as coded.
    private let stretchedToFullRange: Bool

    /// Whether the picture's codes are full range, when the file's `nclx` says `coded`.
    func fullRange(coded: Bool) -> Bool { coded || stretchedToFullRange }

    /// The whole factor a `width × height` grid of `tileWidth × tileHeight` tiles is reduced
    /// by to keep at least twice `target`'s pixels each way (so the area filter that makes
    /// `target` after has the detail, and the chroma, a whole decode would give it).
    static func factor(_ grid: HeifTileGrid, target: (Int, Int)) -> Int {
        let room = max(1, min(grid.width / max(1, 2 * target.0), grid.height / max(1, 2 * target.1)))
        var k = 1
        while k * 2 <= room, (grid.tileWidth / 2) % (k * 2) == 0, (grid.tileHeight / 2) % (k * 2) == 0 { k *= 2 }
        return k
    }

    /// Peak bytes of a decode that keeps at least `target` pixels: the reduced planes, one tile
    /// decoded (libheif's planes and its decoder's pictures, counted three times over) and the
    /// reduction to `target` after (its R'G'B' and Y'CbCr pictures).
    static func peakBytes(_ grid: HeifTileGrid, target: (Int, Int), deep: Bool) -> Int {
        let k = factor(grid, target: target), sample = deep ? 2 : 1
        let reduced = ((grid.width + k - 1) / k) * ((grid.height + k - 1) / k)
        let tile = grid.tileWidth * grid.tileHeight
        return (reduced * 3 / 2 + tile * 9 / 2 + target.0 * target.1 * 9 / 2) * sample
    }

    /// One decoded tile's planes (Y, Cb, Cr: codes, stride in bytes, size) and the bits of its codes.
    private struct TilePlanes {
        var planes: [(pixels: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int)]
        var bits: Int
    }

    /// Decodes every tile of `grid` (row by row) into a picture reduced by `factor(grid, target:)`:
    /// HEVC tiles of one configuration by libavcodec (`HeifTileHEVCDecoder`; the same pictures
    /// as libheif's libde265, in about half the time), any other by libheif. The first tile
    /// decides; every other must come out alike.
    /// - Parameter forAnalysis: decode without loop filters (a picture to measure, never one to show).
    init(_ grid: HeifTileGrid, path: String, target: (Int, Int), deep: Bool, forAnalysis: Bool = false) throws {
        let k = Self.factor(grid, target: target)
        let width = (grid.width + k - 1) / k, height = (grid.height + k - 1) / k
        var hevc = try grid.hevcConfiguration.map {
            try HeifTileHEVCDecoder(configuration: $0, width: grid.tileWidth, height: grid.tileHeight, skipLoopFilter: forAnalysis,
                                    path: path)
        }
        var frame: CodecFrame?
        var bits = 0
        for index in grid.tiles.indices {
            // Gives the tile's planes to `body` while they are alive.
            func withTile(_ body: (TilePlanes) throws -> Void) throws {
                if let decoder = hevc {
                    let decoded = try decoder.decode(grid.codedTile(index), tile: index)
                    let f = decoded.pointer.pointee
                    let planes = (0..<3).compactMap { plane -> (UnsafePointer<UInt8>, Int, Int, Int)? in
                        let data = withUnsafeBytes(of: f.data) { $0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)[plane] }
                        let stride = withUnsafeBytes(of: f.linesize) { Int($0.bindMemory(to: Int32.self)[plane]) }
                        guard let data else { return nil }
                        return (UnsafePointer(data), stride, plane == 0 ? decoded.width : (decoded.width + 1) / 2,
                                plane == 0 ? decoded.height : (decoded.height + 1) / 2)
                    }
                    if let tileBits = HeifTileHEVCDecoder.bits(of: decoded.format), tileBits == 8 || deep, planes.count == 3 {
                        return try body(TilePlanes(planes: planes.map { ($0.0, $0.1, $0.2, $0.3) }, bits: tileBits))
                    }
                    guard frame == nil else {
                        throw MediaError("decode HEIF tile", path: path, reason: "tile \(index + 1) is not 4:2:0 like the first")
                    }
                    // Another layout than 4:2:0, or deeper than asked: libheif converts, every tile.
                    hevc = nil
                }
                let tile = try HeifContext(bytes: grid.tileFile(index), path: path).primaryImage().decodeYCbCr420(keepingDepth: deep)
                var planes: [(pixels: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int)] = []
                for channel in [heif_channel_Y, heif_channel_Cb, heif_channel_Cr] {
                    guard let source = tile.readOnlyPlane(channel) else {
                        throw MediaError("decode HEIF tile", path: path, reason: "tile \(index + 1) of \(grid.tiles.count) has no plane to read")
                    }
                    planes.append((source.pixels, source.stride, tile.width(of: channel), tile.height(of: channel)))
                }
                try withExtendedLifetime(tile) { try body(TilePlanes(planes: planes, bits: max(8, tile.bits(of: heif_channel_Y)))) }
            }
            try withTile { tile in
                if frame == nil {
                    bits = tile.bits
                    let format = bits == 8 ? AV_PIX_FMT_YUV420P : HeifPicture.deepFormat(bits: bits)
                    guard let format else { throw MediaError("decode HEIF tile", path: path, reason: "\(bits)-bit planes are not supported") }
                    frame = try CodecFrame.video(width: width, height: height, format: format, path: path)
                }
                guard let frame, tile.bits == bits else {
                    throw MediaError("decode HEIF tile", path: path, reason: "tile \(index + 1) has \(tile.bits)-bit planes, the first \(bits)-bit")
                }
                let x = (index % grid.columns) * grid.tileWidth, y = (index / grid.columns) * grid.tileHeight
                for (plane, source) in tile.planes.enumerated() {
                    let luma = plane == 0
                    // The part of the tile inside the picture (the grid's last row and column may overhang).
                    let imageWidth = luma ? grid.width : (grid.width + 1) / 2, imageHeight = luma ? grid.height : (grid.height + 1) / 2
                    let left = luma ? x : x / 2, top = luma ? y : y / 2
                    let w = min(luma ? grid.tileWidth : grid.tileWidth / 2, imageWidth - left)
                    let h = min(luma ? grid.tileHeight : grid.tileHeight / 2, imageHeight - top)
                    guard source.width >= w, source.height >= h else {
                        throw MediaError("decode HEIF tile", path: path,
                                         reason: "tile \(index + 1) of \(grid.tiles.count) is smaller than the grid's \(grid.tileWidth)×\(grid.tileHeight)")
                    }
                    let f = frame.pointer.pointee
                    guard let destination = withUnsafeBytes(of: f.data, { $0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)[plane] }) else {
                        throw MediaError("decode HEIF tile", path: path, reason: "no plane to reduce into")
                    }
                    let stride = withUnsafeBytes(of: f.linesize) { Int($0.bindMemory(to: Int32.self)[plane]) }
                    Self.average(source.pixels, sourceStride: source.stride, width: w, height: h, into: destination,
                                 stride: stride, at: (left / k, top / k), factor: k, codeBytes: bits == 8 ? 1 : 2)
                }
            }
        }
        guard let frame else { throw MediaError("decode HEIF image", path: path, reason: "the grid has no tiles") }
        self.frame = frame
        self.bits = bits
        stretchedToFullRange = hevc == nil
    }

    /// Averages each `factor × factor` block of a `width × height` plane of codes of
    /// `codeBytes` bytes (1, or 2 little-endian; strides in bytes) — blocks cut short at its
    /// right and bottom edges average what they hold — into one code at `at` onwards.
    private static func average(_ source: UnsafePointer<UInt8>, sourceStride: Int, width: Int, height: Int,
                                into destination: UnsafeMutablePointer<UInt8>, stride: Int, at origin: (x: Int, y: Int),
                                factor k: Int, codeBytes: Int) {
        let outWidth = (width + k - 1) / k, outHeight = (height + k - 1) / k
        var sums = [UInt64](repeating: 0, count: outWidth)
        sums.withUnsafeMutableBufferPointer { sums in
            for oy in 0..<outHeight {
                let rows = min(k, height - oy * k)
                for i in 0..<outWidth { sums[i] = 0 }
                for r in 0..<rows {
                    let line = source + (oy * k + r) * sourceStride
                    if codeBytes == 1 {
                        for x in 0..<width { sums[x / k] &+= UInt64(line[x]) }
                    } else {
                        for x in 0..<width { sums[x / k] &+= UInt64(line[2 * x]) | UInt64(line[2 * x + 1]) << 8 }
                    }
                }
                let out = destination + (origin.y + oy) * stride + origin.x * codeBytes
                for ox in 0..<outWidth {
                    let n = UInt64(rows * min(k, width - ox * k))
                    let code = (sums[ox] + n / 2) / n
                    if codeBytes == 1 {
                        out[ox] = UInt8(truncatingIfNeeded: code)
                    } else {
                        out[2 * ox] = UInt8(truncatingIfNeeded: code)
                        out[2 * ox + 1] = UInt8(truncatingIfNeeded: code >> 8)
                    }
                }
            }
        }
    }
}
