import GRDB
import LentaCore

/// A place looked up for an item, and the capture time as the place's time zone completes it.
public struct PlaceUpdate: Sendable {
    public var itemID: Int64
    public var place: ItemPlace?
    /// The capture time with the offset the place's time zone gives; nil to leave it as it is.
    public var captureTime: CaptureTime?
    public init(itemID: Int64, place: ItemPlace?, captureTime: CaptureTime?) {
        self.itemID = itemID
        self.place = place
        self.captureTime = captureTime
    }
}

extension Catalog {
    /// Items whose place has not been looked up since they were last read.
    public func itemsAwaitingPlaces() throws -> [MediaItem] {
        try database.read { db in
            try ItemRecord.fetchItems(db, "SELECT * FROM item WHERE placeLookedUp = 0 ORDER BY id")
        }
    }

    /// Stores looked-up places (and offsets inferred from them) in one transaction.
    public func record(places updates: [PlaceUpdate]) throws {
        guard !updates.isEmpty else { return }
        try database.write { db in
            let placeUpdate = try db.makeStatement(sql: """
                UPDATE item SET placeLookedUp = 1, placeName = ?, placeCity = ?, placeRegion = ?, placeCountryCode = ?,
                    placeCountry = ?, placeTimeZone = ?, placeDistanceKm = ?, placeRemote = ? WHERE id = ?
                """)
            let timeUpdate = try db.makeStatement(sql: "UPDATE item SET localTime = ?, utcOffset = ?, utcTime = ?, offsetSource = ? WHERE id = ?")
            for u in updates {
                let p = u.place
                try placeUpdate.execute(arguments: [p?.name, p?.city, p?.region, p?.countryCode, p?.country, p?.timeZone,
                                                    p?.distanceKm, p?.isRemote, u.itemID])
                if let t = u.captureTime {
                    try timeUpdate.execute(arguments: [t.local?.description, t.offset?.seconds, t.utc, t.offsetSource?.rawValue, u.itemID])
                }
            }
        }
    }
}
