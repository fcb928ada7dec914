/// What a boarding pass's barcode holds: IATA's Bar Coded Boarding Pass (BCBP, Resolution 792),
/// a fixed-field text — 'M', the number of legs, the passenger's name (20), the e-ticket mark,
/// the booking reference (7), from and to airports (3 + 3), the carrier (3), the flight (5), the
/// day of the year (3)… — in a PDF417, Aztec, QR or Data Matrix code.
public struct BoardingPassCode: Sendable, Equatable {
    public var from: String
    public var to: String

    /// nil unless `text` has BCBP's mandatory fields where BCBP puts them.
    public init?(_ text: String) {
        let c = Array(text)
        guard c.count >= 58, c[0] == "M", let legs = c[1].wholeNumberValue, (1...4).contains(legs),
              c[22] == "E" || c[22] == " " else { return nil }
        let from = String(c[30..<33]), to = String(c[33..<36])
        let letters: (String) -> Bool = { $0.allSatisfy { $0.isASCII && $0.isUppercase } }
        let day = String(c[44..<47]).filter { $0 != " " }
        guard letters(from), letters(to), let julian = Int(day), (1...366).contains(julian),
              String(c[23..<30]).allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == " ") }) else { return nil }
        self.from = from
        self.to = to
    }
}
