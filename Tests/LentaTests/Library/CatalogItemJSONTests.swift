import Foundation
import GRDB
@testable import LentaCatalog
import LentaCore
@testable import LentaLibrary
import LentaTestSupport
import PropertyBased
import Testing

/// `scan --json` writes the catalog's rows straight from their columns (`forEachItemJSON`,
/// `MediaItemView`); it must write what the `MediaItem` the record makes of each row writes
/// (`forEachItem`), byte for byte, whatever the rows hold: odd storage classes, texts that are
/// not UTF-8 or hold a NUL, unknown enum values, numbers JSON cannot hold (the same error).
@Suite struct CatalogItemJSONTests {
    /// The columns of `item` the record reads that `forEachItemJSON` does not select: NOT NULL,
    /// and not part of the item.
    static let unselected: Set<String> = ["kind", "scannedAt", "placeLookedUp"]

    /// `scan --json`'s text of the items under `roots`, or the error it stops with, written
    /// through the items (`forEachItem`) or straight from the rows (`forEachItemJSON`).
    static func output(_ catalog: Catalog, roots: [String]?, straight: Bool) -> String {
        var bytes: [UInt8] = []
        do {
            try withoutActuallyEscaping({ (chunk: [UInt8]) in bytes += chunk }) { consume in
                if straight {
                    try ScanOutput.write(report: ScanReport(), items: { try catalog.forEachItemJSON(under: roots, $0) }, to: consume)
                } else {
                    try ScanOutput.write(report: ScanReport(), items: { try catalog.forEachItem(under: roots, $0) }, to: consume)
                }
            }
        } catch {
            return "error: \(error)"
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func everyColumnOfTheRecordIsSelectedOrKnownToBeLeftOut() throws {
        let selected = Set(ItemRowColumns.selected.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        let record = ItemRecord(ScannedFile(path: "/a", size: 1, modified: 0, fingerprint: "f", metadata: MediaMetadata(format: .jpeg)),
                                scannedAt: 0)
        let properties = Set(Mirror(reflecting: record).children.compactMap(\.label))
        #expect(selected.union(Self.unselected) == properties)
        #expect(selected.isDisjoint(with: Self.unselected))
    }

    @Test(.timeLimit(.minutes(5))) func aScannedLibraryIsWrittenAsItsItemsAre() throws {
        let library = try #require(ScannedLibrary.make())
        let catalog = try Catalog(path: library.catalog)
        let straight = Self.output(catalog, roots: [library.photos], straight: true)
        #expect(!straight.hasPrefix("error"))
        #expect(straight.contains("\"captureTime\""))
        #expect(straight == Self.output(catalog, roots: [library.photos], straight: false))
        #expect(Self.output(catalog, roots: nil, straight: true) == Self.output(catalog, roots: nil, straight: false))
        #expect(Self.output(catalog, roots: ["/nowhere"], straight: true) == Self.output(catalog, roots: ["/nowhere"], straight: false))
    }

    @Test(.timeLimit(.minutes(5))) func randomRowsAreWrittenAsTheirItemsAre() async throws {
        let folder = try TemporaryFolder()
        let catalog = try Catalog(path: folder.path("catalog.sqlite"))
        var outputs = 0, errors = 0, skipped = 0, straightRows = 0, recordRows = 0
        await propertyCheck(count: 200, input: Gen.uint64()) { seed in
            var random = Xoshiro(seed: (seed, 20, 7, 31))
            let rows = Int.random(in: 1...6, using: &random)
            try catalog.database.write { db in
                try db.execute(sql: "DELETE FROM item")
                for row in 0..<rows { try Self.insertRandomRow(db, number: row, &random) }
            }
            let straight = Self.output(catalog, roots: ["/photos"], straight: true)
            #expect(straight == Self.output(catalog, roots: ["/photos"], straight: false), "seed \(seed)")
            if straight.hasPrefix("error") { errors += 1 } else { outputs += 1 }
            if try catalog.items(under: ["/photos"]).count < rows { skipped += 1 }
            let readings = try Self.readings(catalog)
            straightRows += readings.straight
            recordRows += readings.throughRecord
        }
        // The random rows reach every outcome: written, skipped (an unknown format), an error;
        // most rows are read straight, some through the record.
        #expect(outputs > 100 && errors > 0 && skipped > 0, "\(outputs) written, \(errors) errors, \(skipped) with a row left out")
        #expect(straightRows > 2 * recordRows && recordRows > 20, "\(straightRows) rows read straight, \(recordRows) through the record")
    }

    /// How `ItemRowColumns.read` takes the catalog's rows.
    static func readings(_ catalog: Catalog) throws -> (straight: Int, throughRecord: Int) {
        try catalog.database.read { db in
            let statement = try db.makeStatement(sql: "SELECT \(ItemRowColumns.selected) FROM item")
            let rows = try Row.fetchCursor(statement)
            var counts = (straight: 0, throughRecord: 0)
            while try rows.next() != nil {
                switch ItemRowColumns.read(statement.sqliteStatement) {
                case .item: counts.straight += 1
                case .throughRecord: counts.throughRecord += 1
                case .none: break
                }
            }
            return counts
        }
    }

    /// A row of `item` with each column NULL (where it may be), a value of its kind, or one of
    /// another storage class; texts with quotes, controls, non-ASCII, a NUL, bytes that are not
    /// UTF-8; enum columns mostly a known raw value.
    static func insertRandomRow(_ db: Database, number: Int, _ random: inout Xoshiro) throws {
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        // A row in five holds values of another storage class, or an infinity, here and there.
        let oddRow = chance(20)
        func oddValue() -> Bool { oddRow && chance(6) }
        func odd() -> DatabaseValue {
            switch Int.random(in: 0..<5, using: &random) {
            case 0: return "12".databaseValue
            case 1: return "x\u{1}y".databaseValue
            case 2: return 2.5.databaseValue
            case 3: return Int64.random(in: -3...3, using: &random).databaseValue
            default: return Data([0x41, 0x00, 0xFF]).databaseValue
            }
        }
        func integer(nullable: Bool = true) -> DatabaseValue {
            if nullable && chance(30) { return .null }
            if oddValue() { return odd() }
            return [Int64.min, Int64.max, 0, -1, .random(in: -10_000...10_000, using: &random), .random(in: .min ... .max, using: &random)]
                .randomElement(using: &random)!.databaseValue
        }
        func double(nullable: Bool = true) -> DatabaseValue {
            if nullable && chance(30) { return .null }
            if oddValue() { return odd() }
            if oddValue() { return [Double.infinity, -.infinity].randomElement(using: &random)!.databaseValue }
            return ScanOutputStreamTests.double(&random).databaseValue
        }
        func bool() -> DatabaseValue {
            if chance(30) { return .null }
            if oddValue() { return odd() }
            return Bool.random(using: &random).databaseValue
        }
        func text(nullable: Bool = true, maxLength: Int = 24) -> DatabaseValue {
            if nullable && chance(30) { return .null }
            if oddValue() { return odd() }
            return ScanOutputStreamTests.text(&random, maxLength: maxLength).databaseValue
        }
        func oneOf(_ values: [String], nullable: Bool = true) -> DatabaseValue {
            if chance(85) { return values.randomElement(using: &random)!.databaseValue }
            return text(nullable: nullable)
        }
        let localTimes = ["2024-05-03T14:22:09", "2024-05-03T14:22:09.120", "2024-05-03T14:22:09.000", "0001-01-01T00:00:00",
                          "9999-12-31T23:59:59.999", "2024-02-30T10:00:00", "2024:05:03 14:22:09", "2024-05-03 14:22", "2024-05-03T14:22:60",
                          "2024-05-03T14:22:09+02:00", "20240503"]
        let warnings = try ["[]", "[]", "[]", "[\"a\"]", "[\"a\",\"b\\/c\"]", "[ \"a\" ]", "[\"a\"", "not json", "",
                            String(decoding: JSONEncoder().encode([ScanOutputStreamTests.text(&random, maxLength: 40)]), as: UTF8.self)]
        var columns: [String: DatabaseValue] = [
            "path": ("/photos/\(number)/" + ScanOutputStreamTests.text(&random, maxLength: 60)).databaseValue,
            "size": integer(nullable: false), "modified": double(nullable: false),
            "fingerprint": text(nullable: false),
            "format": chance(90) ? MediaFormat.allCases.randomElement(using: &random)!.rawValue.databaseValue : text(nullable: false),
            "kind": text(nullable: false), "scannedAt": double(nullable: false), "placeLookedUp": Bool.random(using: &random).databaseValue,
            "width": integer(), "height": integer(), "orientation": integer(), "rotation": integer(), "make": text(), "model": text(),
            "localTime": oneOf(localTimes), "utcOffset": chance(70) ? (900 * Int.random(in: -60...60, using: &random)).databaseValue : integer(),
            "utcTime": chance(60) ? ScanOutputStreamTests.utc(&random).databaseValue : double(),
            "timeSource": oneOf(CaptureTimeSource.allCases.map(\.rawValue)), "offsetSource": oneOf(OffsetSource.allCases.map(\.rawValue)),
            "latitude": double(), "longitude": double(), "altitude": double(), "duration": double(), "frameRate": double(),
            "variableFrameRate": bool(), "hasAudio": bool(), "warnings": oneOf(warnings, nullable: false),
            "placeName": text(), "placeCity": text(), "placeRegion": text(), "placeCountryCode": text(maxLength: 3),
            "placeCountry": text(), "placeTimeZone": text(), "placeDistanceKm": double(), "placeRemote": bool(),
            "contentIdentifier": text(), "motionOffset": integer(), "motionLength": integer(),
            "motionOrigin": oneOf(EmbeddedMotion.Origin.allCases.map(\.rawValue)), "motionDuration": double(), "motionHasAudio": bool(),
            "fullFrameRatePlayback": bool(), "captureFrameRate": double(),
        ]
        if chance(50) {
            // Every place column set: the place is written.
            for key in ["placeName", "placeCity", "placeCountryCode", "placeCountry"] where columns[key] == .null { columns[key] = "P".databaseValue }
            if columns["placeDistanceKm"] == .null { columns["placeDistanceKm"] = 1.25.databaseValue }
        }
        if chance(30) {
            // A position, a movie inside: written when their parts are there.
            (columns["latitude"], columns["longitude"]) = (38.7.databaseValue, (-9.14).databaseValue)
            (columns["motionOffset"], columns["motionLength"]) = (1000.databaseValue, 2000.databaseValue)
        }
        let names = columns.keys.sorted()
        try db.execute(sql: "INSERT INTO item (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))",
                       arguments: StatementArguments(names.map { columns[$0]! }))
        if chance(15) {
            // A text that is not UTF-8, or holds a NUL: GRDB reads it up to the NUL, repaired.
            let column = ["make", "model", "placeName", "localTime", "fingerprint", "contentIdentifier", "warnings", "format"]
                .randomElement(using: &random)!
            let bytes = [[0x41, 0xFF, 0x42], [0x41, 0x00, 0x42], [0xC3, 0xA9, 0x00], [0xE2, 0x82], [0x5B, 0x5D, 0x00, 0x41]]
                .randomElement(using: &random)!
            try db.execute(sql: "UPDATE item SET \(column) = CAST(? AS TEXT) WHERE path = ?",
                           arguments: [Data(bytes.map(UInt8.init)), columns["path"]!])
        }
    }
}
