import LentaCore
import LentaTestSupport

/// A library of documents, private pictures and travel photos with signs drawn from a seed: each
/// kind of paper with its own words and numbers (a passport's zone with its check digits, a card
/// number passing Luhn, a boarding pass's BCBP code), photographed with its own angle, distance,
/// perspective, lens softness, JPEG quality, on a real photo or a wooden table, sometimes held in
/// a hand. One seed is the library the rules were tried on; another is held out, never tuned on.
enum GeneratedDocuments {
    /// The seed of the library the rules were tried on, and of the one held out.
    static let tuningSeed: UInt64 = 0x5EED_0001
    static let heldOutSeed: UInt64 = 0x0DD5_EED2

    /// Draws from SplitMix64 (`FuzzRandom`): the same library from the same seed on every machine.
    struct Dice {
        var random: FuzzRandom
        init(state: UInt64) { random = FuzzRandom(seed: state) }
        mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        mutating func real(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ p: Double) -> Bool { real(0...1) < p }
        mutating func digits(_ n: Int) -> String { String((0..<n).map { _ in Character(String(int(0...9))) }) }
        mutating func letters(_ n: Int) -> String { String((0..<n).map { _ in Character(UnicodeScalar(UInt8(int(65...90)))) }) }
    }

    static let surnames = ["SILVA", "COSTA", "MARTIN", "NOVAK", "HANSEN", "MORENO", "ROSSI", "KOWALSKA", "LAINE", "OKAFOR"]
    static let givenNames = ["JOANA", "PEDRO", "ANNA MARIA", "LUC", "EMMA", "TOMAS", "SOFIA", "JAN", "AIKO", "DAVID"]
    static let airports = ["LIS", "OPO", "MAD", "CDG", "FRA", "AMS", "FCO", "PRG", "CPH", "HEL", "ATH", "DUB"]
    static let shops = ["CAFE CENTRAL", "PINGO DOCE", "MERCADO DA RIBEIRA", "PADARIA NOVA", "FARMACIA ALIANCA", "BAR DO PEIXE"]
    static let goods = ["Pastel de nata", "Bica", "Agua 50cl", "Pao", "Queijo", "Vinho tinto", "Fruta", "Sardinhas", "Sumo laranja",
                        "Croissant", "Gelado", "Postal", "Cerveja", "Salada"]
    static let words = ["the", "old", "town", "river", "light", "morning", "harbour", "station", "market", "street", "window",
                        "garden", "evening", "bridge", "tower", "square", "quiet", "people", "along", "under", "between", "every"]
    static let signWords = ["PASTELARIA", "FARMACIA", "HOTEL", "CAFE", "ROSSIO", "BAIXA", "PRACA", "MUSEU", "METRO", "SALE",
                            "ABERTO", "TABACARIA", "Rua Augusta", "Belem", "Alfama", "TAXI", "BAR", "POLICIA"]
    static let mono = "DejaVu-Sans-Mono"

    static func money(_ dice: inout Dice) -> String { "\(dice.int(0...40)).\(dice.digits(2))" }

    static func padded(_ s: String, _ n: Int) -> String { s.padding(toLength: n, withPad: " ", startingAt: 0) }

    /// An MRZ field with its check digit appended.
    static func checked(_ field: String) -> String {
        field + String(MachineReadableZone.digit(Array(field)) ?? 0)
    }

    static func mrzName(_ surname: String, _ given: String, _ length: Int) -> String {
        let name = surname + "<<" + given.replacingOccurrences(of: " ", with: "<")
        return String((name + String(repeating: "<", count: length)).prefix(length))
    }

    /// A passport's two lines (ICAO 9303 TD3) with every check digit right.
    static func passportZone(_ dice: inout Dice, surname: String, given: String) -> [String] {
        let line1 = "P<UTO" + mrzName(surname, given, 39)
        let number = dice.letters(2) + dice.digits(7)
        let birth = "\(dice.int(50...99))\(String(format: "%02d", dice.int(1...12)))\(String(format: "%02d", dice.int(1...28)))"
        let expiry = "\(dice.int(26...34))\(String(format: "%02d", dice.int(1...12)))\(String(format: "%02d", dice.int(1...28)))"
        let personal = String(repeating: "<", count: 14)
        let a = checked(number), b = checked(birth), c = checked(expiry)
        let d = personal + "<"
        let composite = MachineReadableZone.digit(Array(a + b + c + d)) ?? 0
        return [line1, a + "UTO" + b + dice.pick(["F", "M"]) + c + d + String(composite)]
    }

