import Foundation
import GRDB
@testable import LentaCatalog
import LentaCore
import LentaLibrary
import LentaTestSupport
import Testing

/// `scan --json` writes the items ahead, on another thread, while the scan walks the folders
/// (`CatalogItemJSONPrefetch`); that text is used only when it is what a read after the scan
/// writes: the same bytes, or the same error, and never an item as it was before this scan or
/// another process changed it.
@Suite struct CatalogItemJSONPrefetchTests {
    /// `scan --json`'s text of the items under `roots`, through `prefetched` when given and current.
    static func output(_ catalog: Catalog, roots: [String], prefetched: CatalogItemJSONPrefetch?) -> String {
        var bytes: [UInt8] = []
        do {
            try withoutActuallyEscaping({ (chunk: [UInt8]) in bytes += chunk }) { consume in
                try ScanOutput.write(report: ScanReport(), prefetched: prefetched,
                                     items: { try catalog.forEachItemJSON(under: roots, $0) }, to: consume)
            }
        } catch {
            return "error: \(error)"
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(.timeLimit(.minutes(5))) func writtenAheadIsWhatAReadAfterWrites() throws {
        let library = try #require(ScannedLibrary.make())
        let catalog = try Catalog(path: library.catalog)
        let roots = [library.photos]
        let now = Self.output(catalog, roots: roots, prefetched: nil)
        #expect(now.contains("\"captureTime\""))
        // Small chunks and room for two: the writing thread waits for the output most of the time.
        for (chunkSize, capacity) in [(1 << 16, 512), (300, 2), (1, 1)] {
            let prefetched = try #require(catalog.prefetchItemJSON(under: roots, memberIndent: 2, chunkSize: chunkSize, capacity: capacity))
            #expect(prefetched.isCurrent(under: roots))
            #expect(Self.output(catalog, roots: roots, prefetched: prefetched) == now, "chunks of \(chunkSize), \(capacity) held")
        }
        // No item under the roots: an empty array, as read now.
        let nowhere = try #require(catalog.prefetchItemJSON(under: ["/nowhere"], memberIndent: 2))
        #expect(Self.output(catalog, roots: ["/nowhere"], prefetched: nowhere) == Self.output(catalog, roots: ["/nowhere"], prefetched: nil))
    }

    @Test(.timeLimit(.minutes(5))) func aCommitOrOtherRootsAreReadAgain() throws {
        let library = try #require(ScannedLibrary.make())
        let catalog = try Catalog(path: library.catalog)
        let roots = [library.photos]
        let before = Self.output(catalog, roots: roots, prefetched: nil)

        let prefetched = try #require(catalog.prefetchItemJSON(under: roots, memberIndent: 2))
        try catalog.database.write { db in try db.execute(sql: "UPDATE item SET make = 'Prefetch Test Camera' WHERE id = (SELECT min(id) FROM item)") }
        #expect(!prefetched.isCurrent(under: roots))
        let after = Self.output(catalog, roots: roots, prefetched: prefetched)
        #expect(after.contains("Prefetch Test Camera") && after != before)
        #expect(after == Self.output(catalog, roots: roots, prefetched: nil))

        // Any commit counts (the data version moves with each): read again, the same text.
        let settings = try #require(catalog.prefetchItemJSON(under: roots, memberIndent: 2))
        try catalog.database.write { db in try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES ('prefetch-test', '1')") }
        #expect(!settings.isCurrent(under: roots))
        #expect(Self.output(catalog, roots: roots, prefetched: settings) == after)

        // Nothing committed: current, however long the scan took.
        let unchanged = try #require(catalog.prefetchItemJSON(under: roots, memberIndent: 2))
        _ = try catalog.items(under: roots)
        #expect(unchanged.isCurrent(under: roots))
        #expect(Self.output(catalog, roots: roots, prefetched: unchanged) == after)

        // Another process's commit (another connection to the same file, as a second `lenta scan`).
        let elsewhere = try #require(catalog.prefetchItemJSON(under: roots, memberIndent: 2))
        let other = try Catalog(path: library.catalog)
        try other.database.write { db in try db.execute(sql: "UPDATE item SET model = 'Other Process' WHERE id = (SELECT min(id) FROM item)") }
        #expect(!elsewhere.isCurrent(under: roots))
        let changedElsewhere = Self.output(catalog, roots: roots, prefetched: elsewhere)
        #expect(changedElsewhere.contains("Other Process") && changedElsewhere == Self.output(catalog, roots: roots, prefetched: nil))

        // Items removed and inserted: read again.
        let removed = try #require(catalog.prefetchItemJSON(under: roots, memberIndent: 2))
        try catalog.database.write { db in try db.execute(sql: "DELETE FROM item WHERE id = (SELECT max(id) FROM item)") }
        #expect(!removed.isCurrent(under: roots))
        #expect(Self.output(catalog, roots: roots, prefetched: removed) == Self.output(catalog, roots: roots, prefetched: nil))

        let moreRoots = try #require(catalog.prefetchItemJSON(under: roots, memberIndent: 2))
        #expect(!moreRoots.isCurrent(under: roots + ["/elsewhere"]))
    }

    @Test func anErrorComesAfterTheTextBeforeIt() throws {
        let folder = try TemporaryFolder()
        let catalog = try Catalog(path: folder.path("catalog.sqlite"))
        try catalog.database.write { db in
            for (n, altitude) in [(1, "10"), (2, "9e999"), (3, "20")] {
                try db.execute(sql: """
                    INSERT INTO item (path, size, modified, fingerprint, format, kind, warnings, scannedAt, latitude, longitude, altitude)
                    VALUES ('/photos/\(n).jpg', 1, 0, 'f\(n)', 'jpeg', 'photo', '[]', 0, 1, 2, \(altitude))
                    """)
            }
        }
        let now = Self.output(catalog, roots: ["/photos"], prefetched: nil)
        #expect(now.hasPrefix("error"))
        let prefetched = try #require(catalog.prefetchItemJSON(under: ["/photos"], memberIndent: 2, chunkSize: 1, capacity: 1))
        #expect(Self.output(catalog, roots: ["/photos"], prefetched: prefetched) == now)
    }

    /// Not on one core (the thread would only take turns with the scan), nor for a catalog in one
    /// connection (a copy in memory: the long read would hold up the scan's writes).
    @Test func onlyWhereItCanRunBeside() throws {
        let library = try #require(ScannedLibrary.make())
        let catalog = try Catalog(path: library.catalog)
        #expect(ScanOutput.prefetchItems(of: catalog, under: [library.photos], cores: 1) == nil)
        #expect(ScanOutput.prefetchItems(of: catalog, under: [library.photos], cores: 2) != nil)
        let scratch = try Catalog.scratchCopy(of: library.catalog)
        #expect(ScanOutput.prefetchItems(of: scratch, under: [library.photos], cores: 2) == nil)
    }

    /// Let go of unread (the scan failed, or changed the catalog): the thread stops, whatever it
    /// holds and wherever it is (waiting for room, reading, not begun).
    @Test(.timeLimit(.minutes(2))) func droppedUnreadItStops() throws {
        let folder = try TemporaryFolder()
        let catalog = try Catalog(path: folder.path("catalog.sqlite"))
        try catalog.database.write { db in
            for n in 0..<300 {
                try db.execute(sql: """
                    INSERT INTO item (path, size, modified, fingerprint, format, kind, warnings, scannedAt)
                    VALUES ('/photos/\(n).jpg', 1, 0, 'f\(n)', 'jpeg', 'photo', '[]', 0)
                    """)
            }
        }
        for round in 0..<20 {
            var prefetched = catalog.prefetchItemJSON(under: ["/photos"], memberIndent: 2, chunkSize: 1, capacity: 1)
            #expect(prefetched != nil)
            if round % 2 == 1 { Thread.sleep(forTimeInterval: 0.01) }
            prefetched = nil
        }
        #expect(Self.output(catalog, roots: ["/photos"], prefetched: nil).contains("/photos/299.jpg"))
    }

    /// Through the command: the unchanged rescan's items (written ahead) are the first scan's
    /// (read after it), and a rescan after a change shows the change.
    @Test(.timeLimit(.minutes(5))) func rescansWriteWhatTheCatalogHolds() throws {
        let temp = try TemporaryFolder()
        let media = temp.path("media")
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        for n in 0..<40 {
            try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 10:\(10 + n / 2):00"),
                                    to: media + "/p\(n).jpg")
        }
        let catalog = temp.path("c.sqlite")
        func items(_ run: LentaCLI.Result) throws -> (ScanOutput, String) {
            #expect(run.status == 0, "\(run.stderr)")
            let output = try JSONDecoder().decode(ScanOutput.self, from: Data(run.stdout.utf8))
            let text = run.stdout
            let start = try #require(text.range(of: "\"items\" : ["))
            let end = try #require(text.range(of: "\"report\" : {"))
            return (output, String(text[start.lowerBound..<end.lowerBound]))
        }
        let (first, firstItems) = try items(LentaCLI.run(["scan", "--json", "--catalog", catalog, media]))
        #expect(first.report.new == 40)
        let (again, againItems) = try items(LentaCLI.run(["scan", "--json", "--catalog", catalog, media]))
        #expect(again.report.unchanged == 40)
        #expect(againItems == firstItems)

        try SyntheticMedia.jpeg(width: 24, height: 16, exif: SyntheticExif(dateTimeOriginal: "2024:05:04 10:00:00"), to: media + "/p0.jpg")
        try FileManager.default.removeItem(atPath: media + "/p1.jpg")
        let (changed, changedItems) = try items(LentaCLI.run(["scan", "--json", "--catalog", catalog, media]))
        #expect(changed.report.changed == 1 && changed.report.removed == 1)
        #expect(changed.items.count == 39)
        #expect(changed.items.first { $0.path.hasSuffix("/p0.jpg") }?.metadata.width == 24)
        #expect(changedItems != firstItems)
        let (last, lastItems) = try items(LentaCLI.run(["scan", "--json", "--catalog", catalog, media]))
        #expect(last.report.unchanged == 39 && lastItems == changedItems)
    }
}
