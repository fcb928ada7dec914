import LentaCore
import LentaTestSupport

/// The library of the recognition tests: documents and private pictures as a phone takes them,
/// and travel photos with signs, plaques and a menu board in them.
enum PhotographedDocuments {
    static let mono = "DejaVu-Sans-Mono"

    static func mrzLine(_ fields: [String]) -> String { fields.joined() }

    static var documents: [PhotographedDocument] {
        let receiptLines: [(String, Int)] = [("CAFE A BRASILEIRA", 30), ("Rua Garrett 120, Lisboa", 20), ("NIF 500 123 456", 20),
                                             ("2x Pastel de nata   2.60", 22), ("1x Bica             0.80", 22),
                                             ("1x Agua 50cl        1.20", 22), ("SUBTOTAL            4.60", 22),
                                             ("IVA 23%             0.86", 22), ("TOTAL EUR           4.60", 26),
                                             ("CASH                5.00", 22), ("CHANGE              0.40", 22), ("Obrigado!", 22)]
        let pass = PersonalDataTests.bcbp(name: "SILVA/JOANA MS", booking: "XK4T9P", from: "LIS", to: "OPO", day: "125")
        return [
            .init(name: "receipt-cafe", expected: .document, size: (520, 900), font: mono, lines: receiptLines, angle: 9),
            .init(name: "receipt-cafe-left", expected: .document, size: (520, 900), font: mono, lines: receiptLines, angle: -12,
                  background: 2),
            .init(name: "receipt-shop", expected: .document, size: (560, 980), paper: "#fbfaf6", font: mono,
                  lines: [("PINGO DOCE", 32), ("Loja 214 Porto", 20), ("Pao      1.29", 24), ("Queijo   3.49", 24),
                          ("Vinho    6.99", 24), ("Fruta    2.15", 24), ("TOTAL   13.92", 28), ("VISA   ****4821", 22),
                          ("IVA incluido", 20), ("05/05/2024 18:22", 20)], angle: 5, background: 3),
            .init(name: "ticket-museum", expected: .document, size: (900, 420), paper: "#efe6d2",
                  lines: [("MUSEU NACIONAL DO AZULEJO", 34), ("ADMISSION TICKET - ADULT", 26), ("Valid 04/05/2024", 24),
                          ("Price EUR 8.00", 24), ("No 0048213", 22)], angle: -7, fill: 0.55, background: 1),
            .init(name: "ticket-train", expected: .document, size: (980, 460), paper: "#f2f4f6",
                  lines: [("CP COMBOIOS DE PORTUGAL", 30), ("TRAIN TICKET  2nd class", 26), ("LISBOA SA  ->  PORTO C", 28),
                          ("Coach 21  Seat 54", 24), ("04 MAY 2024 09:09", 24)],
                  code: ("QRCode", "CP:ticket:0421093;LIS-OPO;20240504", 720, 230, 200, 200), angle: 6, fill: 0.6, background: 4),
            .init(name: "boarding-pass-pdf417", expected: .private, size: (1000, 460), paper: "#ffffff",
                  lines: [("BOARDING PASS", 34), ("SILVA/JOANA MS", 26), ("LIS -> OPO   TP 1944", 26), ("Seat 12A  Gate 14", 24)],
                  code: ("PDF417", pass, 60, 250, 560, 170), angle: 7, fill: 0.62, background: 5),
            .init(name: "boarding-pass-aztec", expected: .private, size: (900, 520), paper: "#f6f8ff",
                  lines: [("BOARDING PASS", 34), ("SILVA/JOANA MS", 26), ("LISBON to PORTO", 26)],
                  code: ("Aztec", pass, 560, 200, 280, 280), angle: -6, fill: 0.6, background: 0),
            .init(name: "passport-page", expected: .private, size: (1000, 700), paper: "#e9eef0", font: mono,
                  lines: [("PASSPORT  PASSEPORT", 30), ("Type P   Code UTO   No L898902C3", 22), ("ERIKSSON", 24), ("ANNA MARIA", 24),
                          ("12 AUG 1974   F", 22), ("15 APR 2012", 22), ("", 60),
                          (PersonalDataTests.passport[0], 25), (PersonalDataTests.passport[1], 25)], angle: 4, fill: 0.7, background: 2),
            .init(name: "passport-page-tilted", expected: .private, size: (1000, 700), paper: "#f0ebe4", font: mono,
                  lines: [("PASSPORT", 30), ("ERIKSSON", 24), ("ANNA MARIA", 24), ("", 120),
                          (PersonalDataTests.passport[0], 25), (PersonalDataTests.passport[1], 25)], angle: -8, fill: 0.7, background: 4),
            .init(name: "identity-card", expected: .private, size: (860, 540), paper: "#dfe8f1", font: mono,
                  lines: [("IDENTITY CARD", 28), ("ERIKSSON ANNA MARIA", 22), ("", 120), (PersonalDataTests.identityCard[0], 30),
                          (PersonalDataTests.identityCard[1], 30), (PersonalDataTests.identityCard[2], 30)],
                  angle: 6, fill: 0.6, background: 1),
            .init(name: "bank-card", expected: .private, size: (856, 540), paper: "#1f3b73", ink: "#f2f2f2", font: mono,
                  lines: [("BANCO EXEMPLO", 30), ("", 60), ("", 60), ("4539 1488 0343 6467", 48), ("JOANA SILVA    05/29", 26)],
                  angle: -5, fill: 0.5, background: 3),
            .init(name: "bank-card-light", expected: .private, size: (856, 540), paper: "#cfd8cf", ink: "#111111", font: mono,
                  lines: [("DEBIT", 30), ("", 60), ("", 60), ("5425 2334 3010 9903", 48), ("J SILVA  VALID THRU 11/27", 24)],
                  angle: 8, fill: 0.5, background: 5),
            .init(name: "slide-white", expected: .document, size: (1280, 720), paper: "#ffffff",
                  lines: [("Cost of travel data", 60), ("- Roaming fell 80% since 2017", 36), ("- Most trips: 2-5 GB a week", 36),
                          ("- Offline maps save half", 36), ("- eSIM: no shop, no queue", 36)], angle: 3, fill: 0.75),
            .init(name: "slide-dark", expected: .document, size: (1280, 720), paper: "#1d2533", ink: "#f4f4f4",
                  lines: [("Results", 64), ("Accuracy rose from 71% to 93%", 38), ("Latency under 40 ms", 38),
                          ("Memory: 120 MB per worker", 38), ("Next: mobile release", 38)], angle: -4, fill: 0.75, background: 2),
            .init(name: "handwritten-note", expected: .document, size: (700, 700), paper: "#fdf3a6", ink: "#1d2a6e",
                  font: "Bookman-LightItalic",
                  lines: [("Remember:", 40), ("call Ana at 6pm", 34), ("buy stamps", 34), ("train at 9:09", 34),
                          ("return the key", 34), ("Lisbon Tuesday", 34)], angle: 10, fill: 0.5, background: 3),
            .init(name: "whiteboard", expected: .document, size: (1400, 900), paper: "#f7f7f5", ink: "#123f8c", font: "DejaVu-Sans-Bold",
                  lines: [("Sprint plan", 56), ("1. fix upload bug", 40), ("2. review designs", 40), ("3. write release notes", 40),
                          ("4. demo on Friday", 40), ("owner: team B", 40)], angle: -3, fill: 0.8, background: 4),
            .init(name: "page-letter", expected: .document, size: (850, 1100), paper: "#fbfbf8", font: "DejaVu-Serif",
                  lines: (0..<18).map { i in (["Dear Ms Silva, thank you for staying with us in May.", "Your booking reference",
                                                "is confirmed for three nights in the double room", "with breakfast included. Check-in",
                                                "is from three o'clock; the reception is open all night.", "We look forward to seeing you."][i % 6], 19) },
                  angle: 6, fill: 0.62, background: 1),
            .init(name: "page-book", expected: .document, size: (800, 1100), paper: "#efe7d6", font: "DejaVu-Serif",
                  lines: (0..<20).map { i in (["The old town climbs the hill in narrow lanes", "where washing hangs between the windows",
                                                "and the trams squeal on every bend. At dusk", "the light turns the tiles to gold and the",
                                                "river below fills with the boats of the fishermen."][i % 5], 20) },
                  angle: -9, fill: 0.62, background: 5),
            .init(name: "hotel-bill", expected: .document, size: (850, 1100), paper: "#ffffff", font: mono,
                  lines: [("HOTEL AVENIDA", 32), ("Invoice 2024/1187", 22), ("Room 304   3 nights", 22), ("Room     3 x 95.00   285.00", 22),
                          ("Breakfast             36.00", 22), ("City tax               6.00", 22), ("TOTAL                327.00", 26),
                          ("VAT 6%                18.51", 22), ("Paid by card", 22)], angle: 5, fill: 0.6, background: 0),
        ]
    }

