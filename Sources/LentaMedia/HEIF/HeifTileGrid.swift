/// A HEIF primary image that is a `grid` of coded tiles (as phones and cameras store large
/// photos: 512×512 HEVC tiles), with what it takes to decode one tile alone: libheif 1.15
/// decodes a grid only whole (assembled at 4:4:4 first, about 4.5 bytes a pixel at its peak) and
/// hands out no tile, so each tile is written as a standalone HEIF file in memory — the tile's
/// coded bytes and its own properties (decoder configuration, size, colour) — which libheif
/// decodes as it would have decoded that tile inside the grid.
///
/// Only what can be put back exactly is taken: a grid of `hvc1` or `av01` tiles of one even size
/// covering its output, turned by `irot` alone. A mirrored or cropped (`imir`, `clap`) grid, or
/// anything unusual, gives nil and is decoded whole by libheif.
struct HeifTileGrid {
    let rows: Int
    let columns: Int
    /// The assembled picture's size, as stored (before `irot`).
    let width: Int
    let height: Int
    let tileWidth: Int
    let tileHeight: Int
    /// Row by row.
    let tiles: [UInt32]
    /// How the stored picture is turned to show (from `irot`).
    let orientation: PictureOrientation
    private let boxes: HeifItemBoxes
    private let file: RandomAccessFile
    private let tileType: String
    private let ftyp: [UInt8]

    /// A tile's coded bytes larger than this are refused (a 512×512 HEVC tile is under 200 KB).
    static let largestTile = 64 << 20

    /// The file's primary image as a tile grid, or nil when it is not one this can decode.
    init?(path: String) throws {
        let file = try RandomAccessFile(path: path)
        guard let boxes = try HeifItemBoxes(file: file), boxes.types[boxes.primary] == "grid",
              let tiles = boxes.derivedFrom[boxes.primary], !tiles.isEmpty,
              let descriptor = try boxes.data(of: boxes.primary, file: file, limit: 64), descriptor.count >= 8 else { return nil }
        // ImageGridDescriptor: version, flags (bit 0: 32-bit sizes), rows − 1, columns − 1, width, height.
        var reader = BigEndianReader(bytes: descriptor, offset: 0, end: descriptor.count)
        guard reader.integer(1) == 0, let flags = reader.integer(1), let rows = reader.integer(1), let columns = reader.integer(1),
              let width = reader.integer(flags & 1 == 1 ? 4 : 2), let height = reader.integer(flags & 1 == 1 ? 4 : 2),
              width > 0, height > 0, Int(rows + 1) * Int(columns + 1) == tiles.count else { return nil }
        // Transformations other than a turn (mirror, crop) are left to libheif.
        let own = (boxes.associations[boxes.primary] ?? []).compactMap { boxes.properties.indices.contains($0) ? boxes.properties[$0].type : nil }
        guard !own.contains("imir"), !own.contains("clap") else { return nil }
        var quarterTurns = 0
        if let irot = boxes.properties(of: boxes.primary, type: "irot").first {
            guard let angle = irot.payload(fullBox: false).first else { return nil }
            quarterTurns = Int(angle & 3)
        }
        // Every tile one kind and one size, even (so its chroma lines up), covering the output.
        guard let tileType = boxes.types[tiles[0]], ["hvc1", "av01"].contains(tileType),
              let size = Self.spatialExtent(boxes, tiles[0]), size.width % 2 == 0, size.height % 2 == 0,
              size.width * Int(columns + 1) >= width, size.height * Int(rows + 1) >= height,
              size.width * Int(columns) < width, size.height * Int(rows) < height else { return nil }
        for tile in tiles {
            guard boxes.types[tile] == tileType, let s = Self.spatialExtent(boxes, tile), s == size, boxes.locations[tile] != nil else { return nil }
        }
        guard let ftyp = try Self.fileType(file) else { return nil }
        self.rows = Int(rows + 1)
        self.columns = Int(columns + 1)
        self.width = Int(width)
        self.height = Int(height)
        tileWidth = size.width
        tileHeight = size.height
        self.tiles = tiles
        // irot turns counter-clockwise; EXIF's 8 is a quarter turn counter-clockwise to show.
        orientation = PictureOrientation(exif: [1, 8, 3, 6][quarterTurns])
        self.boxes = boxes
        self.file = file
        self.tileType = tileType
        self.ftyp = ftyp
    }

