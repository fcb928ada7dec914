import CFFmpeg
import Foundation
import LentaCore

/// Decodes a photo once, reduced once, and turned upright: JPEG (baseline, progressive,
/// greyscale), PNG and WebP with libavcodec, CMYK/YCCK JPEG with libjpeg-turbo; HEIC/HEIF/AVIF with libheif (`irot`/`imir`
/// applied by libheif; a tile grid decoded a tile at a time by `HeifTiledPicture`, its `irot`
/// applied here). JPEGs are decoded at 1/2, 1/4 or 1/8 of their size (libavcodec's `lowres`)
/// when that still leaves enough pixels, so a 50-megapixel photo costs what the story shows of
/// it, not 50 megapixels; a HEIC grid costs its reduced picture and one tile.
///
/// The result is BT.709 limited-range 4:2:0, the output's format, so photos and video clips mix.
public struct PhotoDecoder: Sendable {
    public let path: String
    public let format: MediaFormat
    /// How the stored pixels are turned to show (identity for HEIF, where libheif turns them).
    public let orientation: PictureOrientation
    /// The size as shown, upright.
    public let width: Int
    public let height: Int
    /// The photo's colour description (its ICC profile or `nclx` box); its pixels come out as
    /// BT.709 limited Y'CbCr of its own R'G'B', for the item's colour table to convert.
    public let colour: ColourDescription
    /// Bytes the decoder holds at any scale (a progressive JPEG's coefficients).
    let held: Int

    /// A reducer of the caller's own for decoded 8-bit Y'CbCr planes: `size` (as stored) in
    /// BT.709 limited 4:2:0 of the photo's own R'G'B', as `reduce` makes with libswscale.
    package typealias PlaneReducer = (_ planes: BorrowedPlanes, _ size: (width: Int, height: Int)) -> PlanarFrame

    /// Reads what the photo is and how it is turned, from its headers (`MetadataProbe`).
    public init(path: String) throws {
        guard case .media(let metadata) = try MetadataProbe.read(path: path, modified: 0, now: Date().timeIntervalSince1970) else {
            throw MediaError("decode photo", path: path, reason: "not a photo")
        }
        try self.init(path: path, metadata: metadata)
    }

    /// A decoder for the photo at `path`, from what its headers were already found to say
    /// (a resolved story's item): nothing is read until `decode`.
    public init(path: String, metadata: MediaMetadata) throws {
        self.path = path
        guard metadata.kind == .photo else { throw MediaError("decode photo", path: path, reason: "a video, not a photo") }
        guard let w = metadata.width, let h = metadata.height, w > 0, h > 0 else {
            throw MediaError("decode photo", path: path, reason: "the picture size is unknown")
        }
        format = metadata.format
        let byLibheif = format == .heif || format == .avif
        orientation = byLibheif ? .upright : PictureOrientation(exif: metadata.orientation)
        width = w
        height = h
        colour = metadata.colour ?? .sRGB
        held = metadata.heldDecodeBytes ?? 0
    }

    /// The picture upright, reduced to `scale` of its size (at most 1; at least one pixel).
    /// The reduction is done once, with libswscale's area filter (lanczos when enlarging is
    /// never asked for), from the smallest decoded size that still holds enough pixels.
    /// As `decode(scale:)`, as a source picture for the colour table: a deeper HEIF/AVIF (10-bit
    /// HDR photos, PQ or HLG) keeps its bits — 10-bit BT.709 limited Y'CbCr of its own R'G'B' —
    /// so the table tone-maps its highlights from full precision, unless keeping them would
    /// cost more than the memory budget (then it is read at 8 bits, as `decode` reads it).
    public func decodePicture(scale: Double) throws -> SourcePicture {
        try decodePictures(scales: [scale])[0]
    }

    /// The picture reduced to each of `scales` (one picture per scale, in order), each exactly
    /// what `decodePicture(scale:)` makes: the shapes of a story rendered in one pass share a
    /// photo's decode (one per JPEG reduction level among them; one for other formats; a tile
    /// grid is decoded by tiles for each).
    public func decodePictures(scales: [Double]) throws -> [SourcePicture] {
        try decodePictures(scales: scales, reducer: nil)
    }

