/// A coordinate as a pixel index in 0…limit: far-off points (a continent's outline when the
/// map shows one city) become the edge instead of overflowing the conversion to `Int`.
enum PixelClamp {
    static func index(_ value: Double, limit: Int) -> Int {
        guard value.isFinite else { return value > 0 ? limit : 0 }
        return Int(max(0, min(Double(limit), value)))
    }
}