    /// Tile `index`'s coded bytes as stored (HEVC: NAL units, each after its length).
    func codedTile(_ index: Int) throws -> [UInt8] {
        guard let coded = try boxes.data(of: tiles[index], file: file, limit: Self.largestTile) else {
            throw MediaError("read HEIF tile", path: boxes.path, reason: "tile \(index + 1) of \(tiles.count) has no readable data")
        }
        return coded
    }

    /// The tiles' HEVC decoder configuration (the `hvcC` record), when they are HEVC and all
    /// share one (as an encoder writes them); nil otherwise.
    var hevcConfiguration: [UInt8]? {
        guard tileType == "hvc1", let first = boxes.properties(of: tiles[0], type: "hvcC").first else { return nil }
        let record = Array(first.payload(fullBox: false))
        for tile in tiles.dropFirst() {
            guard let own = boxes.properties(of: tile, type: "hvcC").first, own.box == first.box else { return nil }
        }
        return record.isEmpty ? nil : record
    }

    /// Tile `index` (row by row) as a standalone HEIF file: the grid file's `ftyp`, a `meta`
    /// naming the tile its primary image with the tile's own properties (no transformation),
    /// and its coded bytes in `mdat`.
    func tileFile(_ index: Int) throws -> [UInt8] {
        let tile = tiles[index]
        let coded = try codedTile(index)
        let properties = (boxes.associations[tile] ?? []).compactMap { boxes.properties.indices.contains($0) ? boxes.properties[$0] : nil }
            .filter { !["irot", "imir", "clap"].contains($0.type) }.prefix(127)
        let hdlr = Self.fullBox("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = Self.fullBox("pitm", [0, 1])
        let infe = Self.fullBox("infe", version: 2, [0, 1, 0, 0] + Array(tileType.utf8) + [0])
        let iinf = Self.fullBox("iinf", [0, 1] + infe)
        let ipco = Self.box("ipco", properties.flatMap(\.box))
        let ipma = Self.fullBox("ipma", [0, 0, 0, 1, 0, 1, UInt8(properties.count)] + properties.indices.map { UInt8($0 - properties.startIndex + 1) })
        let iprp = Self.box("iprp", ipco + ipma)
        func iloc(_ offset: Int) -> [UInt8] {
            // version 0; 4-byte offsets and lengths; one item (1), one extent.
            Self.fullBox("iloc", [0x44, 0x00, 0, 1, 0, 1, 0, 0, 0, 1] + Self.bigEndian32(offset) + Self.bigEndian32(coded.count))
        }
        func meta(_ offset: Int) -> [UInt8] { Self.fullBox("meta", hdlr + pitm + iloc(offset) + iinf + iprp) }
        let head = ftyp.count + meta(0).count + 8
        return ftyp + meta(head) + Self.box("mdat", coded)
    }

    /// The `ispe` property of an item: its width and height.
    private static func spatialExtent(_ boxes: HeifItemBoxes, _ item: UInt32) -> Size? {
        guard let ispe = boxes.properties(of: item, type: "ispe").first else { return nil }
        let payload = Array(ispe.payload(fullBox: true))
        guard let w = payload.bigEndian32(at: 0), let h = payload.bigEndian32(at: 4), w > 0, h > 0, w <= 65_536, h <= 65_536 else { return nil }
        return Size(width: Int(w), height: Int(h))
    }

    private struct Size: Equatable { let width: Int, height: Int }

    /// The file's `ftyp` box, whole.
    private static func fileType(_ file: RandomAccessFile) throws -> [UInt8]? {
        let head = try file.read(at: 0, count: 8)
        guard head.hasPrefix("ftyp", at: 4), let size = head.bigEndian32(at: 0), size >= 16, size <= 1024 else { return nil }
        let box = try file.read(at: 0, count: Int(size))
        return box.count == size ? box : nil
    }

    private static func bigEndian32(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    private static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { bigEndian32(8 + payload.count) + Array(type.utf8) + payload }
    private static func fullBox(_ type: String, version: UInt8 = 0, _ payload: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + payload) }
}
