import Foundation
import LentaCatalog
import LentaCore
import LentaTestSupport
import Testing

/// `Catalog.items(under:)` reads rows by column position (`ItemColumns`); `Catalog.item(path:)`
/// through GRDB's `Decodable` rows. Both must give the same items.
@Suite struct ItemRecordRowTests {
    @Test(.timeLimit(.minutes(5))) func itemsReadByPositionEqualItemsReadByName() throws {
        let library = try #require(ScannedLibrary.make())
        let catalog = try Catalog(path: library.catalog)
        let items = try catalog.items(under: [library.photos])
        #expect(items.count > 5)
        #expect(items.contains { $0.metadata.captureTime != nil && $0.place != nil })
        for item in items {
            #expect(try catalog.item(path: item.path) == item, "\(item.path)")
        }
        #expect(try catalog.items(under: nil).count == items.count)
        #expect(try catalog.items(under: ["/nowhere"]).isEmpty)
    }
}