    /// An identity card's three lines (TD1) with every check digit right.
    static func identityZone(_ dice: inout Dice, surname: String, given: String) -> [String] {
        let number = dice.letters(1) + dice.digits(8)
        let line1 = "I<UTO" + checked(number) + String(repeating: "<", count: 15)
        let birth = "\(dice.int(50...99))\(String(format: "%02d", dice.int(1...12)))\(String(format: "%02d", dice.int(1...28)))"
        let expiry = "\(dice.int(26...34))\(String(format: "%02d", dice.int(1...12)))\(String(format: "%02d", dice.int(1...28)))"
        let body = checked(birth) + dice.pick(["F", "M"]) + checked(expiry) + "UTO" + String(repeating: "<", count: 11)
        let composite = MachineReadableZone.digit(Array(line1.dropFirst(5)) + Array(body.prefix(7)) + Array(body.dropFirst(8).prefix(7))
                                                  + Array(body.dropFirst(18).prefix(11))) ?? 0
        return [line1, body + String(composite), mrzName(surname, given, 30)]
    }

    /// A card number of a real network's prefix whose last digit makes the Luhn sum right.
    static func cardNumber(_ dice: inout Dice) -> String {
        let body = dice.pick(["4", "51", "52", "53", "54", "55", "2221"])
        var digits = body + dice.digits(15 - body.count)
        for last in 0...9 where PaymentCardNumber.luhn(digits + String(last)) {
            digits += String(last)
            break
        }
        return stride(from: 0, to: 16, by: 4).map { i in
            String(digits[digits.index(digits.startIndex, offsetBy: i)..<digits.index(digits.startIndex, offsetBy: i + 4)])
        }.joined(separator: " ")
    }

    static func bcbp(_ dice: inout Dice, surname: String, given: String, from: String, to: String) -> String {
        let name = padded(surname + "/" + given.split(separator: " ")[0], 20)
        return "M1" + name + "E" + padded(dice.letters(6), 7) + from + to + padded(dice.pick(["TP", "LH", "AF", "IB"]), 3)
            + padded(dice.digits(4), 5) + String(format: "%03d", dice.int(1...365)) + "Y" + String(format: "%03d", dice.int(1...40))
            + dice.pick(["A", "C", "F"]) + padded(dice.digits(4), 5) + "1" + "00"
    }

    /// How the phone took it: angle, distance (fill), surface, hand, softness.
    static func photographed(_ picture: PhotographedDocument, _ dice: inout Dice, fill: ClosedRange<Double>,
                             hand: Double = 0.25) -> PhotographedDocument {
        var p = picture
        p.angle = dice.real(-14...14)
        p.fill = dice.real(fill)
        p.background = dice.int(0...5)
        p.wood = dice.chance(0.4)
        p.hand = dice.chance(hand)
        p.blur = dice.real(0.5...1.5)
        p.squeeze = dice.real(0.8...0.97)
        p.quality = dice.int(78...92)
        return p
    }

