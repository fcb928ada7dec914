#if canImport(Glibc)
import Glibc
#endif
import GRDB
import GRDBSQLite
import LentaCore

/// An item of the catalog as `scan --json` writes it: the `MediaItem` that `ItemRecord.intoItem`
/// makes of its row, written member by member straight from the statement's columns, without the
/// record, the item and their strings between (reading and boxing 2,000 items cost more than the
/// rest of an unchanged rescan, issue 31). A row this reading does not take as it is (a value of
/// another storage class than its column's, a NULL where the record has none, a number JSON
/// cannot hold) is read through the record instead, so the text and the errors are the record's.
/// `CatalogItemJSONTests` holds the two to the same bytes on random rows.
public struct CatalogItemJSON: PrettyJSONObject {
    fileprivate enum Source {
        case columns(MediaItemView)
        case item(MediaItem)
    }
    fileprivate let source: Source

    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        switch source {
        case .columns(let row): try row.writeMembers(&m)
        case .item(let item): try item.writeMembers(&m)
        }
    }
}

extension Catalog {
    /// Every item under `roots` (all items when nil), by path, as `forEachItem` hands them over,
    /// each as its `--json` object for `body` to write while the row is read (it must not keep it).
    public func forEachItemJSON(under roots: [String]? = nil, _ body: (CatalogItemJSON) throws -> Void) throws {
        try Self.forEachItemJSON(in: database, under: roots, body)
    }

    /// `forEachItemJSON` from `database`, for a thread that holds no `Catalog`.
    static func forEachItemJSON(in database: any DatabaseReader, under roots: [String]?, _ body: (CatalogItemJSON) throws -> Void) throws {
        try database.read { db in
            let columns = ItemRowColumns.selected
            let query: SQL = roots.map { "SELECT \(sql: columns) FROM item WHERE \(Self.underRoots($0)) ORDER BY path" }
                ?? "SELECT \(sql: columns) FROM item ORDER BY path"
            let (sql, arguments) = try query.build(db)
            let statement = try db.makeStatement(sql: sql)
            statement.arguments = arguments
            let rows = try Row.fetchCursor(statement)
            let sqlite = statement.sqliteStatement
            while try rows.next() != nil {
                switch ItemRowColumns.read(sqlite) {
                case .item(let columns): try body(CatalogItemJSON(source: .columns(columns)))
                case .none: continue
                case .throughRecord(let id):
                    try ItemRecord.forEachItem(db, "SELECT * FROM item WHERE id = \(id)") { try body(CatalogItemJSON(source: .item($0))) }
                }
            }
        }
    }
}

/// The columns of an `item` row that its `MediaItem` is made of, read in place into the view
/// `intoItem` would make of them.
enum ItemRowColumns {
    /// What `forEachItemJSON` selects, in the order `read` takes them.
    static let selected = """
        id, path, size, modified, fingerprint, format, width, height, orientation, rotation, make, model, \
        localTime, utcOffset, utcTime, timeSource, offsetSource, latitude, longitude, altitude, duration, frameRate, \
        variableFrameRate, hasAudio, warnings, placeName, placeCity, placeRegion, placeCountryCode, placeCountry, \
        placeTimeZone, placeDistanceKm, placeRemote, contentIdentifier, motionOffset, motionLength, motionOrigin, \
        motionDuration, motionHasAudio, fullFrameRatePlayback, captureFrameRate
        """

    enum Reading {
        case item(MediaItemView)
        /// A row with no id (none: it is the rowid), which `intoItem` leaves out.
        case none
        /// A row to read through `ItemRecord`, by its id.
        case throughRecord(Int64)
    }

    /// A value this reading does not take as it is.
    struct Unusual: Error {}

