import Foundation
import GRDB
import LentaCore

/// A row of the `itemQuality` table: what an item is worth for a story, learned once when the
/// scan read it (`ItemQuality`), or why it could not be learned. Deleted with its item; replaced
/// when the file changes.
struct QualityRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "itemQuality"

    var itemId: Int64
    var signature: String?
    var contentHash: String?
    var sharpness: Double?
    var clipped: Double?
    var crushed: Double?
    var brightness: Double?
    var content: String?
    var contentReasons: String?
    var source: String?
    /// A clip's activity as JSON (`ClipActivity`).
    var clip: String?
    /// Why the item could not be analysed; the other columns are then empty.
    var problem: String?
    /// The `v6-documents` migration's: whether the photo may hold text, and what reading found (JSON).
    var textGate: Bool?
    var reading: String?
    /// The `v10-gate15-gate-side` migration's: the longer side of the picture the gate was decided on.
    var gateSide: Int?

    /// The `v4: item quality` migration.
    static func createTable(_ db: Database) throws {
        try db.create(table: databaseTableName) { t in
            t.primaryKey("itemId", .integer).references("item", onDelete: .cascade)
            t.column("signature", .text)       // 16 hex digits
            t.column("contentHash", .text).indexed()
            t.column("sharpness", .double)
            t.column("clipped", .double)
            t.column("crushed", .double)
            t.column("brightness", .double)
            t.column("content", .text)          // photo | screenshot | screen-recording | document
            t.column("contentReasons", .text)   // JSON array of strings
            t.column("source", .text)
            t.column("clip", .text)             // JSON ClipActivity, clips only
            t.column("problem", .text)
        }
    }

    /// Every column, written by hand as `ItemRecord`'s are (`RecordEncodingTests`).
    func encode(to container: inout PersistenceContainer) throws {
        container["itemId"] = itemId
        container["signature"] = signature
        container["contentHash"] = contentHash
        container["sharpness"] = sharpness
        container["clipped"] = clipped
        container["crushed"] = crushed
        container["brightness"] = brightness
        container["content"] = content
        container["contentReasons"] = contentReasons
        container["source"] = source
        container["clip"] = clip
        container["problem"] = problem
        container["textGate"] = textGate
        container["reading"] = reading
        container["gateSide"] = gateSide
    }

    private static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = .sortedKeys
        return e
    }()

    init(itemId: Int64, quality: ItemQuality?, problem: String?) {
        self.itemId = itemId
        guard let q = quality else {
            self.problem = problem ?? "not analysed"
            return
        }
        signature = q.signature.description
        contentHash = q.contentHash
        sharpness = q.sharpness
        clipped = q.clipped
        crushed = q.crushed
        brightness = q.brightness
        content = q.content.rawValue
        contentReasons = (try? Self.encoder.encode(q.contentReasons)).map { String(decoding: $0, as: UTF8.self) }
        source = q.source
        clip = try? q.clip.map { String(decoding: try Self.encoder.encode($0), as: UTF8.self) }
        textGate = q.textGate
        gateSide = q.gateSide
        reading = try? q.reading.map { String(decoding: try Self.encoder.encode($0), as: UTF8.self) }
        self.problem = nil
    }

    /// The domain value; nil when the item could not be analysed or the row is from a newer lenta.
    var quality: ItemQuality? {
        guard problem == nil, let signature = signature.flatMap(PerceptualSignature.init(hex:)), let contentHash,
              let sharpness, let clipped, let crushed, let brightness, let source,
              let content = content.flatMap(ContentKind.init(rawValue:)) else { return nil }
        let reasons = contentReasons.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
        let activity = clip.flatMap { try? JSONDecoder().decode(ClipActivity.self, from: Data($0.utf8)) }
        let read = reading.flatMap { try? JSONDecoder().decode(DocumentReading.self, from: Data($0.utf8)) }
        return ItemQuality(signature: signature, contentHash: contentHash, sharpness: sharpness, clipped: clipped, crushed: crushed,
                           brightness: brightness, content: content, contentReasons: reasons, source: source, clip: activity,
                           textGate: textGate, reading: read, gateSide: gateSide)
    }
}
