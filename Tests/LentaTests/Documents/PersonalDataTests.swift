import LentaCore
import Testing

/// Personal data is recognised by its check digits, not by its look.
@Suite struct PersonalDataTests {
    /// ICAO Doc 9303's own specimens: a passport (TD3) and an identity card (TD1).
    static let passport = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
    static let identityCard = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]

    @Test func aPassportsZoneIsFoundByItsCheckDigits() throws {
        let zone = try #require(MachineReadableZone.find(in: ["some text", Self.passport[0], Self.passport[1]]))
        #expect(zone.format == .td3)
        #expect(zone.documentNumber == "L898902C3")
        #expect(zone.description == "a passport's machine-readable zone")
    }

    @Test func anIdentityCardsZoneIsFound() throws {
        let zone = try #require(MachineReadableZone.find(in: Self.identityCard))
        #expect(zone.format == .td1)
        #expect(zone.documentNumber == "D23145890")
    }

    @Test func ocrSpacesFillersAndLetterDigitsAreForgiven() {
        let spaced = Self.passport[1].replacingOccurrences(of: "<", with: "«").replacingOccurrences(of: "ZE", with: "Z E")
        #expect(MachineReadableZone.find(in: [Self.passport[0], spaced]) != nil)
        #expect(MachineReadableZone.find(in: [Self.passport[0], String(Self.passport[1].dropLast(0)) + "<"]) != nil)
    }

    /// OCR miscounts a long run of one character: a name row's trailing fillers come short by
    /// far more than two, and a mark in the page's margin is read as a stray letter before a
    /// row. The name row carries no check digit; the second row's still decide.
    @Test func aNameRowsDroppedFillersAndAStrayLetterBeforeItAreForgiven() throws {
        let short = "A " + String(Self.passport[0].prefix(30))
        let zone = try #require(MachineReadableZone.find(in: [short, Self.passport[1]]))
        #expect(zone.documentCode == "P" && zone.documentNumber == "L898902C3")
        // The second row ends in its composite check digit: fillers dropped before it are not made up.
        let shortSecond = Self.passport[1].replacingOccurrences(of: "<<<<<", with: "<")
        #expect(MachineReadableZone.find(in: [Self.passport[0], shortSecond]) == nil)
        // A stray word before a row is dropped only when it is short and the row long.
        #expect(MachineReadableZone.find(in: ["PASSPORT " + Self.passport[0], Self.passport[1]]) == nil)
    }

    @Test func lettersReadForDigitsAreRepairedOnlyInNumericFields() throws {
        // OCR-B's 0 read as O in the birth date, 1 as I in the expiry, '<' as K in the personal number.
        var line = Array(Self.passport[1])
        line[15] = "O"; line[21] = "I"
        let zone = try #require(MachineReadableZone.find(in: [Self.passport[0], String(line)]))
        #expect(zone.documentNumber == "L898902C3")
        var dice = GeneratedDocuments.Dice(state: 7)
        let filled = GeneratedDocuments.passportZone(&dice, surname: "SILVA", given: "JOANA")
        var fillers = Array(filled[1])
        fillers[30] = "K"; fillers[31] = "K"
        #expect(MachineReadableZone.find(in: [filled[0], String(fillers)]) != nil)
        // The document number is alphanumeric: a letter there is never taken for a digit.
        var number = Array(Self.passport[1])
        number[1] = "B"
        #expect(MachineReadableZone.find(in: [Self.passport[0], String(number)]) == nil)
        // A repaired field must still pass its check digit: O for 7 is no repair.
        var wrong = Array(Self.passport[1])
        wrong[13] = "O"
        #expect(MachineReadableZone.find(in: [Self.passport[0], String(wrong)]) == nil)
    }

    @Test func cardGroupsReadWithLettersForDigitsStillPassLuhn() {
        #expect(PaymentCardNumber.find(in: ["4539 l488 O343 6467"]).first?.digits == "4539148803436467")
        #expect(PaymentCardNumber.find(in: ["4539 l488 O343 6468"]).isEmpty)
        #expect(PaymentCardNumber.find(in: ["TOTAL SOLD 4539"]).isEmpty)
    }

    @Test(arguments: [9, 19, 27, 42, 43, 0, 15])
    func oneWrongDigitAndItIsNotAZone(position: Int) {
        var line = Array(Self.passport[1])
        let c = line[position]
        line[position] = c == "7" ? "3" : (c.isNumber ? "7" : "X")
        #expect(MachineReadableZone.find(in: [Self.passport[0], String(line)]) == nil)
    }

    @Test func aWrongIdentityCardCompositeIsNotAZone() {
        var lines = Self.identityCard
        lines[1] = String(lines[1].dropLast()) + "5"
        #expect(MachineReadableZone.find(in: lines) == nil)
    }

    @Test func theCheckDigitIsSevenThreeOne() {
        #expect(MachineReadableZone.digit(Array("L898902C3")) == 6)
        #expect(MachineReadableZone.digit(Array("740812")) == 2)
        #expect(MachineReadableZone.digit(Array("520727")) == 3)
    }

    @Test func cardNumbersPassLuhnWithAKnownPrefix() {
        #expect(PaymentCardNumber.find(in: ["4111 1111 1111 1111"]).first?.network == "Visa")
        #expect(PaymentCardNumber.find(in: ["5500-0000-0000-0004  12/29"]).first?.network == "Mastercard")
        #expect(PaymentCardNumber.find(in: ["3782 822463 10005"]).first?.network == "American Express")
    }

    @Test func aSixteenDigitStringFailingLuhnIsNotACard() {
        #expect(PaymentCardNumber.find(in: ["4111 1111 1111 1112"]).isEmpty)
        #expect(!PaymentCardNumber.luhn("4111111111111112"))
        // Random 16-digit strings with a Visa prefix: only those passing Luhn (one in ten) are cards.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let digits = "4" + String((0..<15).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            #expect((PaymentCardNumber(digits) != nil) == PaymentCardNumber.luhn(digits))
        }
    }

    @Test func numbersThatAreNotCards() {
        // An order number, a phone number, a date and time: no network's prefix or too short.
        #expect(PaymentCardNumber.find(in: ["Order 1234567890", "+351 213 456 789", "2024-05-04 15:05:10"]).isEmpty)
    }

    static func bcbp(name: String = "DESMARAIS/LUC", booking: String = "ABC123", from: String = "YUL", to: String = "FRA",
                     day: String = "326") -> String {
        func pad(_ s: String, _ n: Int) -> String { s.padding(toLength: n, withPad: " ", startingAt: 0) }
        return "M1" + pad(name, 20) + "E" + pad(booking, 7) + from + to + pad("AC", 3) + pad("0834", 5) + day + "J" + "001A"
            + pad("0025", 5) + "1" + "00"
    }

    @Test func aBoardingPassCodeIsBCBP() throws {
        let pass = try #require(BoardingPassCode(Self.bcbp()))
        #expect(pass.from == "YUL" && pass.to == "FRA")
        #expect(BoardingPassCode("https://example.com/ticket/12345") == nil)
        #expect(BoardingPassCode(Self.bcbp(from: "Y1L")) == nil)
        #expect(BoardingPassCode(Self.bcbp(day: "999")) == nil)
    }
}
