import Foundation
import LentaCore

/// Reads what a photo says, with libraries made for it: every barcode by ZXing-C++ and the text
/// lines by Tesseract, on a copy reduced to `readingSide` pixels; then looks in them for personal
/// data checked by its check digits (a machine-readable zone, a Luhn-valid card number, a boarding
/// pass's BCBP code) and tells a document (text lines covering much of the picture) from a photo
/// with a sign in it (a few lines in a small part of it).
/// Run only on photos whose `TextSignals` say text may be there.
public enum DocumentReader {
    /// The longer side the photo is read at: a receipt's small print is then some 12 pixels high.
    public static let readingSide = 1600

    /// What reading decided: the reading itself, and the content it shows (nil: nothing to say,
    /// the photo stays what it was) with its reasons.
    public struct Verdict: Sendable {
        public var reading: DocumentReading
        public var content: ContentKind?
        public var reasons: [String]
    }

    /// A Tesseract engine for one worker (`TextRecogniser`): each thread reads with its own.
    public final class Engine {
        let recogniser: TextRecogniser
        /// - Throws: `MediaError` when Tesseract or its English model cannot be loaded.
        public init() throws { recogniser = try TextRecogniser() }
    }

    /// Reads the photo at `path`: its page-like region (`PageRegion`, found again on a small copy
    /// of the decoded picture) with a margin, or the whole picture when it has none.
    /// - Throws: `MediaError` when the photo cannot be decoded or a reader fails on it.
    public static func read(path: String, metadata: MediaMetadata, with engine: Engine) throws -> Verdict {
        let start = DispatchTime.now().uptimeNanoseconds
        let (picture, _) = try ReducedPhoto.decode(path: path, metadata: metadata, side: readingSide)
        let grey = GreyPicture(picture)
        do {
            var verdict: Verdict?
            var whole: [BarcodeReader.Code]?
            // The photo's own pixels, decoded once when a zone's rows are to be read again sharper.
            var full: GreyPicture?
            // The small copy cut into blocks once: its page-like regions and its blank paper are found on them.
            let blocks = PictureBlocks(picture.reduced(side: ItemQuality.analysisSide))
            let sheet = blocks.flatMap(BlankPaper.find(in:))
            let readRegions = regions(in: blocks, paper: sheet?.region)
            for region in readRegions {
                // The page turned upright by the lean of its lines (found without OCR: `skew`): OCR
                // and ZXing both read paper that leans badly. A paper found by its blank area is
                // read alone, its patterned ground painted out (tiles read with it break its lines).
                let box = region.map(pageBox) ?? (0, 0, 1, 1)
                let alone = sheet.flatMap { region == $0.region ? $0 : nil }
                let (page, lean) = grey.cropped(to: box, keeping: alone).levelled()
                // A code may lie outside the region (its modules are a ground of their own): when the
                // region has none, the whole picture is looked at too (ZXing takes a tenth of Tesseract's time).
                var codes = try BarcodeReader.codes(in: page)
                if codes.isEmpty, page.width < grey.width || page.height < grey.height {
                    whole = try whole ?? BarcodeReader.codes(in: grey)
                    codes = whole ?? []
                }
                // Light letters on a dark ground (a card, a dark slide) read as dark on light.
                let dark = (region?.ground ?? 255) < darkGround
                let regionArea = region.map { $0.share * Double(grey.width * grey.height) }
                // The same part of the photo at its own resolution, as the page was made.
                let sharper = { () throws -> GreyPicture in
                    if full == nil { full = GreyPicture(try ReducedPhoto.decode(path: path, metadata: metadata, side: fullSide(metadata)).picture) }
                    let part = (full ?? grey).cropped(to: box, keeping: alone)
                    let upright = lean == 0 ? part : part.rotated(by: -lean)
                    return dark ? upright.inverted() : upright
                }
                let read = try read(dark ? page.inverted() : page, of: grey.width * grey.height, regionArea: regionArea, codes: codes,
                                    sharper: sharper, with: engine.recogniser)
                // Nothing confirmed in either region: the one read as likely paper is kept.
                if verdict == nil || read.content != nil || (verdict?.reading.unconfirmedPaper == nil && read.reading.unconfirmedPaper != nil) {
                    verdict = read
                }
                if read.content != nil { break }
            }
            guard var verdict else { return Verdict(reading: DocumentReading(lines: 0, textShare: 0, pageShare: nil, codes: [], milliseconds: 0), content: nil, reasons: []) }
            // A bright, even sheet lying inside another ground (touching no edge of the picture,
            // as a sky or a wall does), with print read: likely paper, though too little was read
            // to tell which.
            if verdict.content == nil, verdict.reading.unconfirmedPaper == nil, verdict.reading.lines >= 2,
               let sheet, sheet.enclosed {
                let paper = "likely a document, its kind not confirmed: a bright even sheet inside another ground, "
                    + "\(verdict.reading.lines) lines of print read"
                verdict.reading.unconfirmedPaper = paper
                verdict.reasons = [paper]
            }
            // A card's shape (ISO 7810) with print on it, its number not read whole: likely a bank
            // or identity card, left out; a card told a document by its print is said to be one.
            if readRegions.contains(where: { $0.map { TextSignals(region: $0).mayHoldText && CardShape.matches($0) } ?? false }) {
                if verdict.content == nil, verdict.reading.unconfirmedPaper == nil {
                    let card = "likely a document, its kind not confirmed: \(CardShape.reason), its number not read"
                    verdict.reading.unconfirmedPaper = card
                    verdict.reasons = [card]
                } else if verdict.content == .document {
                    verdict.reasons.append(CardShape.reason)
                }
            }
            verdict.reading.milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            return verdict
        } catch var error as MediaError {
            error.path = path
            throw error
        }
    }

