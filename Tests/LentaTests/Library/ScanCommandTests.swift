import Foundation
import LentaCore
import LentaLibrary
import LentaTestSupport
import Testing

/// `lenta scan` as a user runs it: output, JSON and exit codes.
@Suite struct ScanCommandTests {
    @Test func summaryAndJSON() throws {
        let temp = try TemporaryFolder()
        let media = temp.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 10:00:00"), to: media + "/a.jpg")
        #expect(FileManager.default.createFile(atPath: media + "/broken.jpg", contents: Data("nope".utf8)))
        let catalog = temp.path("c.sqlite")

        let text = try LentaCLI.run(["scan", "--catalog", catalog, media])
        #expect(text.status == 0, "a skipped unreadable file is not a failure")
        #expect(text.stdout.contains("1 media file in"))
        #expect(text.stdout.contains("new 1"))
        #expect(text.stdout.contains("broken.jpg: recognise: the content is not JPEG"))
        #expect(!text.stdout.contains("broken.jpg: \(media)"), "the media error is told without its path again")
        #expect(text.stdout.contains("without a position: 1"))
        #expect(text.stderr.isEmpty, "no progress bar when stderr is not a terminal")

        let json = try LentaCLI.run(["scan", "--json", "--catalog", catalog, media])
        #expect(json.status == 0)
        let output = try JSONDecoder().decode(ScanOutput.self, from: Data(json.stdout.utf8))
        #expect(output.report.unchanged == 1 && output.report.unreadable.count == 1)
        #expect(output.items.first?.metadata.captureTime?.local?.description == "2024-05-03T10:00:00")
    }

    /// The gazetteer is read only for items with a position: pointed at a file that is not
    /// there, a scan of photos without GPS says nothing of it, and one with GPS warns.
    @Test func gazetteerIsReadOnlyForPositions() throws {
        let temp = try TemporaryFolder()
        let media = temp.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 10:00:00"), to: media + "/a.jpg")
        let missing = ["LENTA_PLACES_FILE": temp.path("no-places.bin")]
        let unplaced = try LentaCLI.run(["scan", "--catalog", temp.path("c.sqlite"), media], environment: missing)
        #expect(unplaced.status == 0)
        #expect(!unplaced.stdout.contains("places could not be named"), "\(unplaced.stdout)")
        try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 11:00:00",
                                                                           gps: GeoPoint(latitude: 38.7, longitude: -9.14)),
                                to: media + "/b.jpg")
        let placed = try LentaCLI.run(["scan", "--catalog", temp.path("c.sqlite"), media], environment: missing)
        #expect(placed.status == 0)
        #expect(placed.stdout.contains("places could not be named"), "\(placed.stdout)")
    }

    @Test func catalogFromTheEnvironment() throws {
        let temp = try TemporaryFolder()
        let media = temp.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try SyntheticMedia.jpeg(width: 16, height: 16, exif: nil, to: media + "/a.jpg")
        let result = try LentaCLI.run(["scan", media], environment: ["LENTA_CATALOG": temp.path("env.sqlite")])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: temp.path("env.sqlite")))
        let xdg = try LentaCLI.run(["scan", media], environment: ["XDG_DATA_HOME": temp.path("xdg")])
        #expect(xdg.status == 0)
        #expect(FileManager.default.fileExists(atPath: temp.path("xdg/lenta/catalog.sqlite")))
    }

    @Test func exitCodes() throws {
        let temp = try TemporaryFolder()
        let catalog = temp.path("c.sqlite")
        let missing = try LentaCLI.run(["scan", "--catalog", catalog, temp.path("nowhere")])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("nowhere: no such file or folder"))

        let usage = try LentaCLI.run(["scan", "--catalog", catalog])
        #expect(usage.status == 2, "bad usage")

        let media = temp.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: media + "/only.jpg", contents: Data()))
        let nothing = try LentaCLI.run(["scan", "--catalog", catalog, media])
        #expect(nothing.status == 1, "every media file unreadable: nothing could be done")

        let badCatalog = try LentaCLI.run(["scan", "--catalog", "/proc/lenta/c.sqlite", media])
        #expect(badCatalog.status == 1)
        #expect(badCatalog.stderr.contains("cannot open the catalog"))
    }

    @Test func twoScansAtOnceShareTheCatalog() throws {
        let temp = try TemporaryFolder()
        let catalog = temp.path("c.sqlite")
        for folder in ["a", "b"] {
            let media = temp.path(folder)
            try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
            for i in 0..<30 { try SyntheticMedia.jpeg(width: 16, height: 16, exif: nil, to: media + "/\(i).jpg") }
        }
        for folder in ["a", "b"] { #expect(FileManager.default.createFile(atPath: temp.path("\(folder).err"), contents: nil)) }
        let results = [temp.path("a"), temp.path("b")].map { folder in
            let p = Process()
            p.executableURL = LentaCLI.binary
            p.arguments = ["scan", "--catalog", catalog, folder]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle(forWritingAtPath: temp.path(folder == temp.path("a") ? "a.err" : "b.err"))
            return p
        }
        for p in results { try p.run() }
        for p in results { p.waitUntilExit() }
        let errors = try ["a", "b"].map { try String(contentsOfFile: temp.path("\($0).err"), encoding: .utf8) }
        #expect(results.allSatisfy { $0.terminationStatus == 0 }, "\(errors)")
        let all = try LentaCLI.run(["scan", "--json", "--catalog", catalog, temp.path("a"), temp.path("b")])
        let output = try JSONDecoder().decode(ScanOutput.self, from: Data(all.stdout.utf8))
        #expect(output.report.unchanged == 60)
    }
}
