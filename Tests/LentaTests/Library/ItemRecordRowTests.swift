import Foundation
import PropertyBased
@testable import LentaCatalog
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

/// The `warnings` column is read by its bytes when it can be; it must read what `JSONDecoder` reads.
@Suite struct ItemWarningsColumnTests {
    @Test func readsWhatJSONDecoderReadsForWhatJSONEncoderWrote() throws {
        let pieces = ["", "a", "GPS 0°, 0°", "\",\"", "a/b", "back\\slash", "tab\t", "\u{301}combining", "é", "😀", ",", "[", "]",
                      "ICC profile \"Generic RGB Profile\"", "\u{1}\u{1F}", "new\nline\r", "\u{8}\u{C}", "\\u0041", "\\"]
        var random = Xoshiro(seed: (7, 11, 20, 26))
        for _ in 0..<400 {
            let strings = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            }
            let column = String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
            #expect(ItemRecord.warnings(column) == strings, "\(column)")
        }
    }

    @Test func readsOtherLayoutsThroughJSONDecoder() {
        #expect(ItemRecord.warnings(#"["a", "b"]"#) == ["a", "b"])
        #expect(ItemRecord.warnings(#"[ "a","b" ]"#) == ["a", "b"])
        #expect(ItemRecord.warnings(#"["a","b""#) == [])
        #expect(ItemRecord.warnings("not json") == [])
        #expect(ItemRecord.warnings(#"["\u00e9\ud83d\ude00","\/"]"#) == ["é😀", "/"])
        #expect(ItemRecord.warnings(#"["\ud83d"]"#) == (try? JSONDecoder().decode([String].self, from: Data(#"["\ud83d"]"#.utf8))) ?? [])
        #expect(ItemRecord.warnings(#"["a"]x"#) == [])
    }
}