    /// The current row of a statement of `selected`, as `ItemRecord(row:)` then `intoItem` read
    /// it. The columns it leaves out (`kind`, `scannedAt`, `placeLookedUp`) are NOT NULL: all the
    /// record could throw for.
    static func read(_ statement: OpaquePointer) -> Reading {
        let c = ColumnReader(statement: statement)
        // The id is the rowid: always an integer.
        guard sqlite3_column_type(statement, 0) == SQLITE_INTEGER else { return .none }
        let id = sqlite3_column_int64(statement, 0)
        do throws(Unusual) {
            // A format `intoItem` does not know leaves the row out, unless reading the record throws first.
            guard let format = try c.text(5).flatMap(ColumnEnum.format) else { return .throughRecord(id) }
            var v = MediaItemView(id: id, path: try c.required(c.text(1)), size: try c.required(c.integer(2)),
                                  modified: try c.required(c.double(3)), fingerprint: try c.required(c.text(4)), format: format)
            v.width = try c.integer(6)
            v.height = try c.integer(7)
            v.orientation = try c.integer(8)
            v.rotation = try c.integer(9)
            v.make = try c.text(10)
            v.model = try c.text(11)
            let localTime = try c.text(12), utcOffset = try c.integer(13), utcTime = try c.double(14)
            if let source = try c.text(15).flatMap(ColumnEnum.timeSource) {
                let local = localTime.flatMap { LocalDateTime(canonicalUTF8: $0) ?? LocalDateTime(iso: String(decoding: $0, as: UTF8.self)) }
                v.captureTime = ItemRecord.captureTime(source: source, local: local, offset: utcOffset.map(Int.init), utc: utcTime,
                                                       offsetSource: try c.text(16).flatMap(ColumnEnum.offsetSource))
            } else {
                _ = try c.text(16)
            }
            let latitude = try c.double(17), longitude = try c.double(18), altitude = try c.double(19)
            if let latitude, let longitude { v.location = GeoPoint(latitude: latitude, longitude: longitude, altitude: altitude) }
            v.duration = try c.double(20)
            v.frameRate = try c.double(21)
            v.variableFrameRate = try c.bool(22)
            v.hasAudio = try c.bool(23)
            let warnings = try c.required(c.text(24))
            if let plain = CompactStringArrayText(warnings) {
                v.warnings = .compactJSON(plain)
            } else {
                v.warnings = .strings(ItemRecord.warnings(String(decoding: warnings, as: UTF8.self)))
            }
            let name = try c.text(25), city = try c.text(26), region = try c.text(27), countryCode = try c.text(28)
            let country = try c.text(29), timeZone = try c.text(30), distanceKm = try c.double(31), remote = try c.bool(32)
            if let name, let city, let countryCode, let country, let distanceKm {
                v.place = MediaItemView.Place(name: name, city: city, region: region, countryCode: countryCode, country: country,
                                              timeZone: timeZone, distanceKm: distanceKm, isRemote: remote ?? false)
            }
            v.contentIdentifier = try c.text(33)
            let motionOffset = try c.integer(34), motionLength = try c.integer(35), origin = try c.text(36)
            let motionDuration = try c.double(37), motionHasAudio = try c.bool(38)
            if let motionOffset, let motionLength, let origin = origin.flatMap(ColumnEnum.motionOrigin) {
                v.embeddedMotion = EmbeddedMotion(offset: motionOffset, length: motionLength, origin: origin, duration: motionDuration,
                                                  hasAudio: motionHasAudio)
            }
            let fullFrameRatePlayback = try c.bool(39), captureFrameRate = try c.double(40)
            if fullFrameRatePlayback != nil || captureFrameRate != nil {
                v.slowMotion = SlowMotionTags(fullFrameRatePlayback: fullFrameRatePlayback, captureFrameRate: captureFrameRate)
            }
            return .item(v)
        } catch {
            return .throughRecord(id)
        }
    }
}

/// The cases of the catalog's enum columns found by their bytes, as `init(rawValue:)` finds them
/// by the `String` of the bytes.
private enum ColumnEnum {
    static let formats = table(MediaFormat.self)
    static let timeSources = table(CaptureTimeSource.self)
    static let offsetSources = table(OffsetSource.self)
    static let motionOrigins = table(EmbeddedMotion.Origin.self)

    static func format(_ bytes: MediaItemView.Text) -> MediaFormat? { find(bytes, in: formats) }
    static func timeSource(_ bytes: MediaItemView.Text) -> CaptureTimeSource? { find(bytes, in: timeSources) }
    static func offsetSource(_ bytes: MediaItemView.Text) -> OffsetSource? { find(bytes, in: offsetSources) }
    static func motionOrigin(_ bytes: MediaItemView.Text) -> EmbeddedMotion.Origin? { find(bytes, in: motionOrigins) }

    private static func table<E: CaseIterable & RawRepresentable>(_: E.Type) -> [([UInt8], E)] where E.RawValue == String {
        E.allCases.map { (Array($0.rawValue.utf8), $0) }
    }

    private static func find<E>(_ bytes: MediaItemView.Text, in table: [([UInt8], E)]) -> E? {
        guard let start = bytes.baseAddress else { return nil }
        for (raw, value) in table where raw.count == bytes.count {
            if raw.withUnsafeBufferPointer({ $0.baseAddress.map { memcmp($0, start, bytes.count) == 0 } ?? true }) { return value }
        }
        return nil
    }
}

/// The columns of a statement's current row as GRDB decodes them for `ItemRecord`, when they
/// are of the storage class their column holds; `Unusual` for any other (the record decides).
private struct ColumnReader {
    let statement: OpaquePointer

    func required<T>(_ value: T?) throws(ItemRowColumns.Unusual) -> T {
        guard let value else { throw ItemRowColumns.Unusual() }
        return value
    }

    /// The column's value, read by `sqlite3_value_*` (a call each, not two through the
    /// statement): an unprotected value, safe as GRDB lets one thread at a time use the connection.
    private func value(_ i: Int32) -> OpaquePointer? { sqlite3_column_value(statement, i) }

    /// A TEXT's bytes up to its first NUL, as GRDB's `String(cString:)` reads them.
    func text(_ i: Int32) throws(ItemRowColumns.Unusual) -> MediaItemView.Text? {
        let value = value(i)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return nil
        case SQLITE_TEXT:
            guard let start = sqlite3_value_text(value) else { throw ItemRowColumns.Unusual() }
            // NUL-terminated, as SQLite hands every text over.
            return UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)))
        default: throw ItemRowColumns.Unusual()
        }
    }

    func integer(_ i: Int32) throws(ItemRowColumns.Unusual) -> Int64? {
        let value = value(i)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER: return sqlite3_value_int64(value)
        default: throw ItemRowColumns.Unusual()
        }
    }

    /// A finite number (an infinity is left to the record, which cannot write it either).
    func double(_ i: Int32) throws(ItemRowColumns.Unusual) -> Double? {
        let value = value(i)
        switch sqlite3_value_type(value) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER, SQLITE_FLOAT:
            let number = sqlite3_value_double(value)
            guard number.isFinite else { throw ItemRowColumns.Unusual() }
            return number
        default: throw ItemRowColumns.Unusual()
        }
    }

    func bool(_ i: Int32) throws(ItemRowColumns.Unusual) -> Bool? {
        try integer(i).map { $0 != 0 }
    }
}