    /// As `decodePictures(scales:)`.
    /// - Parameter reducer: reduces 8-bit Y'CbCr decodes of JPEGs (and WebP) instead of libswscale
    ///   (the renderer's own resampler); HEIF/AVIF, R'G'B', CMYK and deeper decodes keep
    ///   libswscale (on HEIC the new path moved `ColourSpaceTests`' Display P3 saturation ratio
    ///   from 0.9506 to 0.9493, under its 0.95: to be looked at before HEIC takes it).
    package func decodePictures(scales: [Double], reducer: PlaneReducer?) throws -> [SourcePicture] {
        guard !scales.isEmpty else { return [] }
        if let grid = tileGrid() {
            return try scales.map { try decodeTiles(grid, shown: targetSize(scale: $0), deep: colour.bitDepth > 8) }
        }
        if (format == .heif || format == .avif) && colour.bitDepth > 8,
           PhotoMemoryBudget.decodeBytes(format: format, width: width, height: height) * 2 <= PhotoMemoryBudget.maximumBytes {
            let sizes = scales.map(targetSize(scale:))
            let bytes = PhotoMemoryBudget.decodeBytes(format: format, width: width, height: height) * 2
            let pictures: [SourcePicture] = try PhotoMemoryBudget.gate.withReservation(bytes) {
                defer { if bytes >= PhotoMemoryBudget.trimAbove { PhotoMemoryBudget.returnFreedMemory() } }
                let picture = try HeifPicture(path: path, deep: true)
                defer { picture.release() }
                return try withExtendedLifetime(picture) {
                    let source = try picture.borrowedYUVFrame()
                    return try sizes.map { size -> SourcePicture in
                        guard picture.bits > 8 else {
                            return .eightBit(try Self.reduce(source, to: size, matrix: picture.matrix, fullRange: picture.fullRange, path: path))
                        }
                        let frame = try Self.convert(source, to: size, format: AV_PIX_FMT_YUV420P10LE, matrix: picture.matrix,
                                                     fullRange: picture.fullRange, path: path)
                        guard let deep = frame.deepPlanarFrame() else {
                            throw MediaError("convert picture", path: path, reason: "libswscale gave no 10-bit 4:2:0 picture")
                        }
                        return .deep(deep)
                    }
                }
            }
            return pictures.map { orientation.apply(to: $0) }
        }
        return try decode(scales: scales, reducer: reducer).map { .eightBit($0) }
    }

    /// The size a decode at `scale` makes, as stored (before the orientation turns it).
    private func targetSize(scale: Double) -> (Int, Int) {
        let scale = min(1, max(scale, 1e-4))
        let targetWidth = max(1, Int((Double(width) * scale).rounded()))
        let targetHeight = max(1, Int((Double(height) * scale).rounded()))
        return orientation.swapsAxes ? (targetHeight, targetWidth) : (targetWidth, targetHeight)
    }

    public func decode(scale: Double) throws -> PlanarFrame {
        try decode(scales: [scale])[0]
    }

    /// As `decode(scale:)` for each of `scales`, each exactly what `decode(scale:)` makes: the
    /// scales that decode at the same JPEG reduction (`lowres`; every scale, for other formats)
    /// share one decode, reduced to each of their sizes.
    public func decode(scales: [Double]) throws -> [PlanarFrame] {
        try decode(scales: scales, reducer: nil)
    }

    package func decode(scales: [Double], reducer: PlaneReducer?) throws -> [PlanarFrame] {
        if let grid = tileGrid() {
            return try scales.map {
                guard case .eightBit(let picture) = try decodeTiles(grid, shown: targetSize(scale: $0), deep: false) else {
                    throw MediaError("decode HEIF image", path: path, reason: "libheif kept a deep picture deep")
                }
                return picture
            }
        }
        let levels = try scales.map(reduction(scale:))
        var pictures = [PlanarFrame?](repeating: nil, count: scales.count)
        for lowres in Set(levels).sorted() {
            let indices = levels.indices.filter { levels[$0] == lowres }
            let sizes = indices.map { targetSize(scale: scales[$0]) }
            let bytes = PhotoMemoryBudget.decodeBytes(format: format, width: width, height: height, lowres: lowres) + held
            let planar: [PlanarFrame] = try PhotoMemoryBudget.gate.withReservation(bytes) {
                // What a large decode freed goes back to the system before the next one starts
                // (the decoders' threads would otherwise keep it in their malloc arenas).
                defer { if bytes >= PhotoMemoryBudget.trimAbove { PhotoMemoryBudget.returnFreedMemory() } }
                if format == .heif || format == .avif { return try decodeHeif(sizes: sizes) }
                return try decodeWithLibavcodec(sizes: sizes, lowres: lowres, reducer: reducer)
            }
            for (index, picture) in zip(indices, planar) { pictures[index] = orientation.apply(to: picture) }
        }
        return try pictures.map { picture in
            guard let picture else { throw MediaError("decode photo", path: path, reason: "a reduction was not made") }
            return picture
        }
    }

