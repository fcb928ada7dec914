import GRDB
import LentaCore

/// `SELECT *` rows of the `item` table read by column position, the positions found once per
/// statement: GRDB's `Decodable` rows look every column up by a lowercased name, which made
/// reading 2,000 items cost more than the rest of an unchanged rescan (`scan --json`, issue 31).
/// `ItemRecordRowTests` checks it reads what the `Decodable` path reads.
struct ItemColumns {
    let id: Int
    let path: Int
    let size: Int
    let modified: Int
    let fingerprint: Int
    let format: Int
    let kind: Int
    let width: Int
    let height: Int
    let orientation: Int
    let rotation: Int
    let make: Int
    let model: Int
    let localTime: Int
    let utcOffset: Int
    let utcTime: Int
    let timeSource: Int
    let offsetSource: Int
    let latitude: Int
    let longitude: Int
    let altitude: Int
    let duration: Int
    let frameRate: Int
    let variableFrameRate: Int
    let hasAudio: Int
    let warnings: Int
    let scannedAt: Int
    let placeLookedUp: Int
    let placeName: Int
    let placeCity: Int
    let placeRegion: Int
    let placeCountryCode: Int
    let placeCountry: Int
    let placeTimeZone: Int
    let placeDistanceKm: Int
    let placeRemote: Int
    let contentIdentifier: Int
    let motionOffset: Int
    let motionLength: Int
    let motionOrigin: Int
    let motionDuration: Int
    let motionHasAudio: Int
    let fullFrameRatePlayback: Int
    let captureFrameRate: Int

    /// The positions of every column in a statement's result, or nil when one is missing
    /// (a `SELECT` of other columns).
    init?(_ names: [String]) {
        var at: [String: Int] = [:]
        for (i, name) in names.enumerated() where at[name] == nil { at[name] = i }
        guard let id = at["id"] else { return nil }
        guard let path = at["path"] else { return nil }
        guard let size = at["size"] else { return nil }
        guard let modified = at["modified"] else { return nil }
        guard let fingerprint = at["fingerprint"] else { return nil }
        guard let format = at["format"] else { return nil }
        guard let kind = at["kind"] else { return nil }
        guard let width = at["width"] else { return nil }
        guard let height = at["height"] else { return nil }
        guard let orientation = at["orientation"] else { return nil }
        guard let rotation = at["rotation"] else { return nil }
        guard let make = at["make"] else { return nil }
        guard let model = at["model"] else { return nil }
        guard let localTime = at["localTime"] else { return nil }
        guard let utcOffset = at["utcOffset"] else { return nil }
        guard let utcTime = at["utcTime"] else { return nil }
        guard let timeSource = at["timeSource"] else { return nil }
        guard let offsetSource = at["offsetSource"] else { return nil }
        guard let latitude = at["latitude"] else { return nil }
        guard let longitude = at["longitude"] else { return nil }
        guard let altitude = at["altitude"] else { return nil }
        guard let duration = at["duration"] else { return nil }
        guard let frameRate = at["frameRate"] else { return nil }
        guard let variableFrameRate = at["variableFrameRate"] else { return nil }
        guard let hasAudio = at["hasAudio"] else { return nil }
        guard let warnings = at["warnings"] else { return nil }
        guard let scannedAt = at["scannedAt"] else { return nil }
        guard let placeLookedUp = at["placeLookedUp"] else { return nil }
        guard let placeName = at["placeName"] else { return nil }
        guard let placeCity = at["placeCity"] else { return nil }
        guard let placeRegion = at["placeRegion"] else { return nil }
        guard let placeCountryCode = at["placeCountryCode"] else { return nil }
        guard let placeCountry = at["placeCountry"] else { return nil }
        guard let placeTimeZone = at["placeTimeZone"] else { return nil }
        guard let placeDistanceKm = at["placeDistanceKm"] else { return nil }
        guard let placeRemote = at["placeRemote"] else { return nil }
        guard let contentIdentifier = at["contentIdentifier"] else { return nil }
        guard let motionOffset = at["motionOffset"] else { return nil }
        guard let motionLength = at["motionLength"] else { return nil }
        guard let motionOrigin = at["motionOrigin"] else { return nil }
        guard let motionDuration = at["motionDuration"] else { return nil }
        guard let motionHasAudio = at["motionHasAudio"] else { return nil }
        guard let fullFrameRatePlayback = at["fullFrameRatePlayback"] else { return nil }
        guard let captureFrameRate = at["captureFrameRate"] else { return nil }
        (self.id, self.path, self.size, self.modified, self.fingerprint, self.format, self.kind, self.width, self.height, self.orientation, self.rotation, self.make, self.model, self.localTime, self.utcOffset, self.utcTime, self.timeSource, self.offsetSource, self.latitude, self.longitude, self.altitude, self.duration, self.frameRate, self.variableFrameRate, self.hasAudio, self.warnings, self.scannedAt, self.placeLookedUp, self.placeName, self.placeCity, self.placeRegion, self.placeCountryCode, self.placeCountry, self.placeTimeZone, self.placeDistanceKm, self.placeRemote, self.contentIdentifier, self.motionOffset, self.motionLength, self.motionOrigin, self.motionDuration, self.motionHasAudio, self.fullFrameRatePlayback, self.captureFrameRate) =
            (id, path, size, modified, fingerprint, format, kind, width, height, orientation, rotation, make, model, localTime, utcOffset, utcTime, timeSource, offsetSource, latitude, longitude, altitude, duration, frameRate, variableFrameRate, hasAudio, warnings, scannedAt, placeLookedUp, placeName, placeCity, placeRegion, placeCountryCode, placeCountry, placeTimeZone, placeDistanceKm, placeRemote, contentIdentifier, motionOffset, motionLength, motionOrigin, motionDuration, motionHasAudio, fullFrameRatePlayback, captureFrameRate)
    }
}

