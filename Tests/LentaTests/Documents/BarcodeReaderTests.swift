import Foundation
@testable import LentaMedia
import LentaTestSupport
import Testing

/// ZXing-C++ through the document reader's C API, on codes as a phone sees them.
@Suite struct BarcodeReaderTests {
    /// A boarding pass's PDF417 (IATA BCBP) on white paper, turned as paper lies askew on a
    /// table: ZXing 1.4 alone finds a PDF417 only within some 5° of level.
    @Test(arguments: [-16.0, -10.0, -4.0, 0.0, 5.0, 9.0, 13.0, 17.0])
    func aPDF417LeaningOnTheTableIsRead(degrees: Double) throws {
        let text = PersonalDataTests.bcbp()
        let code = try BarcodeReader.draw(text, format: "PDF417", width: 560, height: 170)
        // On paper with a quiet zone, 1000×600 as a boarding pass's part of a photo.
        var paper = [UInt8](repeating: 244, count: 1000 * 600)
        for y in 0..<code.height { for x in 0..<code.width { paper[(215 + y) * 1000 + 220 + x] = code.pixels[y * code.width + x] == 0 ? 30 : 244 } }
        let turned = GreyPicture(width: 1000, height: 600, pixels: paper).rotated(by: degrees)
        let read = try BarcodeReader.codes(in: turned)
        #expect(read.map(\.text) == [text], "turned \(degrees)°")
        // Where it was found, in the picture's own coordinates: around the paper's middle.
        if let box = read.first {
            #expect(abs(box.x + box.width / 2 - 500) < 60 && abs(box.y + box.height / 2 - 300) < 60, "\(box)")
        }
    }

    /// A boarding pass's Aztec code off the middle of a picture of ringed tiles (whose rings are
    /// marks around it everywhere), turned a little: ZXing 1.4 looks for an Aztec code's bullseye
    /// from the picture's middle only, and decodes a turned code at some scales only; the reader
    /// finds the bullseye itself and reads a square around it.
    @Test(arguments: [-6.0, 0.0, 5.0])
    func anAztecCodeOffTheMiddleOfATiledFloorIsRead(degrees: Double) throws {
        let text = PersonalDataTests.bcbp()
        let code = try BarcodeReader.draw(text, format: "Aztec", width: 240, height: 240)
        let width = 1600, height = 1200
        var floor = [UInt8](repeating: 200, count: width * height)
        // Tiles of 160 pixels, each a dark ring about its middle.
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x % 160 - 80), dy = Double(y % 160 - 80), r = (dx * dx + dy * dy).squareRoot()
                if (44...58).contains(r) || x % 160 == 0 || y % 160 == 0 { floor[y * width + x] = 60 }
            }
        }
        // A white pass off the middle, the code at its right.
        for y in 380..<860 { for x in 500..<1450 { floor[y * width + x] = 245 } }
        for y in 0..<code.height { for x in 0..<code.width { floor[(500 + y) * width + 1150 + x] = code.pixels[y * code.width + x] == 0 ? 25 : 245 } }
        let picture = GreyPicture(width: width, height: height, pixels: floor).rotated(by: degrees)
        let read = try BarcodeReader.codes(in: picture)
        #expect(read.map(\.format) == ["Aztec"] && read.map(\.text) == [text], "turned \(degrees)°: \(read)")
        if let box = read.first {
            #expect(abs(box.x + box.width / 2 - 1270) < 120 && abs(box.y + box.height / 2 - 620) < 120, "\(box)")
        }
    }
}