    /// The JPEG reduction (`lowres`) a decode at `scale` uses: 1/2^lowres of the size, as long as
    /// it still holds the pixels wanted — and as much smaller as the memory budget asks.
    private func reduction(scale: Double) throws -> Int {
        let scale = min(1, max(scale, 1e-4))
        let wanted = format == .jpeg ? max(0, min(3, Int(floor(log2(1 / scale) + 1e-9)))) : 0
        let largest = PhotoMemoryBudget.largestReduction(format)
        guard let lowres = (wanted...max(wanted, largest)).first(where: {
            PhotoMemoryBudget.decodeBytes(format: format, width: width, height: height, lowres: $0) <= PhotoMemoryBudget.maximumBytes - held
        }) else {
            throw MediaError("decode photo", path: path,
                             reason: PhotoMemoryBudget.refusal(format: format, width: width, height: height, held: held) ?? "too large to decode")
        }
        return lowres
    }

    /// The photo's tile grid when it is a HEIF one `HeifTiledPicture` can decode (else it is
    /// decoded whole by libheif, which also says what is wrong with a damaged file).
    private func tileGrid() -> HeifTileGrid? {
        guard format == .heif || format == .avif else { return nil }
        return try? HeifTileGrid(path: path)
    }

    /// A tile grid decoded tile by tile into `shown` (the size as shown) and turned upright
    /// (the grid's `irot`, which libheif applies to a whole decode). Decodes running at once
    /// share the memory budget as whole decodes do, by what this one costs.
    private func decodeTiles(_ grid: HeifTileGrid, shown: (Int, Int), deep: Bool) throws -> SourcePicture {
        // The same limit as a whole decode (README, "Limits"), though a grid would fit in far less.
        if let refusal = PhotoMemoryBudget.refusal(format: format, width: width, height: height) {
            throw MediaError("decode photo", path: path, reason: refusal)
        }
        let stored = grid.orientation.swapsAxes ? (shown.1, shown.0) : shown
        let bytes = HeifTiledPicture.peakBytes(grid, target: stored, deep: deep)
        let picture: SourcePicture = try PhotoMemoryBudget.gate.withReservation(bytes) {
            defer { if bytes >= PhotoMemoryBudget.trimAbove { PhotoMemoryBudget.returnFreedMemory() } }
            let (matrix, coded) = try HeifContext(reading: path).primaryImage().colourEncoding()
            let reduced = try HeifTiledPicture(grid, path: path, target: stored, deep: deep)
            let fullRange = reduced.fullRange(coded: coded)
            guard reduced.bits > 8 else {
                return .eightBit(try Self.reduce(reduced.frame, to: stored, matrix: matrix, fullRange: fullRange, path: path))
            }
            let frame = try Self.convert(reduced.frame, to: stored, format: AV_PIX_FMT_YUV420P10LE, matrix: matrix, fullRange: fullRange, path: path)
            guard let deep = frame.deepPlanarFrame() else {
                throw MediaError("convert picture", path: path, reason: "libswscale gave no 10-bit 4:2:0 picture")
            }
            return .deep(deep)
        }
        return grid.orientation.apply(to: picture)
    }

    private func decodeHeif(sizes: [(Int, Int)]) throws -> [PlanarFrame] {
        let picture = try HeifPicture(path: path)
        defer { picture.release() }
        return try withExtendedLifetime(picture) {
            let source = try picture.borrowedYUVFrame()
            return try sizes.map { try Self.reduce(source, to: $0, matrix: picture.matrix, fullRange: picture.fullRange, path: path) }
        }
    }

