import CFFmpeg
import CHeif
import CJPEG
import Foundation
import LentaCore

/// A photo decoded small for analysis, never at full size where the format allows: JPEG by
/// libjpeg-turbo's DCT scaling (1/8 reads only each block's DC coefficient), HEIF by its stored
/// thumbnail (else a tile grid a tile at a time, else the primary image whole), PNG and WebP by libavcodec then
/// libswscale's area filter. Upright by EXIF orientation (libheif turns HEIF itself).
enum ReducedPhoto {
    /// Pictures larger than this are refused rather than decoded (a header can claim anything).
    static let maximumPixels = 100_000_000
    /// The smallest HEIF thumbnail worth using (longer side, pixels).
    static let smallestThumbnail = 128

    /// - Parameter side: the longer side wanted (`analysisSide`; larger to read text).
    /// - Parameter thumbnails: whether a stored thumbnail smaller than `side` may serve; false
    ///   decodes the photo's own pixels (a 4032-pixel JPEG at DCT scale 1/8: 504 pixels), to judge
    ///   again a gate the scan decided on a small thumbnail (`DocumentGate`).
    static func decode(path: String, metadata: MediaMetadata, side: Int = ItemQuality.analysisSide,
                       thumbnails: Bool = true) throws -> (picture: AnalysisPicture, source: String) {
        // A HEIF tile grid is decoded a tile at a time, so any photo a story may hold is analysed.
        if let w = metadata.width, let h = metadata.height, w * h > maximumPixels,
           PhotoMemoryBudget.refusal(format: metadata.format, width: w, height: h) != nil
            || !(metadata.format == .heif || metadata.format == .avif) || (try? HeifTileGrid(path: path)) == nil {
            throw MediaError("analyse picture", path: path, reason: "\(w)×\(h) is too large to analyse")
        }
        if let w = metadata.width, let h = metadata.height, let held = metadata.heldDecodeBytes,
           let refusal = PhotoMemoryBudget.refusal(format: metadata.format, width: w, height: h, held: held) {
            throw MediaError("analyse picture", path: path, reason: refusal)
        }
        switch metadata.format {
        case .jpeg:
            let orientation = PictureOrientation(exif: metadata.orientation)
            if thumbnails, side <= ItemQuality.analysisSide, let w = metadata.width, let h = metadata.height, max(w, h) >= thumbnailFrom,
               let thumbnail = exifThumbnail(path: path, storedSize: orientation.swapsAxes ? (h, w) : (w, h)) {
                return (thumbnail.oriented(orientation), "exif-thumbnail")
            }
            let (picture, denominator) = try jpeg(path: path, longerSide: max(metadata.width ?? 0, metadata.height ?? 0), side: side)
            return (picture.oriented(orientation), "jpeg-dct-1/\(denominator)")
        case .heif, .avif:
            return try heif(path: path, side: side, thumbnailsFrom: thumbnails ? nil : side)
        case .png, .webp:
            let picture = try withLibavcodec(path: path, side: side)
            return (picture.oriented(PictureOrientation(exif: metadata.orientation)), "\(metadata.format.rawValue)-decoded")
        default:
            throw MediaError("analyse picture", path: path, reason: "not a photo format")
        }
    }

    /// JPEGs this long on their longer side are measured on their EXIF thumbnail when it serves:
    /// even a 1/8 DCT decode entropy-decodes every byte of the file (four fifths of a first scan's
    /// time on 12 MP phone photos) for a picture then reduced to `analysisSide` anyway.
    static let thumbnailFrom = 8 * ItemQuality.analysisSide