    /// The longer side a photo's own pixels are decoded at to read a zone again: its own, up to
    /// 4032 (a 12 MP phone photo; larger ones, as `ReducedPhoto` bounds them).
    static func fullSide(_ metadata: MediaMetadata) -> Int {
        min(4032, max(readingSide, max(metadata.width ?? 0, metadata.height ?? 0)))
    }

    /// A region's ground darker than this is read inverted (light letters on a dark card or slide).
    static let darkGround = 110.0

    /// The regions read, in turn until one shows something: the page-like regions the gate
    /// would open for, the most marked first, two at most (a patterned ground — tiles, a
    /// table's grain, a striped wall — can have more marks than a small ticket lying on it);
    /// when none would, the most marked region or, with none, the whole picture (nil).
    /// A region of most of the picture (or none) may be a paper joined with its patterned ground
    /// (tiles, a table's grain), whose print is then little of what is read: the paper's blank
    /// area (`BlankPaper`) is read last.
    /// - Parameter paper: the picture's blank paper's region (`BlankPaper.find(in: blocks)`), found once by the caller.
    static func regions(in blocks: PictureBlocks?, paper: PageRegion?) -> [PageRegion?] {
        let candidates = blocks.map(PageRegion.candidates(in:)) ?? []
        let open = candidates.filter { TextSignals(region: $0).mayHoldText }.prefix(2)
        var regions: [PageRegion?] = open.isEmpty ? [candidates.first] : open.map { $0 }
        let widest = regions.compactMap { $0?.share }.max()
        if widest.map({ $0 >= 0.6 }) ?? true, let paper, paper.share < 0.8 * (widest ?? 1) {
            regions.append(paper)
        }
        return regions
    }

