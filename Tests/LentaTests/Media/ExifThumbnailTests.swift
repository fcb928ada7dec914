import Foundation
import LentaCatalog
import LentaCore
import LentaLibrary
import LentaMedia
import LentaTestSupport
import Testing

/// exiftool stores the thumbnails, as a camera would.
private let thumbnailWriter = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// A phone's large JPEG is measured on the thumbnail its camera stored in EXIF (IFD1), not by
/// entropy-decoding every byte of it: what the thumbnail shows must agree with the full decode,
/// a blurred twin must still look blurred, bars a camera padded the thumbnail with must not count
/// as crushed shadows, and a thumbnail that shows something else must not be used.
@Suite(.enabled(if: thumbnailWriter != nil, "SKIPPED: needs exiftool (make deps) to store EXIF thumbnails"))
struct ExifThumbnailTests {
    static let exiftool = thumbnailWriter
    static let camera = QualityAnalysisTests.camera

    /// Writes `picture` as a JPEG with the camera's EXIF and, when given, `thumbnail` stored in IFD1 (by exiftool).
    static func photo(_ picture: SyntheticPicture, thumbnail: SyntheticPicture?, to path: String, in temp: TemporaryFolder) throws {
        try SyntheticMedia.jpeg(picture, exif: camera, to: path)
        guard let thumbnail, let exiftool else { return }
        let thumbPath = temp.path("thumbnail-\(UUID().uuidString).jpg")
        try SyntheticMedia.jpeg(thumbnail, exif: nil, to: thumbPath)
        let result = try LentaCLI.runTool(URL(fileURLWithPath: exiftool), ["-q", "-overwrite_original", "-ThumbnailImage<=\(thumbPath)", path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    static func analyse(_ path: String) throws -> ItemQuality { try QualityAnalysisTests.analyse(path) }

    @Test func userScannedLargePhoneJPEGsMeasuredOnTheirThumbnails() throws {
        let temp = try TemporaryFolder()
        let sharp = SyntheticPicture.scene(seed: 3, width: 2048, height: 1536)
        let blurred = sharp.blurred(radius: 13)
        try Self.photo(sharp, thumbnail: sharp.reduced(toLongerSide: 160), to: temp.path("sharp.jpg"), in: temp)
        try Self.photo(blurred, thumbnail: blurred.reduced(toLongerSide: 160), to: temp.path("blurred.jpg"), in: temp)
        try Self.photo(sharp, thumbnail: nil, to: temp.path("no-thumbnail.jpg"), in: temp)
        let a = try Self.analyse(temp.path("sharp.jpg")), b = try Self.analyse(temp.path("blurred.jpg"))
        let decoded = try Self.analyse(temp.path("no-thumbnail.jpg"))
        #expect(a.source == "exif-thumbnail" && b.source == "exif-thumbnail")
        #expect(decoded.source == "jpeg-dct-1/8")
        // The thumbnail and the full decode see the same picture.
        #expect(a.signature.distance(to: decoded.signature) <= 6, "\(a.signature) vs \(decoded.signature)")
        #expect(abs(a.brightness - decoded.brightness) < 0.02 && abs(a.crushed - decoded.crushed) < 0.02)
        // The blur a shaken camera leaves still shows at thumbnail size.
        #expect(b.sharpness < a.sharpness * 0.5, "blurred \(b.sharpness) vs sharp \(a.sharpness)")
        #expect(a.signature.distance(to: b.signature) <= 8)
    }

    /// The scan of a folder of large phone photos: each measured on its thumbnail, a copy known as
    /// a copy by its sampled content hash, a photo with another capture time (the same picture, the
    /// same size) told apart by its header, a photo re-encoded told apart by its bytes.
    @Test func userScannedAFolderOfLargePhotosWithACopy() throws {
        let temp = try TemporaryFolder()
        let media = temp.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        let picture = SyntheticPicture.scene(seed: 8, width: 2048, height: 1536)
        try Self.photo(picture, thumbnail: picture.reduced(toLongerSide: 160), to: media + "/IMG_1.jpg", in: temp)
        try FileManager.default.copyItem(atPath: media + "/IMG_1.jpg", toPath: media + "/IMG_1 copy.jpg")
        var later = try [UInt8](Data(contentsOf: URL(fileURLWithPath: media + "/IMG_1.jpg")))
        let date = Array("2024:05:03 10:00:00".utf8)
        let at = try #require((0...(later.count - date.count)).first { Array(later[$0..<($0 + date.count)]) == date })
        later[at + date.count - 1] = UInt8(ascii: "7")
        try Data(later).write(to: URL(fileURLWithPath: media + "/IMG_2.jpg"))
        try Self.photo(picture.darkened(to: 0.9), thumbnail: picture.reduced(toLongerSide: 160), to: media + "/IMG_3.jpg", in: temp)
        #expect(later.count > 256 * 1024, "large enough to be sampled, not hashed whole")

        let catalog = try Catalog(path: temp.path("catalog.sqlite"))
        _ = try LibraryScanner(catalog: catalog).scan(.init(folders: [media], now: 2e9))
        let items = try catalog.items()
        let qualities = try catalog.quality(ids: items.map(\.id))
        var byName: [String: ItemQuality] = [:]
        for item in items { byName[URL(fileURLWithPath: item.path).lastPathComponent] = qualities[item.id]?.quality }
        let one = try #require(byName["IMG_1.jpg"]), copy = try #require(byName["IMG_1 copy.jpg"])
        let two = try #require(byName["IMG_2.jpg"]), three = try #require(byName["IMG_3.jpg"])
        #expect(Set([one, copy, two, three].map(\.source)) == ["exif-thumbnail"])
        #expect(one.contentHash == copy.contentHash)
        #expect(two.contentHash != one.contentHash && three.contentHash != one.contentHash && three.contentHash != two.contentHash)
    }

    @Test func aWidePhotosThumbnailPaddedWithBarsIsCutToThePhoto() throws {
        let temp = try TemporaryFolder()
        let wide = SyntheticPicture.scene(seed: 5, width: 2048, height: 1152)
        // 160×90 of picture inside a 160×120 thumbnail, as many cameras store 16:9 photos.
        try Self.photo(wide, thumbnail: wide.reduced(toLongerSide: 160).padded(toWidth: 160, height: 120),
                       to: temp.path("wide.jpg"), in: temp)
        try Self.photo(wide, thumbnail: nil, to: temp.path("wide-decoded.jpg"), in: temp)
        let padded = try Self.analyse(temp.path("wide.jpg")), decoded = try Self.analyse(temp.path("wide-decoded.jpg"))
        #expect(padded.source == "exif-thumbnail")
        #expect(abs(padded.crushed - decoded.crushed) < 0.02, "bars counted as shadows: \(padded.crushed) vs \(decoded.crushed)")
        #expect(abs(padded.brightness - decoded.brightness) < 0.03)
        #expect(padded.signature.distance(to: decoded.signature) <= 8)
    }

    @Test func aThumbnailThatShowsAnotherPictureIsNotUsed() throws {
        let temp = try TemporaryFolder()
        let wide = SyntheticPicture.scene(seed: 6, width: 2048, height: 1152)
        // 4:3 and full of picture for a 16:9 photo (an old thumbnail kept after a crop), and one turned the other way.
        try Self.photo(wide, thumbnail: SyntheticPicture.scene(seed: 9, width: 160, height: 120), to: temp.path("cropped.jpg"), in: temp)
        try Self.photo(wide, thumbnail: SyntheticPicture.scene(seed: 6, width: 90, height: 160), to: temp.path("turned.jpg"), in: temp)
        // A photo small enough to decode is decoded, thumbnail or not.
        let small = SyntheticPicture.scene(seed: 6, width: 1600, height: 900)
        try Self.photo(small, thumbnail: small.reduced(toLongerSide: 160), to: temp.path("small.jpg"), in: temp)
        #expect(try Self.analyse(temp.path("cropped.jpg")).source == "jpeg-dct-1/8")
        #expect(try Self.analyse(temp.path("turned.jpg")).source == "jpeg-dct-1/8")
        #expect(try Self.analyse(temp.path("small.jpg")).source == "jpeg-dct-1/4")
    }

    @Test func whereAPictureLiesInItsThumbnail() {
        func frame(_ tw: Int, _ th: Int, _ pw: Int, _ ph: Int) -> [Int]? {
            ThumbnailFrame(thumbnailWidth: tw, thumbnailHeight: th, photoWidth: pw, photoHeight: ph).map { [$0.x, $0.y, $0.width, $0.height] }
        }
        // Same shape: the whole thumbnail.
        #expect(frame(160, 120, 4032, 3024) == [0, 0, 160, 120])
        // 3:2 and 16:9 photos in 4:3 thumbnails: bars above and below.
        #expect(frame(160, 120, 6000, 4000) == [0, 6, 160, 107])
        #expect(frame(160, 120, 3840, 2160) == [0, 15, 160, 90])
        // A 4:3 photo in a 16:9 thumbnail: bars at the sides.
        #expect(frame(320, 180, 4000, 3000) == [40, 0, 240, 180])
        // Turned the other way: not this photo's thumbnail.
        #expect(frame(120, 160, 4032, 3024) == nil)
    }
}
