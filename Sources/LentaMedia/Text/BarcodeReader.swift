import CDocumentReaderAPI

/// ZXing-C++'s readers (through `CDocumentReader`): every barcode in a grey picture — QR, Aztec,
/// PDF417, Data Matrix, linear codes. No object to own: ZXing reads with plain functions.
package enum BarcodeReader {
    /// A code read: ZXing's name for its format ("PDF417", "Aztec", "QRCode"…), its box, its text.
    struct Code: Sendable, Equatable {
        var format: String
        var x, y, width, height: Int
        var text: String
    }

    /// - Throws: `MediaError` when the library cannot be loaded or ZXing fails.
    static func codes(in picture: GreyPicture) throws -> [Code] {
        let library = try DocumentReaderLibrary.shared.get()
        guard picture.width > 0, picture.height > 0 else { return [] }
        let capacity = 16, textCapacity = 1 << 14
        var codes = [lenta_code](repeating: lenta_code(), count: capacity)
        var text = [CChar](repeating: 0, count: textCapacity)
        let found = picture.pixels.withUnsafeBufferPointer { g in
            codes.withUnsafeMutableBufferPointer { c in
                text.withUnsafeMutableBufferPointer { t in
                    library.readCodes(g.baseAddress, Int32(picture.width), Int32(picture.height), Int32(picture.width),
                                      c.baseAddress, Int32(capacity), t.baseAddress, Int32(textCapacity))
                }
            }
        }
        guard found >= 0 else {
            throw MediaError("read barcodes", path: "", reason: "ZXing failed (status \(found))", code: .init(documentReader: found))
        }
        let bytes = text.map { UInt8(bitPattern: $0) }
        return codes.prefix(Int(found)).map { c in
            let start = min(max(0, Int(c.text_offset)), bytes.count), end = min(bytes.count, start + max(0, Int(c.text_length)))
            return Code(format: library.formatName(c.format).map { String(cString: $0) } ?? "", x: Int(c.x), y: Int(c.y), width: Int(c.width),
                        height: Int(c.height), text: String(decoding: bytes[start..<end], as: UTF8.self))
        }
    }

    /// `contents` drawn as a barcode of `format` ("PDF417", "Aztec", "QRCode", "DataMatrix",
    /// "Code128"…) `width`×`height` pixels, black on white: what a ticket printer draws.
    /// - Throws: `MediaError` when the format is unknown or the contents do not fit.
    package static func draw(_ contents: String, format: String, width: Int, height: Int) throws -> GreyPicture {
        let library = try DocumentReaderLibrary.shared.get()
        var pixels = [UInt8](repeating: 255, count: max(0, width * height))
        let status = pixels.withUnsafeMutableBufferPointer { library.writeCode(format, contents, Int32(width), Int32(height), $0.baseAddress) }
        guard status == 0 else {
            throw MediaError("draw a barcode", path: "", reason: "ZXing cannot draw \(format) at \(width)×\(height) (status \(status))",
                             code: .init(documentReader: status))
        }
        return GreyPicture(width: width, height: height, pixels: pixels)
    }
}