extension ItemRecord {
    /// Throws as the `Decodable` path does when a value is not what its column should hold (a NULL path).
    init(row: Row, at c: ItemColumns) throws {
        id = try row.decode(atIndex: c.id)
        path = try row.decode(atIndex: c.path)
        size = try row.decode(atIndex: c.size)
        modified = try row.decode(atIndex: c.modified)
        fingerprint = try row.decode(atIndex: c.fingerprint)
        format = try row.decode(atIndex: c.format)
        kind = try row.decode(atIndex: c.kind)
        width = try row.decode(atIndex: c.width)
        height = try row.decode(atIndex: c.height)
        orientation = try row.decode(atIndex: c.orientation)
        rotation = try row.decode(atIndex: c.rotation)
        make = try row.decode(atIndex: c.make)
        model = try row.decode(atIndex: c.model)
        localTime = try row.decode(atIndex: c.localTime)
        utcOffset = try row.decode(atIndex: c.utcOffset)
        utcTime = try row.decode(atIndex: c.utcTime)
        timeSource = try row.decode(atIndex: c.timeSource)
        offsetSource = try row.decode(atIndex: c.offsetSource)
        latitude = try row.decode(atIndex: c.latitude)
        longitude = try row.decode(atIndex: c.longitude)
        altitude = try row.decode(atIndex: c.altitude)
        duration = try row.decode(atIndex: c.duration)
        frameRate = try row.decode(atIndex: c.frameRate)
        variableFrameRate = try row.decode(atIndex: c.variableFrameRate)
        hasAudio = try row.decode(atIndex: c.hasAudio)
        warnings = try row.decode(atIndex: c.warnings)
        scannedAt = try row.decode(atIndex: c.scannedAt)
        placeLookedUp = try row.decode(atIndex: c.placeLookedUp)
        placeName = try row.decode(atIndex: c.placeName)
        placeCity = try row.decode(atIndex: c.placeCity)
        placeRegion = try row.decode(atIndex: c.placeRegion)
        placeCountryCode = try row.decode(atIndex: c.placeCountryCode)
        placeCountry = try row.decode(atIndex: c.placeCountry)
        placeTimeZone = try row.decode(atIndex: c.placeTimeZone)
        placeDistanceKm = try row.decode(atIndex: c.placeDistanceKm)
        placeRemote = try row.decode(atIndex: c.placeRemote)
        contentIdentifier = try row.decode(atIndex: c.contentIdentifier)
        motionOffset = try row.decode(atIndex: c.motionOffset)
        motionLength = try row.decode(atIndex: c.motionLength)
        motionOrigin = try row.decode(atIndex: c.motionOrigin)
        motionDuration = try row.decode(atIndex: c.motionDuration)
        motionHasAudio = try row.decode(atIndex: c.motionHasAudio)
        fullFrameRatePlayback = try row.decode(atIndex: c.fullFrameRatePlayback)
        captureFrameRate = try row.decode(atIndex: c.captureFrameRate)
    }

    /// The items a `SELECT * FROM item …` query returns, each handed to `body` as it is read (rows
    /// of a newer format left out, as `item` does).
    static func forEachItem(_ db: Database, _ query: SQL, _ body: (MediaItem) throws -> Void) throws {
        let (sql, arguments) = try query.build(db)
        let statement = try db.makeStatement(sql: sql)
        statement.arguments = arguments
        guard let columns = ItemColumns(statement.columnNames) else {
            for record in try ItemRecord.fetchAll(statement) { if let item = record.item { try body(item) } }
            return
        }
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
            if let item = try ItemRecord(row: row, at: columns).intoItem() { try body(item) }
        }
    }

    /// The items a `SELECT * FROM item …` query returns (rows of a newer format left out, as `item` does).
    static func fetchItems(_ db: Database, _ query: SQL) throws -> [MediaItem] {
        var items: [MediaItem] = []
        try forEachItem(db, query) { items.append($0) }
        return items
    }
}
