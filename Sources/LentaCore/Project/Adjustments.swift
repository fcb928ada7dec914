/// Tone and colour changes to an item. Each is neutral when absent; the ranges are in
/// `ProjectLimits`.
public struct Adjustments: Hashable, Sendable, StrictJSONObject {
    /// Stops: +1 doubles the light, −1 halves it. Neutral 0.
    public var exposure: Double?
    /// A factor about mid-grey. Neutral 1.
    public var contrast: Double?
    /// A factor: 0 is black and white. Neutral 1.
    public var saturation: Double?
    /// Warmer (+, towards amber) or cooler (−, towards blue). Neutral 0.
    public var temperature: Double?
    /// Towards magenta (+) or green (−). Neutral 0.
    public var tint: Double?
    /// Brighter (+) or darker (−) bright tones. Neutral 0.
    public var highlights: Double?
    /// Brighter (+) or darker (−) dark tones. Neutral 0.
    public var shadows: Double?

    public init(exposure: Double? = nil, contrast: Double? = nil, saturation: Double? = nil, temperature: Double? = nil,
                tint: Double? = nil, highlights: Double? = nil, shadows: Double? = nil) {
        self.exposure = exposure
        self.contrast = contrast
        self.saturation = saturation
        self.temperature = temperature
        self.tint = tint
        self.highlights = highlights
        self.shadows = shadows
    }

    public static let jsonKeys = ["exposure", "contrast", "saturation", "temperature", "tint", "highlights", "shadows"]

    /// Each adjustment by its key, for checking and documenting them alike.
    public var values: [(key: String, value: Double?)] {
        [("exposure", exposure), ("contrast", contrast), ("saturation", saturation), ("temperature", temperature),
         ("tint", tint), ("highlights", highlights), ("shadows", shadows)]
    }

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys) else { return nil }
        exposure = o.read("exposure")
        contrast = o.read("contrast")
        saturation = o.read("saturation")
        temperature = o.read("temperature")
        tint = o.read("tint")
        highlights = o.read("highlights")
        shadows = o.read("shadows")
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        for (key, value) in values { o.set(key, value) }
        return o.value
    }
}
