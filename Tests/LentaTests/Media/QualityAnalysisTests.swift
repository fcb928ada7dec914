import Foundation
import LentaCore
import LentaMedia
import LentaTestSupport
import Testing

/// What the scan learns of each picture, on synthetic pictures made to be sharp, blurred, dark,
/// a burst's next frame, a screenshot or a page — measured from the reduced decode.
@Suite struct QualityAnalysisTests {
    static let camera = SyntheticExif(make: "Google", model: "Pixel 8", dateTimeOriginal: "2024:05:03 10:00:00")

    static func analyse(_ path: String) throws -> ItemQuality {
        guard case .media(let metadata) = try MetadataProbe.read(path: path, modified: 0, now: 2e9) else {
            throw MediaError("probe", path: path, reason: "not media")
        }
        return try QualityAnalyser.analyse(path: path, metadata: metadata, contentHash: "test")
    }

    @Test func blurredTwinIsLessSharpAndLooksTheSame() throws {
        let temp = try TemporaryFolder()
        let sharp = SyntheticPicture.scene(seed: 3)
        try SyntheticMedia.jpeg(sharp, exif: Self.camera, to: temp.path("sharp.jpg"))
        try SyntheticMedia.jpeg(sharp.blurred(radius: 4), exif: Self.camera, to: temp.path("blurred.jpg"))
        try SyntheticMedia.jpeg(SyntheticPicture.scene(seed: 4), exif: Self.camera, to: temp.path("other.jpg"))
        let a = try Self.analyse(temp.path("sharp.jpg")), b = try Self.analyse(temp.path("blurred.jpg"))
        let c = try Self.analyse(temp.path("other.jpg"))
        #expect(b.sharpness < a.sharpness * 0.5, "blurred \(b.sharpness) vs sharp \(a.sharpness)")
        #expect(a.signature.distance(to: b.signature) <= 8)
        #expect(a.signature.distance(to: c.signature) >= 16)
        #expect(a.content == .photo && b.content == .photo && c.content == .photo, "\(a.contentReasons) \(b.contentReasons) \(c.contentReasons)")
        #expect(a.source == "jpeg-dct-1/2")
    }

    @Test func burstFrameIsANearDuplicate() throws {
        let temp = try TemporaryFolder()
        try SyntheticMedia.jpeg(SyntheticPicture.scene(seed: 7), exif: Self.camera, to: temp.path("a.jpg"))
        try SyntheticMedia.jpeg(SyntheticPicture.scene(seed: 7, shift: 6), exif: Self.camera, to: temp.path("b.jpg"))
        let a = try Self.analyse(temp.path("a.jpg")), b = try Self.analyse(temp.path("b.jpg"))
        #expect(a.signature.distance(to: b.signature) <= 10)
        #expect(abs(a.sharpness - b.sharpness) < a.sharpness * 0.3)
    }

    @Test func darkFrameIsCrushed() throws {
        let temp = try TemporaryFolder()
        try SyntheticMedia.jpeg(SyntheticPicture.scene(seed: 5).darkened(to: 0.04), exif: Self.camera, to: temp.path("dark.jpg"))
        try SyntheticMedia.jpeg(SyntheticPicture.scene(seed: 5), exif: Self.camera, to: temp.path("lit.jpg"))
        let dark = try Self.analyse(temp.path("dark.jpg")), lit = try Self.analyse(temp.path("lit.jpg"))
        #expect(dark.crushed > 0.8 && dark.brightness < 0.05, "\(dark)")
        #expect(lit.crushed < 0.05 && lit.brightness > 0.25, "\(lit)")
    }

    @Test func screenshotsAndDocumentsAreNotPhotos() throws {
        let temp = try TemporaryFolder()
        // A phone's screenshot: PNG, screen-sized, no camera.
        try SyntheticMedia.png(SyntheticPicture.screenshot(seed: 1), exif: nil, to: temp.path("IMG_2041.PNG"))
        // The same look saved as JPEG with no camera and an unusual size: by its look alone.
        try SyntheticMedia.jpeg(SyntheticPicture.screenshot(seed: 2, width: 700, height: 1300), exif: nil, to: temp.path("shared.jpg"))
        // A scanner app's page.
        try SyntheticMedia.jpeg(SyntheticPicture.document(seed: 1), exif: nil, to: temp.path("Scan 2024-05-04.jpg"))
        // A white page photographed by a phone: by its look.
        try SyntheticMedia.jpeg(SyntheticPicture.document(seed: 2, width: 800, height: 600), exif: Self.camera, to: temp.path("IMG_1.jpg"))
        // A camera photo saved as PNG is still a photo.
        try SyntheticMedia.png(SyntheticPicture.scene(seed: 9), exif: Self.camera, to: temp.path("edited.png"))
        let shot = try Self.analyse(temp.path("IMG_2041.PNG"))
        #expect(shot.content == .screenshot, "\(shot)")
        #expect(shot.contentReasons.contains("PNG with no camera"))
        let shared = try Self.analyse(temp.path("shared.jpg"))
        #expect(shared.content == .screenshot, "\(shared)")
        let scan = try Self.analyse(temp.path("Scan 2024-05-04.jpg"))
        #expect(scan.content == .document, "\(scan)")
        let page = try Self.analyse(temp.path("IMG_1.jpg"))
        #expect(page.content == .document, "\(page)")
        let edited = try Self.analyse(temp.path("edited.png"))
        #expect(edited.content == .photo, "\(edited)")
    }

    @Test func clipKeyframesAreSampled() throws {
        let temp = try TemporaryFolder()
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 10, seconds: 6), to: temp.path("clip.mp4"))
        let q = try Self.analyse(temp.path("clip.mp4"))
        let clip = try #require(q.clip)
        #expect(q.source == "keyframes")
        #expect(!clip.samples.isEmpty)
        #expect(clip.bitsPerBucket.count == 6)
        #expect(clip.bitsPerBucket.allSatisfy { $0 > 0 })
    }

    @Test func clipSoundEnergyIsMeasuredPerSecond() throws {
        let temp = try TemporaryFolder()
        try SyntheticMedia.video(SyntheticVideo(width: 160, height: 120, frameRate: 10, seconds: 4, withAudio: true), to: temp.path("tone.mp4"))
        try SyntheticMedia.video(SyntheticVideo(width: 160, height: 120, frameRate: 10, seconds: 4), to: temp.path("silent.mp4"))
        let tone = try #require(try Self.analyse(temp.path("tone.mp4")).clip)
        let loudness = try #require(tone.loudness)
        #expect(loudness.count == tone.bitsPerBucket.count)
        // A steady sine tone: every whole second about equally loud, and not silent.
        #expect(loudness.prefix(3).allSatisfy { $0 > 0.05 && abs($0 - loudness[0]) < 0.05 }, "\(loudness)")
        #expect(try Self.analyse(temp.path("silent.mp4")).clip?.loudness == nil)
    }

    @Test func photoCutInItsHeaderGivesAReason() throws {
        let temp = try TemporaryFolder()
        try SyntheticMedia.jpeg(SyntheticPicture.scene(seed: 1), exif: Self.camera, to: temp.path("whole.jpg"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: temp.path("whole.jpg")))
        try bytes.prefix(200).write(to: URL(fileURLWithPath: temp.path("cut.jpg")))
        let metadata = MediaMetadata(format: .jpeg)
        #expect(throws: MediaError.self) {
            _ = try QualityAnalyser.analyse(path: temp.path("cut.jpg"), metadata: metadata, contentHash: "x")
        }
    }
}