    private func decodeWithLibavcodec(sizes: [(Int, Int)], lowres: Int, reducer: PlaneReducer?) throws -> [PlanarFrame] {
        // A reducer reads planes: libjpeg-turbo gives a Y'CbCr JPEG's for less (`JPEGPlanes`).
        if format == .jpeg, let reducer, let planes = try JPEGPlanes.decode(path: path, scaleDenominator: 1 << lowres) {
            return planes.withPlanes { decoded in sizes.map { reducer(decoded, $0) } }
        }
        let container = try FormatContext(path: path)
        guard let stream = try container.streams().first(where: { $0.type == AVMEDIA_TYPE_VIDEO }) else {
            throw MediaError("find picture", path: path, reason: "no image stream")
        }
        let decoded = try CodecFrame()
        do {
            let frames = try StreamFrames(container: container, stream: stream.index, lowres: lowres, threads: 1)
            guard try frames.next(into: decoded) else {
                throw MediaError("decode picture", path: path, reason: "the file holds no complete picture")
            }
        } catch let error as MediaError where format == .jpeg && error.code == .notImplemented {
            // CMYK and YCCK JPEGs: libjpeg-turbo decodes them.
            let rgb = try CMYKJPEGPicture.rgbFrame(path: path, scaleDenominator: 1 << lowres)
            return try sizes.map { try Self.reduce(rgb, to: $0, matrix: .bt709, fullRange: true, path: path) }
        }
        let f = decoded.pointer.pointee
        let fullRange = f.color_range != AVCOL_RANGE_MPEG
        let matrix: ScaleContext.Matrix = f.colorspace == AVCOL_SPC_BT709 ? .bt709 : .bt601
        return try sizes.map { try Self.reduce(decoded, to: $0, matrix: matrix, fullRange: fullRange, path: path, reducer: reducer) }
    }

    /// Reduces (area filter) to `size` in RGB, then converts to BT.709 limited 4:2:0 — or, for
    /// 8-bit Y'CbCr planes when there is a `reducer`, hands them to it.
    static func reduce(_ source: CodecFrame, to size: (Int, Int), matrix: ScaleContext.Matrix, fullRange: Bool,
                       path: String, reducer: PlaneReducer? = nil) throws -> PlanarFrame {
        if let reducer, let planes = source.borrowedPlanes(matrix: matrix.colourMatrix, fullRange: fullRange) {
            return reducer(planes, size)
        }
        let yuv = try convert(source, to: size, format: AV_PIX_FMT_YUV420P, matrix: matrix, fullRange: fullRange, path: path)
        guard let planar = yuv.planarFrame() else {
            throw MediaError("convert picture", path: path, reason: "libswscale gave no yuv420p picture")
        }
        return planar
    }

    /// Reduces (area filter) to `size` in R'G'B' (48-bit for a 10-bit target), then converts to
    /// BT.709 limited Y'CbCr in `format` (yuv420p or yuv420p10le).
    static func convert(_ source: CodecFrame, to size: (Int, Int), format: AVPixelFormat, matrix: ScaleContext.Matrix,
                        fullRange: Bool, path: String) throws -> CodecFrame {
        let rgbFormat = format == AV_PIX_FMT_YUV420P ? AV_PIX_FMT_RGB24 : AV_PIX_FMT_RGB48LE
        let enlarging = size.0 > source.width || size.1 > source.height
        let filter = enlarging ? SWS_LANCZOS : SWS_AREA
        let toRGB = try ScaleContext(from: (source.width, source.height, source.format), to: (size.0, size.1, rgbFormat),
                                     flags: Int32(filter) | Int32(SWS_ACCURATE_RND) | Int32(SWS_FULL_CHR_H_INT) | Int32(SWS_BITEXACT),
                                     path: path)
        // The same matrix both sides: an RGB source is scaled through libswscale's internal Y'CbCr
        // and must come back as it was; a Y'CbCr source is turned to RGB by its own matrix.
        toRGB.setColourspace(source: matrix, sourceFullRange: fullRange, destination: matrix, destinationFullRange: true)
        let rgb = try toRGB.convert(source)
        let toYUV = try ScaleContext(from: (size.0, size.1, rgbFormat), to: (size.0, size.1, format),
                                     flags: Int32(SWS_BICUBIC) | Int32(SWS_ACCURATE_RND) | Int32(SWS_FULL_CHR_H_INP) | Int32(SWS_BITEXACT),
                                     path: path)
        toYUV.setColourspace(source: .bt709, sourceFullRange: true, destination: .bt709, destinationFullRange: false)
        return try toYUV.convert(rgb)
    }
}
