/// ISO 6709 text as phones write it into QuickTime tags: `+38.7139-009.1394/`, or with an
/// altitude `+38.7139-009.1394+012.000/`. Latitude and longitude carry 4 decimals (about 11 m),
/// altitude 3. A non-finite number is written as 0. lenta writes a story's place this way, and
/// the test support writes synthetic phone videos with it.
public enum ISO6709Text {
    public static func format(_ point: GeoPoint) -> String {
        var text = number(point.latitude, integerDigits: 2, decimals: 4)
            + number(point.longitude, integerDigits: 3, decimals: 4)
        if let altitude = point.altitude { text += number(altitude, integerDigits: 3, decimals: 3) }
        return text + "/"
    }

    /// Sign, zero-padded integer part and fixed decimals, with no locale involved.
    static func number(_ value: Double, integerDigits: Int, decimals: Int) -> String {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = abs(value) * Double(scale)
        let scaled = magnitude.isFinite && magnitude < 1e15 ? Int(magnitude.rounded()) : 0
        let whole = String(scaled / scale), fraction = String(scaled % scale)
        let sign = value < 0 && scaled != 0 ? "-" : "+"
        return sign + String(repeating: "0", count: max(0, integerDigits - whole.count)) + whole
            + "." + String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
    }
}
