// A catalog item's `--json`, written member by member in key order: what `encode(to:)` writes
// (synthesised for all but `CaptureTime`), at a fraction of the cost of the general encoder.
// `PrettyJSONWritableTests` holds each type to Foundation's output with every optional set.

extension MediaItem: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        m.write("fingerprint", fingerprint)
        m.write("id", id)
        try m.write("metadata", metadata)
        try m.write("modified", modified)
        m.write("path", path)
        try m.write("place", place)
        try m.write("quality", encoding: quality)
        m.write("size", size)
    }
}

extension MediaMetadata: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        try m.write("captureTime", captureTime)
        try m.write("colour", colour)
        m.write("colourWarning", colourWarning)
        m.write("contentIdentifier", contentIdentifier)
        try m.write("duration", duration)
        try m.write("embeddedMotion", embeddedMotion)
        m.write("format", format)
        try m.write("frameRate", frameRate)
        m.write("hasAudio", hasAudio)
        m.write("height", height)
        m.write("heldDecodeBytes", heldDecodeBytes)
        try m.write("location", location)
        m.write("make", make)
        m.write("model", model)
        m.write("orientation", orientation)
        m.write("rotation", rotation)
        try m.write("slowMotion", slowMotion)
        m.write("software", software)
        m.write("userComment", userComment)
        m.write("variableFrameRate", variableFrameRate)
        m.write("warnings", warnings)
        m.write("width", width)
    }
}

extension CaptureTime: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        if let local { m.write("local", local, zulu: false) }
        if let offset {
            if offset.hasFixedWidthText {
                m.write("offset", plainText: 6) { offset.appendText(to: &$0) }
            } else {
                m.write("offset", offset.description)
            }
        }
        m.write("offsetSource", offsetSource)
        m.write("source", source)
        if let utc { m.write("utc", LocalDateTime(secondsSinceEpochAsUTC: utc), zulu: true) }
    }
}

extension PrettyJSONMembers {
    /// A reading's ISO text (`utcText` when `zulu`), written in place when its fields fit their digits.
    mutating func write(_ key: StaticString, _ time: LocalDateTime, zulu: Bool) {
        if time.hasFixedWidthText {
            write(key, plainText: LocalDateTime.isoTextCapacity) { time.appendISOText(zulu: zulu, to: &$0) }
        } else {
            write(key, time.isoText(zulu: zulu))
        }
    }
}

extension GeoPoint: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        try m.write("altitude", altitude)
        try m.write("latitude", latitude)
        try m.write("longitude", longitude)
    }
}

extension EmbeddedMotion: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        try m.write("duration", duration)
        m.write("hasAudio", hasAudio)
        m.write("length", length)
        m.write("offset", offset)
        m.write("origin", origin)
    }
}

extension SlowMotionTags: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        try m.write("captureFrameRate", captureFrameRate)
        m.write("fullFrameRatePlayback", fullFrameRatePlayback)
    }
}

extension ColourDescription: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        m.write("bitDepth", bitDepth)
        m.write("fullRange", fullRange)
        m.write("matrix", matrix)
        m.write("primaries", primaries)
        m.write("transfer", transfer)
    }
}

extension ItemPlace: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        m.write("city", city)
        m.write("country", country)
        m.write("countryCode", countryCode)
        try m.write("distanceKm", distanceKm)
        m.write("isRemote", isRemote)
        m.write("name", name)
        m.write("region", region)
        m.write("timeZone", timeZone)
    }
}

extension UnreadableFile: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) {
        m.write("path", path)
        m.write("reason", reason)
    }
}