    /// The part of the picture read for a page-like region: its box and a margin of a tenth of
    /// the box (the region's blocks stop short of paper's edge, and lines lean out of it).
    static func pageBox(_ region: PageRegion) -> (x: Double, y: Double, width: Double, height: Double) {
        let b = region.box, mx = 0.1 * b.width + 0.02, my = 0.1 * b.height + 0.02
        let x0 = max(0, b.x - mx), y0 = max(0, b.y - my)
        let x1 = min(1, b.x + b.width + mx), y1 = min(1, b.y + b.height + my)
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// Reads a grey picture: codes, text lines, personal data; what the picture is.
    /// - Parameter pictureArea: the whole picture's area in `grey`'s pixels (`grey` may be a part of it).
    /// - Parameter codes: the codes already read in it (or around it); nil reads them here.
    /// - Parameter regionArea: the area of the page-like region it was cut for, in the same pixels.
    /// - Parameter sharper: `grey` at the photo's own resolution (decoded when first asked), to
    ///   read a zone's rows again when they were not read whole at `readingSide`.
    static func read(_ grey: GreyPicture, of pictureArea: Int? = nil, regionArea: Double? = nil, codes: [BarcodeReader.Code]? = nil,
                     sharper: (() throws -> GreyPicture)? = nil, with recogniser: TextRecogniser) throws -> Verdict {
        let codes = try codes ?? BarcodeReader.codes(in: grey)
        // Sparse text: a photo of paper has a scene around it, which Tesseract's page layout takes
        // for a picture and drops. Lines that lean are read again with the picture levelled.
        var picture = grey, turned = 0.0
        var lines = try recogniser.lines(in: grey, mode: .sparse)
        let lean = leaning(lines)
        if abs(lean) >= 1.5 {
            let levelled = grey.rotated(by: -lean)
            let again = try recogniser.lines(in: levelled, mode: .sparse)
            if characters(again) >= characters(lines) {
                lines = again
                picture = levelled
                turned = lean
            }
        }
        // Sparse reading gives words and short runs: a card number's four groups, a row of a
        // zone, may come as pieces; each row of pieces is joined too (left to right).
        let texts = lines.map(\.text) + rows(of: lines)
        let confident = lines.filter { $0.confidence >= 50 && $0.text.filter({ $0.isLetter || $0.isNumber }).count >= 3 }
        let area = Double(max(1, pictureArea ?? grey.width * grey.height))
        let covered = confident.reduce(0.0) { $0 + Double($1.width * $1.height) }
        let textShare = min(1, covered / area)
        var pageShare: Double?
        if confident.count >= 2 {
            let x0 = confident.map(\.x).min() ?? 0, x1 = confident.map { $0.x + $0.width }.max() ?? 0
            let y0 = confident.map(\.y).min() ?? 0, y1 = confident.map { $0.y + $0.height }.max() ?? 0
            pageShare = min(1, covered / Double(max(1, (x1 - x0) * (y1 - y0))))
        }
        let reading = DocumentReading(lines: confident.count, textShare: textShare, pageShare: pageShare,
                                      codes: codes.map(\.format), milliseconds: 0)

        // Personal data, each by its own checks.
        var zone = MachineReadableZone.find(in: texts)
        if zone == nil, let rows = zoneRows(lines) {
            // The zone's rows read alone, a low band doubled (Tesseract reads small letters badly).
            let readZone = { (band: GreyPicture) throws -> MachineReadableZone? in
                MachineReadableZone.find(in: try recogniser.lines(in: band.height < 120 ? band.doubled() : band,
                                                                  mode: .machineReadableZone).map(\.text))
            }
            let band = picture.band(top: rows.top, bottom: rows.bottom)
            zone = try readZone(band)
            // Levelled by the zone's own rows: a page levelled by all its print (or not at all, under
            // 1.5°) may leave its zone a degree askew, and 44 small letters on a leaning row are read
            // with fillers dropped and check digits misread.
            let slope = zoneSlope(lines)
            if zone == nil, abs(slope) >= 0.3 {
                zone = try readZone(band.rotated(by: -slope))
            }
            // At the photo's own resolution: a 12 MP photo reduced to 1600 pixels sees a zone's
            // small letters a little soft, and a check digit misread fails the zone.
            if zone == nil, let sharp = try sharper?(), sharp.width > grey.width {
                let source = turned == 0 ? sharp : sharp.rotated(by: -turned)
                let scale = Double(source.height) / Double(grey.height)
                var band = source.band(top: Int(Double(rows.top) * scale), bottom: Int(Double(rows.bottom) * scale))
                if abs(slope) >= 0.3 { band = band.rotated(by: -slope) }
                zone = MachineReadableZone.find(in: try recogniser.lines(in: band, mode: .machineReadableZone).map(\.text))
            }
        }
        var found: [String] = []
        if let zone { found.append(zone.description) }
        var card = PaymentCardNumber.find(in: texts).first
        if card == nil, zone == nil { card = try cardNumber(in: picture, lines: lines, with: recogniser) }
        if let card { found.append(card.description) }
        for code in codes {
            if let pass = BoardingPassCode(code.text) {
                found.append("a boarding pass's \(code.format) code (IATA BCBP, \(pass.from)→\(pass.to))")
            }
        }
        if !found.isEmpty { return Verdict(reading: reading, content: .private, reasons: found) }

        // A document: text lines that cover much of the picture, or a code with text around it.
        let measure = "\(confident.count) lines of text cover \(Int((textShare * 100).rounded()))% of the picture"
        // Sparse reading finds words and short runs: a page gives many over a notable share of
        // the picture; a sign, a plaque or a menu board in a street a few over a small share.
        // Ten lines or more are a page whatever their size (small print on paper held at arm's
        // length covers under 1% of the picture; a street's signs give a few lines).
        // Rows shaped like a machine-readable zone whose check digits were not all read: an
        // identity page, told as a document (personal data is only said by its check digits).
        let zoneShaped = lines.filter(looksLikeZone).count >= 2
        // A ticket or a boarding pass lying small in the picture: its print covers little of the
        // picture but a notable share of its paper (the page-like region), and its words name it.
        let words = Set(confident.flatMap { $0.text.uppercased().split { !$0.isLetter }.map(String.init) })
        let smallPaper = confident.count >= 4 && !words.isDisjoint(with: paperWords) && covered >= 0.03 * (regionArea ?? area)
        let isDocument = confident.count >= 10 || (confident.count >= 5 && textShare >= 0.015) || smallPaper
            || (confident.count >= 4 && textShare >= 0.025) || (!codes.isEmpty && confident.count >= 2) || zoneShaped
        guard isDocument else {
            var unconfirmed = reading
            unconfirmed.unconfirmedPaper = unconfirmedPaper(words: words, lines: lines, codes: codes)
            return Verdict(reading: unconfirmed, content: nil, reasons: unconfirmed.unconfirmedPaper.map { [$0] } ?? [])
        }
        var reasons = [zoneShaped ? "identity page" : kind(of: confident, codes: codes, height: grey.height), measure]
        if zoneShaped { reasons.append("rows shaped like a machine-readable zone (its check digits not read whole)") }
        if !codes.isEmpty { reasons.append("a \(codes[0].format) code") }
        return Verdict(reading: reading, content: .document, reasons: reasons)
    }

    /// Words printed on paper and seldom on a sign in a street: what a ticket, a boarding pass,
    /// a receipt or a bill says it is.
    static let paperWords: Set<String> = ["TICKET", "RECEIPT", "INVOICE", "BOARDING", "ADMISSION", "ADMIT", "SUBTOTAL", "TOTAL",
                                          "VALID", "PASSENGER", "VAT", "IVA"]

    /// Words an identity page prints beside its zone, and seldom a sign in a street.
    static let identityWords: Set<String> = ["PASSPORT", "PASSEPORT", "PASAPORTE", "PASSAPORTE", "REISEPASS", "PASSAPORTO", "IDENTITY",
                                             "IDENTITE", "NATIONALITY", "SURNAME"]

    /// Why a picture read too little to be told a document is likely paper all the same: the
    /// words that name paper or an identity page, a row shaped like a machine-readable zone, a
    /// code that is not a boarding pass's. A paper on a patterned ground that joins it (tiles,
    /// a table's grain) is read whole and its print is then little of what is read; a street's
    /// signs and plaques print none of these. Nil when none is there.
    static func unconfirmedPaper(words: Set<String>, lines: [TextRecogniser.Line], codes: [BarcodeReader.Code]) -> String? {
        var seen: [String] = []
        let naming = words.intersection(paperWords.union(identityWords)).sorted()
        if !naming.isEmpty { seen.append("words that name paper (\(naming.joined(separator: ", ")))") }
        if lines.contains(where: looksLikeZone) { seen.append("a row shaped like a machine-readable zone") }
        if let code = codes.first { seen.append("a \(code.format) code") }
        return seen.isEmpty ? nil : "likely a document, its kind not confirmed: " + seen.joined(separator: ", ")
    }

    /// Words that name what kind of paper it is.
    static let receiptWords: Set<String> = ["TOTAL", "SUBTOTAL", "VAT", "TAX", "CASH", "CHANGE", "RECEIPT", "AMOUNT", "IVA", "MWST",
                                            "TVA", "QTY", "INVOICE", "BILL", "TIP"]
    static let ticketWords: Set<String> = ["TICKET", "ADMIT", "ADMISSION", "SEAT", "ROW", "GATE", "PLATFORM", "COACH", "VALID",
                                           "ENTRY", "MUSEUM", "TRAIN", "BOARDING", "FLIGHT", "DEPARTURE", "PASSENGER"]

    /// Receipt, ticket, slide, handwritten note or page: by its words, the size of its letters
    /// and how sure Tesseract was of them.
    static func kind(of lines: [TextRecogniser.Line], codes: [BarcodeReader.Code], height: Int) -> String {
        let words = Set(lines.flatMap { $0.text.uppercased().split { !$0.isLetter }.map(String.init) })
        if !words.isDisjoint(with: receiptWords) { return "receipt" }
        if !words.isDisjoint(with: ticketWords) || !codes.isEmpty { return "ticket" }
        let heights = lines.map(\.height).sorted()
        let confidence = lines.map(\.confidence).reduce(0, +) / Double(max(1, lines.count))
        if confidence < 70 { return "handwritten note" }
        if let median = heights.isEmpty ? nil : heights[heights.count / 2], Double(median) >= 0.035 * Double(height), lines.count <= 14 {
            return "slide"
        }
        return "page"
    }

    /// A card number read again where the first reading saw part of one: rows whose pieces hold
    /// six digits or more and a group of four (groups read in part, a group or two missed), each band read as one
    /// line of digits only, enlarged until its digits are some 32 pixels high. Luhn and the
    /// network's prefix still decide; two rows at most.
    static func cardNumber(in picture: GreyPicture, lines: [TextRecogniser.Line], with recogniser: TextRecogniser) throws -> PaymentCardNumber? {
        let candidates = rowsOfLines(lines).map { row -> (row: [TextRecogniser.Line], digits: Int) in
            let text = PaymentCardNumber.digitsRepaired(row.sorted { $0.x < $1.x }.map(\.text).joined(separator: " "))
            // A group of four digits standing alone, as a card's are (a date's year or a time, a
            // price, a tax number do not stand so): receipts and tickets are not read again.
            let groups = text.split(separator: " ").filter { $0.count == 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
            return (row, groups.isEmpty ? 0 : text.filter { $0.isASCII && $0.isNumber }.count)
        }.filter { $0.digits >= 6 && $0.digits < 40 }.sorted { $0.digits > $1.digits }.prefix(2)
        for candidate in candidates {
            let row: [TextRecogniser.Line] = candidate.row
            let heights = row.map { $0.height }.sorted()
            let height = heights[heights.count / 2]
            let top = row.map { $0.y }.min() ?? 0, bottom = row.map { $0.y + $0.height }.max() ?? 0
            let margin = max(6, height * 2 / 5)
            var band = picture.band(top: top - margin, bottom: bottom + margin)
            guard band.height > 0 else { continue }
            if height < 32 { band = band.enlarged(by: min(3, 32 / Double(max(1, height)))) }
            let again = try recogniser.lines(in: band, mode: .digits).map(\.text)
            if let card = PaymentCardNumber.find(in: again + [again.joined(separator: " ")]).first { return card }
        }
        return nil
    }

    /// Pieces on one row (vertical centres within half a piece's height), top to bottom.
    static func rowsOfLines(_ lines: [TextRecogniser.Line]) -> [[TextRecogniser.Line]] {
        var rows: [[TextRecogniser.Line]] = []
        for line in lines.sorted(by: { ($0.y + $0.height / 2, $0.x) < ($1.y + $1.height / 2, $1.x) }) {
            let centre = Double(line.y) + Double(line.height) / 2
            if let last = rows.last?.last, abs(Double(last.y) + Double(last.height) / 2 - centre) <= Double(max(last.height, line.height)) / 2 {
                rows[rows.count - 1].append(line)
            } else {
                rows.append([line])
            }
        }
        return rows
    }

    /// The texts of pieces on one row (vertical centres within half a piece's height), joined
    /// left to right with a space; only rows of two pieces or more.
    static func rows(of lines: [TextRecogniser.Line]) -> [String] {
        rowsOfLines(lines).filter { $0.count > 1 }.map { $0.sorted { $0.x < $1.x }.map(\.text).joined(separator: " ") }
    }

    /// The median slope of the lines long enough to have one, in degrees.
    static func leaning(_ lines: [TextRecogniser.Line]) -> Double {
        let angles = lines.filter { $0.width >= 3 * $0.height && $0.confidence >= 30 }.map(\.angle).sorted()
        return angles.isEmpty ? 0 : angles[angles.count / 2]
    }

    /// Letters and digits read with some confidence: which of two readings read more.
    static func characters(_ lines: [TextRecogniser.Line]) -> Int {
        lines.filter { $0.confidence >= 50 }.reduce(0) { $0 + $1.text.filter { $0.isLetter || $0.isNumber }.count }
    }

    /// A line shaped like a row of a machine-readable zone: long, with runs of '<' fillers.
    static func looksLikeZone(_ line: TextRecogniser.Line) -> Bool {
        let t = line.text.replacingOccurrences(of: " ", with: "")
        return t.count >= 24 && t.filter { "<«K".contains($0) }.count >= 4
    }

    /// The median slope of the lines that look like a machine-readable zone's rows, in degrees.
    static func zoneSlope(_ lines: [TextRecogniser.Line]) -> Double {
        let angles = lines.filter(looksLikeZone).map(\.angle).sorted()
        return angles.isEmpty ? 0 : angles[angles.count / 2]
    }

    /// The rows around lines that look like a machine-readable zone (long, with '<' fillers), to
    /// read again as one: nil when there are none.
    static func zoneRows(_ lines: [TextRecogniser.Line]) -> (top: Int, bottom: Int)? {
        let zone = lines.filter(looksLikeZone)
        guard let top = zone.map(\.y).min(), let bottom = zone.map({ $0.y + $0.height }).max() else { return nil }
        let margin = max(8, (bottom - top) / 2)
        return (top - margin, bottom + margin)
    }
}