    /// Travel photos: the samples as they are, and scenes with text in a small part of them.
    static var travelScenes: [PhotographedDocument] {
        [
            .init(name: "scene-shop-sign", expected: .photo, size: (700, 160), paper: "#7a1f1f", ink: "#f5e6c8", font: "DejaVu-Sans-Bold",
                  lines: [("PASTELARIA", 80)], angle: 2, fill: 0.3, background: 0),
            .init(name: "scene-street-sign", expected: .photo, size: (600, 200), paper: "#ffffff", ink: "#202020",
                  lines: [("Rua Augusta", 60), ("Baixa", 40)], angle: -3, fill: 0.22, background: 1),
            .init(name: "scene-plaque", expected: .photo, size: (600, 380), paper: "#6e5a2e", ink: "#e8d9a8", font: "DejaVu-Serif",
                  lines: [("Aqui viveu", 36), ("FERNANDO PESSOA", 40), ("1888 - 1935", 32)], angle: 1, fill: 0.2, background: 2),
            .init(name: "scene-menu-board", expected: .photo, size: (420, 560), paper: "#1e2420", ink: "#f0f0f0", font: "DejaVu-Sans",
                  lines: [("MENU", 44), ("Sardinhas 12", 26), ("Bacalhau 14", 26), ("Caldo verde 5", 26), ("Vinho 4", 26)],
                  angle: 4, fill: 0.18, background: 3),
            .init(name: "scene-station-sign", expected: .photo, size: (900, 150), paper: "#0b3d91", ink: "#ffffff", font: "DejaVu-Sans-Bold",
                  lines: [("ROSSIO", 90)], angle: -2, fill: 0.3, background: 4),
            .init(name: "scene-cafe-sign", expected: .photo, size: (640, 200), paper: "#efe4c8", ink: "#3a2a1a", font: "DejaVu-Serif",
                  lines: [("Cafe Central", 64), ("desde 1905", 36)], angle: 5, fill: 0.25, background: 5),
            .init(name: "scene-parking", expected: .photo, size: (300, 300), paper: "#1456b8", ink: "#ffffff", font: "DejaVu-Sans-Bold",
                  lines: [("P", 200)], angle: 0, fill: 0.12, background: 0),
            .init(name: "scene-monument", expected: .photo, size: (500, 260), paper: "#9a9386", ink: "#2b2b2b", font: "DejaVu-Serif",
                  lines: [("MONUMENTO", 48), ("AOS HEROIS", 40)], angle: -1, fill: 0.18, background: 1),
            .init(name: "scene-bus-stop", expected: .photo, size: (500, 300), paper: "#f2c200", ink: "#111111", font: "DejaVu-Sans-Bold",
                  lines: [("BUS 728", 60), ("Belem", 44)], angle: 3, fill: 0.16, background: 2),
            .init(name: "scene-open-sign", expected: .photo, size: (420, 180), paper: "#ffffff", ink: "#c8102e", font: "DejaVu-Sans-Bold",
                  lines: [("ABERTO", 70)], angle: -4, fill: 0.14, background: 3),
        ]
    }
}
