import CDocumentReaderAPI
import Foundation

/// Tesseract (through `CDocumentReader`, loaded on first use: `DocumentReaderLibrary`) with the
/// English LSTM model: the one owner of an engine, made by the throwing init and freed by
/// `deinit`. An engine reads one picture at a time: each worker makes its own.
final class TextRecogniser {
    /// How Tesseract segments the picture.
    enum Mode: Int32 {
        /// Blocks, paragraphs and lines of a page.
        case page = 0
        /// Any text anywhere, in no order: text in a scene.
        case sparse = 1
        /// One block of letters, digits and '<': a machine-readable zone.
        case machineReadableZone = 2
        /// One line of digits only: a card number's band.
        case digits = 3
    }

    /// A line of text: its box in the picture's pixels, Tesseract's confidence (0–100), its words.
    struct Line: Sendable, Equatable {
        var x, y, width, height: Int
        var confidence: Double
        /// Its baseline's slope in degrees (clockwise positive).
        var angle: Double
        var text: String
    }

    private let library: DocumentReaderLibrary
    private let reader: OpaquePointer
    let dataFolder: String

    /// Where Debian's tesseract-ocr-eng (5.x, then 4.x) and source builds put the models;
    /// `TESSDATA_PREFIX` first when set.
    static var dataCandidates: [String] {
        let environment = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"].map { [$0] } ?? []
        return environment + ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
                              "/usr/share/tessdata", "/usr/local/share/tessdata"]
    }

    /// Throws when the library cannot be loaded (naming the files tried) or no folder holds the
    /// English model.
    init(language: String = "eng") throws {
        let library = try DocumentReaderLibrary.shared.get()
        let candidates = Self.dataCandidates
        guard let folder = candidates.first(where: { FileManager.default.fileExists(atPath: "\($0)/\(language).traineddata") }) else {
            throw MediaError("load the text recogniser", path: "\(candidates[0])/\(language).traineddata",
                             reason: "no such file (Debian's tesseract-ocr-\(language) installs it)",
                             code: .init(documentReader: Int32(LENTA_READER_NO_LANGUAGE_DATA)))
        }
        var status: Int32 = 0
        guard let reader = library.openText(folder, language, &status) else {
            throw MediaError("load the text recogniser", path: "\(folder)/\(language).traineddata",
                             reason: "Tesseract cannot load it (status \(status))", code: .init(documentReader: status))
        }
        self.library = library
        self.reader = reader
        self.dataFolder = folder
    }

    deinit { library.closeText(reader) }

    /// The text lines of a grey picture, in reading order.
    /// - Throws: `MediaError` when Tesseract fails on the picture.
    func lines(in picture: GreyPicture, mode: Mode = .page) throws -> [Line] {
        guard picture.width > 0, picture.height > 0 else { return [] }
        let capacity = 512, textCapacity = 1 << 16
        var lines = [lenta_text_line](repeating: lenta_text_line(), count: capacity)
        var text = [CChar](repeating: 0, count: textCapacity)
        let found = picture.pixels.withUnsafeBufferPointer { g in
            lines.withUnsafeMutableBufferPointer { l in
                text.withUnsafeMutableBufferPointer { t in
                    library.readText(reader, g.baseAddress, Int32(picture.width), Int32(picture.height), Int32(picture.width),
                                     mode.rawValue, l.baseAddress, Int32(capacity), t.baseAddress, Int32(textCapacity))
                }
            }
        }
        guard found >= 0 else {
            throw MediaError("recognise text", path: "", reason: "Tesseract failed: \(library.lastError(reader).map { String(cString: $0) } ?? "")",
                             code: .init(documentReader: found))
        }
        let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let texts = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        return lines.prefix(Int(found)).enumerated().map { i, l in
            Line(x: Int(l.x), y: Int(l.y), width: Int(l.width), height: Int(l.height), confidence: Double(l.confidence),
                 angle: Double(l.angle), text: i < texts.count ? texts[i] : "")
        }
    }
}
