import Foundation
import GRDB
@testable import LentaCatalog
import LentaTestSupport
import Testing

/// `ItemRecord` and `QualityRecord` write their columns by hand (`encode(to:)`), faster than
/// through `Encodable`: they must write every stored property, each as `Encodable` would. A
/// property added without its column fails here.
@Suite struct RecordEncodingTests {
    /// A record's columns as GRDB's `Encodable` encoding writes them.
    struct ViaEncodable<Record: Encodable>: EncodableRecord, Encodable {
        let record: Record
        func encode(to encoder: any Encoder) throws { try record.encode(to: encoder) }
    }

    static func properties(_ record: Any) -> Set<String> { Set(Mirror(reflecting: record).children.compactMap(\.label)) }

    @Test(.timeLimit(.minutes(5))) func rowsAreWrittenAsEncodableWritesThem() throws {
        let library = try #require(ScannedLibrary.make())
        let catalog = try Catalog(path: library.catalog)
        let (items, qualities) = try catalog.database.read { db in (try ItemRecord.fetchAll(db), try QualityRecord.fetchAll(db)) }
        #expect(items.count > 5)
        #expect(qualities.count > 5)
        #expect(items.contains { $0.placeName != nil && $0.latitude != nil })
        for record in items {
            let columns = try record.databaseDictionary
            #expect(columns == (try ViaEncodable(record: record).databaseDictionary), "\(record.path)")
            #expect(Set(columns.keys) == Self.properties(record))
        }
        for record in qualities {
            let columns = try record.databaseDictionary
            #expect(columns == (try ViaEncodable(record: record).databaseDictionary), "item \(record.itemId)")
            #expect(Set(columns.keys) == Self.properties(record))
        }
        // A record with nothing optional set: every column still written, as NULL.
        let bare = QualityRecord(itemId: 1, quality: nil, problem: "not analysed")
        #expect(try bare.databaseDictionary == (try ViaEncodable(record: bare).databaseDictionary))
    }
}
