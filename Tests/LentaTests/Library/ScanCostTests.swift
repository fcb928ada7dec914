import Foundation
import LentaCatalog
import LentaCore
@testable import LentaLibrary
@testable import LentaMedia
import LentaTestSupport
import Testing

/// exiftool stores the thumbnails, as a phone's camera would.
private let thumbnailWriter = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// What a first scan costs each kind of file, counted rather than timed (bench/scan times it
/// against exiftool): a phone's large JPEG is judged on its EXIF thumbnail and never decoded
/// whole, a clip's header is opened once and nothing of it decoded, a small photo is decoded once;
/// each file's bytes are read once for its two hashes.
@Suite struct ScanCostTests {
    /// A 2048×1536 phone photo with its 160×120 thumbnail in EXIF, a 640×480 photo without one, a
    /// clip and a Live Photo pair's movie: how often the scan opens each for its pictures.
    @Test(.enabled(if: thumbnailWriter != nil, "SKIPPED: needs exiftool (make deps) to store EXIF thumbnails"))
    func userScannedAPhoneLibraryOpeningEachFileOnceAtMost() throws {
        let temp = try TemporaryFolder()
        let media = try ScanTests.makeFolder(temp)
        let large = SyntheticPicture.scene(seed: 5, width: 2048, height: 1536)
        try ExifThumbnailTests.photo(large, thumbnail: large.reduced(toLongerSide: 160), to: media + "/PXL_0001.jpg", in: temp)
        try SyntheticMedia.jpeg(SyntheticPicture.scene(seed: 6, width: 640, height: 480), exif: ExifThumbnailTests.camera,
                                to: media + "/small.jpg")
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 10, seconds: 2), to: media + "/clip.mp4")
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 10, seconds: 2, container: .mov),
                                 to: media + "/IMG_0001.MOV")
        let names = ["PXL_0001.jpg", "small.jpg", "clip.mp4", "IMG_0001.MOV"]
        let paths = names.map { media + "/" + $0 }
        for path in paths { ContainerOpens.watch(path) }
        defer { for path in paths { ContainerOpens.unwatch(path) } }

        let (report, items) = try ScanTests.scan(temp)
        #expect(report.new == 4 && report.unreadable.isEmpty)
        // The large photo: its thumbnail only (decoded from the EXIF bytes read with its metadata).
        // The small one: one DCT-scaled decode. Clips: one open of the container for its header.
        #expect(paths.map { ContainerOpens.count(of: $0) } == [0, 1, 1, 1], "\(names)")
        let catalog = try Catalog(path: temp.path("catalog.sqlite"))
        let qualities = try catalog.quality(ids: items.map(\.id))
        let sources = Dictionary(uniqueKeysWithValues: items.map { (URL(fileURLWithPath: $0.path).lastPathComponent, qualities[$0.id]?.quality?.source) })
        #expect(sources["PXL_0001.jpg"] == "exif-thumbnail" && sources["small.jpg"] == "jpeg-dct-1/2")
        // Clips wait for a story.
        #expect(sources["clip.mp4"] == .some(nil) && sources["IMG_0001.MOV"] == .some(nil))
    }

    /// The scan's one read of a file gives the same two hashes as reading it once for each, for
    /// every size around the edges of what each hash reads (all of a file, its first and last
    /// 16 KiB, a photo's head and windows), and for a clip (known by its identity alone).
    @Test func identityAndContentReadTogetherAreTheHashesReadApart() throws {
        let temp = try TemporaryFolder()
        var generator = SeededBytes(seed: 26)
        let window = Fingerprint.window, whole = Int(Fingerprint.wholeUpTo)
        let sizes = [0, 1, 7, 8, 100, window, 2 * window, 2 * window + 1, 2 * window + 9, Fingerprint.photoHead,
                     whole - 1, whole, whole + 1, whole + 4097, 3 << 20]
        for size in sizes {
            let path = temp.path("file-\(size)")
            try Data(generator.bytes(size)).write(to: URL(fileURLWithPath: path))
            for kind in [MediaKind.photo, .video] {
                let together = Fingerprint.identityAndContent(path: path, size: Int64(size), kind: kind)
                let identity = Fingerprint.of(path: path, size: Int64(size))
                #expect(together.fingerprint != nil && together.fingerprint == identity, "\(size) bytes, \(kind)")
                #expect(together.content == identity.flatMap { Fingerprint.content(path: path, size: Int64(size), kind: kind, fingerprint: $0) },
                        "\(size) bytes, \(kind)")
            }
        }
        // A file shorter than it was listed: neither hash, as apart.
        let cut = temp.path("file-\(3 << 20)")
        let together = Fingerprint.identityAndContent(path: cut, size: Int64(4 << 20), kind: .photo)
        #expect(together.fingerprint == nil && together.content == nil)
        #expect(Fingerprint.of(path: cut, size: Int64(4 << 20)) == nil)
    }
}

/// Deterministic bytes (a 64-bit LCG's high bytes), so a failure is the same on every run.
private struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }
}