    /// The EXIF thumbnail (IFD1) of the JPEG at `path`, stored as the photo is (`storedSize`, before
    /// orientation), as an analysis picture: nil when there is none, it is smaller than
    /// `smallestThumbnail`, or it does not show the photo's shape. A thumbnail padded to 4:3 with
    /// black bars (as many cameras store 3:2 and 16:9 photos) is cut to the photo's shape; bars that
    /// are not black mean another picture (an old thumbnail of a cropped photo), so it is not used.
    static func exifThumbnail(path: String, storedSize: (width: Int, height: Int)) -> AnalysisPicture? {
        guard storedSize.width > 0, storedSize.height > 0,
              let file = try? RandomAccessFile(path: path), let container = try? JPEGContainer.read(file),
              let bytes = container.exif, let thumbnail = ExifBlock(bytes: bytes)?.thumbnail else { return nil }
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = thumbnail.withUnsafeBufferPointer { buffer in
            lenta_decode_jpeg_reduced_bytes(buffer.baseAddress, UInt(buffer.count), Int32(ItemQuality.analysisSide), 1 << 20,
                                            &pixels, &width, &height, &message, message.count)
        }
        defer { free(pixels) }
        guard status == 0, let pixels, width > 0, height > 0 else { return nil }
        let tw = Int(width), th = Int(height)
        guard let shown = ThumbnailFrame(thumbnailWidth: tw, thumbnailHeight: th, photoWidth: storedSize.width,
                                         photoHeight: storedSize.height),
              max(shown.width, shown.height) >= smallestThumbnail,
              shown.barsAreBlack(rgb: pixels, stride: tw * 3) else { return nil }
        return AnalysisPicture(rgb: pixels + shown.y * tw * 3 + shown.x * 3, width: shown.width, height: shown.height, stride: tw * 3)
    }

