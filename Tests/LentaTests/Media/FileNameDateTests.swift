import Foundation
import LentaCatalog
import LentaCore
import LentaLibrary
import LentaTestSupport
import Testing

/// Capture times from file names, for files whose content has no date.
@Suite struct FileNameDateTests {
    @Test("phone, WhatsApp and screenshot names give their moment", arguments: [
        ("IMG-20191006-WA0002.jpg", "2019-10-06T12:00:00", true, false),
        ("VID-20191006-WA0014.mp4", "2019-10-06T12:00:00", true, false),
        // The fewest digits a name with a moment has (nine; fewer are not matched at all).
        ("IMG-20191006-WA1.jpg", "2019-10-06T12:00:00", true, false),
        ("IMG_20240504_093015.jpg", "2024-05-04T09:30:15", false, false),
        ("VID_20240504_093015.mp4", "2024-05-04T09:30:15", false, false),
        ("IMG_20240504_093015_HDR.jpg", "2024-05-04T09:30:15", false, false),
        ("MVIMG_20190101_235959.jpg", "2019-01-01T23:59:59", false, false),
        ("PXL_20240504_093015123.jpg", "2024-05-04T09:30:15.123", false, true),
        ("PXL_20240504_093015123.MP.jpg", "2024-05-04T09:30:15.123", false, true),
        ("20240504_093015.jpg", "2024-05-04T09:30:15", false, false),
        ("20240504_093015(0).jpg", "2024-05-04T09:30:15", false, false),
        ("Screenshot_20240504-213012_Maps.png", "2024-05-04T21:30:12", false, false),
        ("Screenshot 2024-05-04 at 21.30.12.png", "2024-05-04T21:30:12", false, false),
        ("Screen Shot 2020-01-01 at 9.30.12 PM.png", "2020-01-01T21:30:12", false, false),
        ("Screen Shot 2020-01-01 at 12.05.00 AM.png", "2020-01-01T00:05:00", false, false),
        ("Screenshot_2024-05-04-21-30-12-123_com.miui.home.jpg", "2024-05-04T21:30:12.123", false, false),
        ("/some/folder/img_20240504_093015.JPG", "2024-05-04T09:30:15", false, false),
    ])
    func recognised(name: String, local: String, dateOnly: Bool, utc: Bool) throws {
        let date = try #require(FileNameDate(path: name))
        #expect(date.local.description == local)
        #expect(date.isDateOnly == dateOnly)
        #expect(date.isUTC == utc)
    }

    @Test("names without a real moment give nothing", arguments: [
        "IMG_1234.HEIC", "DSC_0001.JPG", "20240504.jpg", "IMG_20241304_093015.jpg", "IMG_20240230_093015.jpg",
        "IMG_20240504_256015.jpg", "IMG_20240504_096015.jpg", "123420240504_093015.jpg", "IMG_18000504_093015.jpg",
        "IMG-2019100-WA0002.jpg", "Screen Shot 2020-01-01 at 13.30.12 PM.png", "holiday 2024.jpg", "",
    ])
    func rejected(name: String) {
        #expect(FileNameDate(path: name) == nil, "\(name)")
    }

    static let now = LocalDateTime(year: 2026, month: 11, day: 21, hour: 12).secondsSinceEpochAsUTC

    @Test("the name is below every date inside the file and above the modification time")
    func ranking() throws {
        var evidence = CaptureEvidence()
        evidence.fileName = FileNameDate(path: "IMG_20240504_093015.jpg")
        evidence.fileModified = Self.now - 86_400
        let fromName = try #require(evidence.resolve(now: Self.now).time)
        #expect(fromName.source == .fileName && fromName.local?.description == "2024-05-04T09:30:15" && fromName.offset == nil)

        evidence.creationTime = "2024-05-04T07:00:00.000000Z"
        #expect(evidence.resolve(now: Self.now).time?.source == .quickTimeCreationTime, "a date inside the file wins")
        evidence.creationTime = nil
        evidence.dateTime = .init(text: "2024:05:04 08:00:00")
        #expect(evidence.resolve(now: Self.now).time?.source == .exifDateTime)

        var whatsApp = CaptureEvidence()
        whatsApp.fileName = FileNameDate(path: "IMG-20191006-WA0002.jpg")
        whatsApp.fileModified = Self.now
        let day = whatsApp.resolve(now: Self.now)
        #expect(day.time?.source == .fileNameDate && day.time?.local?.description == "2019-10-06T12:00:00")
        #expect(day.warnings.contains { $0.contains("noon") }, "\(day.warnings)")

        var pixel = CaptureEvidence()
        pixel.fileName = FileNameDate(path: "PXL_20240504_093015123.jpg")
        let utc = try #require(pixel.resolve(now: Self.now).time)
        #expect(utc.source == .fileName && utc.local == nil)
        #expect(utc.utc == LocalDateTime(year: 2024, month: 5, day: 4, hour: 9, minute: 30, second: 15, millisecond: 123).secondsSinceEpochAsUTC)

        var future = CaptureEvidence()
        future.fileName = FileNameDate(path: "IMG_20300504_093015.jpg")
        future.fileModified = Self.now - 3600
        #expect(future.resolve(now: Self.now).time?.source == .fileModificationTime, "a name in the future is no date")
    }

    @Test("a WhatsApp image with no EXIF lands in its trip by the date in its name")
    func whatsAppJoinsItsTrip() throws {
        let temp = try TemporaryFolder()
        let folder = temp.path("photos")
        let library = SyntheticLibrary()
        try library.write(to: folder)
        // Sent over WhatsApp on the third day of the Lisbon trip (3–6 May 2024): no EXIF at all.
        try SyntheticMedia.jpeg(width: 16, height: 16, exif: nil, to: folder + "/IMG-20240505-WA0003.jpg")
        let catalog = try Catalog(path: temp.path("catalog.sqlite"))
        let report = try LibraryScanner(catalog: catalog).scan(.init(folders: [folder], now: Self.now))
        #expect(report.unreadable.isEmpty)

        let item = try #require(try catalog.items().first { $0.path.hasSuffix("/IMG-20240505-WA0003.jpg") })
        #expect(item.metadata.captureTime?.source == .fileNameDate)
        #expect(item.metadata.captureTime?.local?.description == "2024-05-05T12:00:00")
        #expect(report.withoutDate == 0, "a date from the name is a date")

        let lentas = Lentas(catalog: catalog)
        let trips = try lentas.list().map { try lentas.show(id: $0.id) }
        let lisbon = try #require(trips.first { $0.items.contains { $0.path.hasSuffix("/lisbon-0.jpg") } })
        #expect(lisbon.items.contains { $0.id == item.id }, "the WhatsApp image is in the Lisbon trip")
        #expect(Set(lisbon.items.map { URL(fileURLWithPath: $0.path).lastPathComponent })
                == library.expectedGroups["lisbon", default: []].union(["IMG-20240505-WA0003.jpg"]))
    }
}
