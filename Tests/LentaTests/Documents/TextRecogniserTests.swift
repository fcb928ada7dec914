import Foundation
@testable import LentaMedia
import LentaTestSupport
import Testing

/// Tesseract and ZXing through the document reader's C API, on clean pictures.
@Suite struct TextRecogniserTests {
    static func page(_ text: [String], folder: TemporaryFolder) throws -> GreyPicture {
        let path = folder.path("page.pgm")
        var arguments = ["-size", "1200x600", "xc:white", "-font", "DejaVu-Sans", "-fill", "black", "-pointsize", "32"]
        for (i, line) in text.enumerated() { arguments += ["-annotate", "+40+\(80 + 60 * i)", line] }
        try PhotographedDocument.convert(arguments + ["-depth", "8", "gray:" + path])
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return GreyPicture(width: 1200, height: 600, pixels: [UInt8](data))
    }

    @Test(arguments: [TextRecogniser.Mode.page, .sparse])
    func linesAreReadWithTheirBoxes(mode: TextRecogniser.Mode) throws {
        let folder = try TemporaryFolder()
        let picture = try Self.page(["TOTAL EUR 4.60", "Thank you for visiting"], folder: folder)
        let lines = try TextRecogniser().lines(in: picture, mode: mode)
        #expect(lines.contains { $0.text.contains("TOTAL") })
        #expect(lines.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x + $0.width <= 1200 && $0.y + $0.height <= 600 }, "\(lines)")
        #expect(lines.allSatisfy { abs($0.angle) < 2 }, "\(lines)")
    }

    @Test func aLeaningPageIsLevelled() throws {
        let folder = try TemporaryFolder()
        let picture = try Self.page(["The quick brown fox jumps", "over the lazy dog twice", "and runs into the woods"], folder: folder)
        let turned = picture.rotated(by: 6)
        let lines = try TextRecogniser().lines(in: turned, mode: .sparse)
        #expect(abs(DocumentReader.leaning(lines) - 6) < 2, "\(lines.map(\.angle))")
    }

    @Test(arguments: ["PDF417", "Aztec", "QRCode", "DataMatrix"])
    func drawnCodesAreReadBack(format: String) throws {
        let text = PersonalDataTests.bcbp()
        let code = try BarcodeReader.draw(text, format: format, width: 600, height: 400)
        let read = try BarcodeReader.codes(in: code)
        #expect(read.map(\.text) == [text])
        #expect(read.first?.format == format)
    }
}