    /// `count` documents and private pictures, every kind in turn.
    static func documents(seed: UInt64, count: Int) -> [PhotographedDocument] {
        var dice = Dice(state: seed)
        let tag = String(seed, radix: 16)
        return (0..<count).map { i in
            let surname = dice.pick(surnames), given = dice.pick(givenNames)
            // No kind in the name: a file named "receipt" or "ticket" is a document by its name alone.
            let name = "IMG_\(tag)_\(String(format: "%02d", i))"
            switch i % 11 {
            case 0:  // a receipt
                let items = (0..<dice.int(3...7)).map { _ in (padded(dice.pick(goods), 18) + money(&dice), 22) }
                let lines = [(dice.pick(shops), 28), ("NIF \(dice.digits(9))", 20)] + items
                    + [("TOTAL EUR      \(money(&dice))", 26), ("IVA 23%   \(money(&dice))", 20), ("\(dice.int(1...28))/05/2024 \(dice.int(8...22)):\(dice.digits(2))", 20)]
                return photographed(.init(name: name, expected: .document, size: (dice.int(480...580), dice.int(820...1000)),
                                          paper: dice.pick(["#fbfaf6", "#f4f1ea", "#ffffff"]), font: mono, lines: lines), &dice, fill: 0.5...0.8)
            case 1:  // a museum or train ticket, sometimes with a QR code
                let code: (String, String, Int, Int, Int, Int)? = dice.chance(0.5) ? ("QRCode", "TKT:\(dice.digits(10))", 640, 190, 200, 200) : nil
                return photographed(.init(name: name, expected: .document, size: (900, 440), paper: dice.pick(["#efe6d2", "#f2f4f6", "#fff8e8"]),
                                          lines: [(dice.pick(["MUSEU DE ARTE ANTIGA", "CP COMBOIOS", "TORRE DE BELEM", "PALACIO DA PENA"]), 32),
                                                  (dice.pick(["ADMISSION TICKET", "TRAIN TICKET 2nd class", "ENTRY - ADULT"]), 26),
                                                  ("Valid \(dice.int(1...28))/05/2024", 24), ("Price EUR \(money(&dice))", 24), ("No \(dice.digits(7))", 22)],
                                          code: code), &dice, fill: 0.5...0.7)
            case 2:  // a boarding pass with a PDF417 or Aztec code
                let from = dice.pick(airports), to = dice.pick(airports.filter { $0 != from })
                let pass = bcbp(&dice, surname: surname, given: given, from: from, to: to)
                let pdf = dice.chance(0.5)
                return photographed(.init(name: name, expected: .private, size: (1000, 480), paper: "#ffffff",
                                          lines: [("BOARDING PASS", 34), ("\(surname)/\(given)", 26), ("\(from) -> \(to)", 28),
                                                  ("Seat \(dice.int(1...40))\(dice.pick(["A", "C", "F"]))  Gate \(dice.int(1...60))", 24)],
                                          code: pdf ? ("PDF417", pass, 60, 270, 560, 170) : ("Aztec", pass, 680, 150, 280, 280)),
                                    &dice, fill: 0.55...0.8, hand: 0.35)
            case 3:  // a passport's data page
                let zone = passportZone(&dice, surname: surname, given: given)
                return photographed(.init(name: name, expected: .private, size: (1000, 700), paper: dice.pick(["#e9eef0", "#f0ebe4", "#eef0e6"]),
                                          font: mono, lines: [("PASSPORT  PASSEPORT", 30), (surname, 24), (given, 24), ("", 100),
                                                              (zone[0], 25), (zone[1], 25)]), &dice, fill: 0.65...0.85)
            case 4:  // an identity card
                let zone = identityZone(&dice, surname: surname, given: given)
                return photographed(.init(name: name, expected: .private, size: (856, 540), paper: dice.pick(["#dfe8f1", "#e8e1f0", "#f1eadf"]),
                                          font: mono, lines: [("IDENTITY CARD", 28), ("\(surname) \(given)", 22), ("", 100),
                                                              (zone[0], 30), (zone[1], 30), (zone[2], 30)]), &dice, fill: 0.6...0.8, hand: 0.4)
            case 5:  // a bank card: 85.6 × 54 mm, a Luhn-valid number
                let dark = dice.chance(0.5)
                return photographed(.init(name: name, expected: .private, size: (856, 540),
                                          paper: dark ? dice.pick(["#1f3b73", "#202020", "#5a1a2a"]) : dice.pick(["#cfd8cf", "#e6e0d0", "#d0d8e8"]),
                                          ink: dark ? "#f2f2f2" : "#111111", font: mono,
                                          lines: [(dice.pick(["BANCO EXEMPLO", "DEBIT", "CREDIT CARD"]), 30), ("", 60), ("", 40),
                                                  (cardNumber(&dice), 48), ("\(given.split(separator: " ")[0]) \(surname)   \(dice.int(1...12))/\(dice.int(26...31))", 24)]),
                                    &dice, fill: 0.5...0.7, hand: 0.4)
            case 6:  // a slide, light or dark
                let dark = dice.chance(0.5)
                let bullets = (0..<dice.int(3...5)).map { _ in ("- " + (0..<dice.int(3...5)).map { _ in dice.pick(words) }.joined(separator: " "), 36) }
                return photographed(.init(name: name, expected: .document, size: (1280, 720), paper: dark ? "#1d2533" : "#ffffff",
                                          ink: dark ? "#f4f4f4" : "#1a1a1a",
                                          lines: [((0..<3).map { _ in dice.pick(words) }.joined(separator: " ").capitalized, 60)] + bullets),
                                    &dice, fill: 0.65...0.85, hand: 0)
            case 7:  // a handwritten note
                let lines = (0..<dice.int(4...6)).map { _ in ((0..<dice.int(2...4)).map { _ in dice.pick(words) }.joined(separator: " "), 34) }
                return photographed(.init(name: name, expected: .document, size: (700, 700), paper: dice.pick(["#fdf3a6", "#ffffff", "#f4f1ea"]),
                                          ink: dice.pick(["#1d2a6e", "#111111"]), font: dice.pick(["Bookman-LightItalic", "Palatino-Italic", "Times-Italic"]),
                                          lines: lines), &dice, fill: 0.5...0.7)
            case 8:  // a whiteboard
                let lines = (0..<dice.int(4...6)).map { n in ("\(n + 1). " + (0..<dice.int(2...4)).map { _ in dice.pick(words) }.joined(separator: " "), 40) }
                return photographed(.init(name: name, expected: .document, size: (1400, 900), paper: "#f7f7f5",
                                          ink: dice.pick(["#123f8c", "#1a1a1a", "#8c1a1a"]), font: "DejaVu-Sans-Bold", lines: lines),
                                    &dice, fill: 0.7...0.9, hand: 0)
            case 9:  // a page of a book or a letter
                let lines = (0..<dice.int(14...22)).map { _ in ((0..<dice.int(6...9)).map { _ in dice.pick(words) }.joined(separator: " "), 20) }
                return photographed(.init(name: name, expected: .document, size: (820, 1100), paper: dice.pick(["#fbfbf8", "#efe7d6"]),
                                          font: dice.pick(["DejaVu-Serif", "Times-Roman", "Palatino-Roman"]), lines: lines), &dice, fill: 0.55...0.75)
            default:  // a hotel bill
                let rows = (0..<dice.int(4...6)).map { _ in (padded(dice.pick(["Room", "Breakfast", "City tax", "Minibar", "Parking", "Spa"]), 20) + money(&dice), 22) }
                return photographed(.init(name: name, expected: .document, size: (850, 1100), paper: "#ffffff", font: mono,
                                          lines: [("HOTEL \(dice.pick(["AVENIDA", "DO MAR", "CENTRAL", "LISBOA"]))", 32), ("Invoice 2024/\(dice.digits(4))", 22)]
                                          + rows + [("TOTAL   \(money(&dice))", 26), ("VAT 6%  \(money(&dice))", 22)]), &dice, fill: 0.55...0.75)
            }
        }
    }

