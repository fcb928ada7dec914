/// Numbers as text with a fixed count of decimals, by integer arithmetic: no locale, no
/// platform formatting, the same characters everywhere ("-9.139400", never "-9,1394").
enum FixedDecimal {
    static func text(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int64((abs(value) * scale).rounded())
        let negative = value < 0 && scaled != 0
        let unit = Int64(scale)
        var fraction = String(scaled % unit)
        while fraction.count < digits { fraction = "0" + fraction }
        return (negative ? "-" : "") + String(scaled / unit) + (digits > 0 ? "." + fraction : "")
    }
}