    /// - Parameter longerSide: the photo's own longer side, to say which DCT scale was used.
    static func jpeg(path: String, longerSide: Int, side: Int = ItemQuality.analysisSide) throws -> (AnalysisPicture, Int) {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = lenta_decode_jpeg_reduced(path, Int32(side), 16 << 20, &pixels, &width, &height,
                                               &message, message.count)
        defer { free(pixels) }
        // A decode of the file's own picture (a thumbnail is decoded from bytes already read).
        ContainerOpens.record(path)
        guard status == 0, let pixels, width > 0, height > 0 else {
            throw MediaError("decode JPEG for analysis", path: path, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        let picture = AnalysisPicture(rgb: pixels, width: Int(width), height: Int(height), stride: Int(width) * 3, side: side)
        let denominator = max(1, Int((Double(longerSide) / Double(max(width, height))).rounded()))
        return (picture, denominator)
    }

    /// - Parameter thumbnailsFrom: the smallest stored thumbnail taken (longer side); by default
    ///   `smallestThumbnail` for analysis, `side` for a larger picture.
    static func heif(path: String, side: Int = ItemQuality.analysisSide, thumbnailsFrom: Int? = nil) throws -> (AnalysisPicture, String) {
        let primary = try HeifContext(reading: path).primaryImage()
        var chosen = primary
        var source = "heif-primary"
        if let thumbnail = primary.thumbnail(minimumSide: thumbnailsFrom ?? max(smallestThumbnail, side <= ItemQuality.analysisSide ? 0 : side)) {
            chosen = thumbnail
            source = "heif-thumbnail"
        }
        if source == "heif-primary", let grid = try? HeifTileGrid(path: path) {
            return (try tiles(grid, path: path, colour: primary.colourEncoding(), side: side), "heif-tiles")
        }
        let w = chosen.width, h = chosen.height
        guard w > 0, h > 0, w * h <= maximumPixels else {
            throw MediaError("analyse HEIF", path: path, reason: "\(w)×\(h) is not a size that can be analysed")
        }
        // Scans analyse in parallel: whole decodes share the photo memory budget (libheif's
        // planes and the R'G'B' copy it makes).
        let bytes = PhotoMemoryBudget.decodeBytes(format: .heif, width: w, height: h) + w * h * 3
        return try PhotoMemoryBudget.gate.withReservation(bytes) {
            defer { if bytes >= PhotoMemoryBudget.trimAbove { PhotoMemoryBudget.returnFreedMemory() } }
            return try rgb(chosen, path: path, source: source, side: side)
        }
    }

    /// A tile grid decoded a tile at a time, reduced to analysis size and turned upright.
    static func tiles(_ grid: HeifTileGrid, path: String, colour: (matrix: ScaleContext.Matrix, fullRange: Bool),
                      side: Int = ItemQuality.analysisSide) throws -> AnalysisPicture {
        let scale = min(1, Double(side) / Double(max(grid.width, grid.height)))
        let target = (max(1, Int((Double(grid.width) * scale).rounded())), max(1, Int((Double(grid.height) * scale).rounded())))
        let bytes = HeifTiledPicture.peakBytes(grid, target: target, deep: false)
        return try PhotoMemoryBudget.gate.withReservation(bytes) {
            let reduced = try HeifTiledPicture(grid, path: path, target: target, deep: false, forAnalysis: true)
            reduced.frame.pointer.pointee.colorspace = colour.matrix == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_BT470BG
            reduced.frame.pointer.pointee.color_range = reduced.fullRange(coded: colour.fullRange) ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
            return try analysisPicture(from: reduced.frame, path: path, side: side).oriented(grid.orientation)
        }
    }

    private static func rgb(_ chosen: HeifImageHandle, path: String, source: String, side: Int) throws -> (AnalysisPicture, String) {
        let image = try chosen.decodeRGB(operation: "decode HEIF for analysis")
        return try withExtendedLifetime(image) {
            guard let (plane, stride) = image.readOnlyPlane(heif_channel_interleaved) else {
                throw MediaError("decode HEIF for analysis", path: path, reason: "the image has no RGB plane")
            }
            let iw = image.width(of: heif_channel_interleaved), ih = image.height(of: heif_channel_interleaved)
            return (AnalysisPicture(rgb: plane, width: iw, height: ih, stride: stride, side: side), source)
        }
    }

    static func withLibavcodec(path: String, side: Int = ItemQuality.analysisSide) throws -> AnalysisPicture {
        let container = try FormatContext(path: path)
        guard let stream = try container.streams().first(where: { $0.type == AVMEDIA_TYPE_VIDEO }) else {
            throw MediaError("find picture", path: path, reason: "no image stream")
        }
        let decoded = try CodecFrame()
        let frames = try StreamFrames(container: container, stream: stream.index, threads: 1)
        guard try frames.next(into: decoded) else {
            throw MediaError("decode picture", path: path, reason: "the file holds no complete picture")
        }
        return try analysisPicture(from: decoded, path: path, side: side)
    }

    /// A decoded frame of any pixel format, reduced with libswscale's area filter to analysis
    /// size (or to `side` pixels on its longer side: a clip's keyframe faces are looked for in).
    static func analysisPicture(from frame: CodecFrame, path: String, side: Int = ItemQuality.analysisSide) throws -> AnalysisPicture {
        let scale = min(1, Double(side) / Double(max(frame.width, frame.height)))
        let w = max(1, Int((Double(frame.width) * scale).rounded())), h = max(1, Int((Double(frame.height) * scale).rounded()))
        let toRGB = try ScaleContext(from: (frame.width, frame.height, frame.format), to: (w, h, AV_PIX_FMT_RGB24),
                                     flags: Int32(SWS_AREA) | Int32(SWS_BITEXACT), path: path)
        let f = frame.pointer.pointee
        let matrix: ScaleContext.Matrix = f.colorspace == AVCOL_SPC_BT709 ? .bt709 : .bt601
        toRGB.setColourspace(source: matrix, sourceFullRange: f.color_range != AVCOL_RANGE_MPEG, destination: matrix, destinationFullRange: true)
        let rgb = try toRGB.convert(frame)
        guard let base = rgb.pointer.pointee.data.0 else {
            throw MediaError("convert picture", path: path, reason: "libswscale gave no picture")
        }
        return AnalysisPicture(rgb: base, width: w, height: h, stride: Int(rgb.pointer.pointee.linesize.0), side: side)
    }
}