    /// `count` travel photos with text in a small part of them: shop and street signs, plaques,
    /// menu boards, on the real sample photos.
    static func travelScenes(seed: UInt64, count: Int) -> [PhotographedDocument] {
        var dice = Dice(state: seed ^ 0x7AE1)
        let tag = String(seed, radix: 16)
        return (0..<count).map { i in
            let colours = dice.pick([("#7a1f1f", "#f5e6c8"), ("#ffffff", "#202020"), ("#0b3d91", "#ffffff"), ("#1e2420", "#f0f0f0"),
                                     ("#f2c200", "#111111"), ("#6e5a2e", "#e8d9a8"), ("#9a9386", "#2b2b2b")])
            let lines: [(String, Int)]
            let size: (Int, Int)
            switch i % 3 {
            case 0: lines = [(dice.pick(signWords), 72)]; size = (dice.int(500...800), 150)
            case 1: lines = [(dice.pick(signWords), 40), (dice.pick(signWords), 36), ("\(dice.int(1800...1990)) - \(dice.int(1900...2020))", 32)]
                size = (560, 360)
            default: lines = [("MENU", 44)] + (0..<4).map { _ in ("\(dice.pick(goods)) \(dice.int(2...18))", 26) }; size = (440, 560)
            }
            var p = PhotographedDocument(name: "IMG_\(tag)_s\(String(format: "%02d", i))", expected: .photo, size: size, paper: colours.0, ink: colours.1,
                                         font: dice.pick(["DejaVu-Sans-Bold", "DejaVu-Serif", "DejaVu-Sans"]), lines: lines)
            p.angle = dice.real(-5...5)
            p.fill = dice.real(0.12...0.3)
            p.background = dice.int(0...5)
            p.blur = dice.real(0.5...1.2)
            p.squeeze = dice.real(0.9...1)
            p.quality = dice.int(80...92)
            return p
        }
    }
}
