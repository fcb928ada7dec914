/// A `MediaItem` whose texts are UTF-8 bytes held elsewhere (a catalog row being read, valid
/// until its statement steps on), written as the item made of it writes: `scan --json` of a
/// library without an item, a record and a dozen `String`s made and freed for each row (issue 31).
/// What it holds is what the catalog keeps of an item (no colour, software, comment, quality);
/// `CatalogItemJSONTests` holds its text to the item's on random rows.
public struct MediaItemView: PrettyJSONObject {
    public typealias Text = UnsafeBufferPointer<UInt8>

    public struct Place {
        public var name: Text, city: Text, region: Text?, countryCode: Text, country: Text, timeZone: Text?
        public var distanceKm: Double
        public var isRemote: Bool

        public init(name: Text, city: Text, region: Text?, countryCode: Text, country: Text, timeZone: Text?,
                    distanceKm: Double, isRemote: Bool) {
            (self.name, self.city, self.region, self.countryCode, self.country, self.timeZone) = (name, city, region, countryCode, country, timeZone)
            (self.distanceKm, self.isRemote) = (distanceKm, isRemote)
        }
    }

    public var id: Int64
    public var path: Text
    public var size: Int64
    public var modified: Double
    public var fingerprint: Text
    public var format: MediaFormat
    public var width: Int64?, height: Int64?, orientation: Int64?, rotation: Int64?
    public var make: Text?, model: Text?
    public var captureTime: CaptureTime?
    public var location: GeoPoint?
    public var duration: Double?, frameRate: Double?
    public var variableFrameRate: Bool?, hasAudio: Bool?
    public var contentIdentifier: Text?
    public var embeddedMotion: EmbeddedMotion?
    public var slowMotion: SlowMotionTags?
    public enum Warnings {
        case strings([String])
        /// The catalog's column, when its strings can be written as they are (`CompactStringArrayText`).
        case compactJSON(CompactStringArrayText)
    }
    public var warnings: Warnings
    public var place: Place?

    public init(id: Int64, path: Text, size: Int64, modified: Double, fingerprint: Text, format: MediaFormat) {
        (self.id, self.path, self.size, self.modified, self.fingerprint, self.format) = (id, path, size, modified, fingerprint, format)
        warnings = .strings([])
    }

    /// `MediaItem.writeMembers`.
    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        m.write("fingerprint", utf8: fingerprint)
        m.write("id", id)
        try m.writeObject("metadata", writeMetadata)
        try m.write("modified", modified)
        m.write("path", utf8: path)
        if let place {
            try m.writeObject("place") { p in
                p.write("city", utf8: place.city)
                p.write("country", utf8: place.country)
                p.write("countryCode", utf8: place.countryCode)
                try p.write("distanceKm", place.distanceKm)
                p.write("isRemote", place.isRemote)
                p.write("name", utf8: place.name)
                p.write("region", utf8: place.region)
                p.write("timeZone", utf8: place.timeZone)
            }
        }
        m.write("size", size)
    }

    /// `MediaMetadata.writeMembers`, of the members it holds.
    private func writeMetadata(_ m: inout PrettyJSONMembers) throws {
        try m.write("captureTime", captureTime)
        m.write("contentIdentifier", utf8: contentIdentifier)
        try m.write("duration", duration)
        try m.write("embeddedMotion", embeddedMotion)
        m.write("format", format)
        try m.write("frameRate", frameRate)
        m.write("hasAudio", hasAudio)
        m.write("height", height)
        try m.write("location", location)
        m.write("make", utf8: make)
        m.write("model", utf8: model)
        m.write("orientation", orientation)
        m.write("rotation", rotation)
        try m.write("slowMotion", slowMotion)
        m.write("variableFrameRate", variableFrameRate)
        switch warnings {
        case .strings(let strings): m.write("warnings", strings)
        case .compactJSON(let text): m.write("warnings", text)
        }
        m.write("width", width)
    }
}
