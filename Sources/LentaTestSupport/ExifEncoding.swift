import LentaCore
import LentaMedia

extension SyntheticExif {
    /// The EXIF block as a TIFF structure (starting with `MM\0*` or `II*\0`), with no `Exif\0\0`
    /// prefix. Throws when a number cannot be represented (a NaN coordinate, a negative time).
    public func tiffBytes() throws -> [UInt8] {
        let w = TIFFWriter(order: byteOrder)

        var ifd0: [TIFFWriter.Entry] = []
        if let make { ifd0.append(w.ascii(0x010F, make)) }
        if let model { ifd0.append(w.ascii(0x0110, model)) }
        if let orientation {
            guard let value = UInt16(exactly: orientation) else {
                throw MediaError("write EXIF Orientation", path: "", reason: "\(orientation) does not fit a SHORT")
            }
            ifd0.append(w.short(0x0112, value))
        }
        if let dateTime { ifd0.append(w.ascii(0x0132, dateTime)) }

        var exif: [TIFFWriter.Entry] = []
        if let dateTimeOriginal { exif.append(w.ascii(0x9003, dateTimeOriginal)) }
        if let dateTimeDigitized { exif.append(w.ascii(0x9004, dateTimeDigitized)) }
        if let offsetTime { exif.append(w.ascii(0x9010, offsetTime)) }
        if let offsetTimeOriginal { exif.append(w.ascii(0x9011, offsetTimeOriginal)) }
        if let offsetTimeDigitized { exif.append(w.ascii(0x9012, offsetTimeDigitized)) }
        if let subSecTimeOriginal { exif.append(w.ascii(0x9291, subSecTimeOriginal)) }
        if let subSecTimeDigitized { exif.append(w.ascii(0x9292, subSecTimeDigitized)) }
        if let appleContentIdentifier { exif.append(w.bytes(0x927C, Self.appleMakerNote(appleContentIdentifier), type: .undefined)) }
        if !exif.isEmpty {
            exif.append(w.bytes(0x9000, Array("0232".utf8), type: .undefined))  // ExifVersion
        }

        var gpsIFD: [TIFFWriter.Entry] = []
        if let gps {
            gpsIFD.append(w.ascii(0x0001, gps.latitude < 0 ? "S" : "N"))
            gpsIFD.append(w.rationals(0x0002, try Self.degreesMinutesSeconds(gps.latitude, "GPSLatitude")))
            gpsIFD.append(w.ascii(0x0003, gps.longitude < 0 ? "W" : "E"))
            gpsIFD.append(w.rationals(0x0004, try Self.degreesMinutesSeconds(gps.longitude, "GPSLongitude")))
            if let altitude = gps.altitude {
                gpsIFD.append(w.bytes(0x0005, [altitude < 0 ? 1 : 0]))
                gpsIFD.append(w.rationals(0x0006, [try Self.rational(abs(altitude), denominator: 1000, "GPSAltitude")]))
            }
        }
        if let t = gpsTimeStamp {
            gpsIFD.append(w.rationals(0x0007, [
                try Self.rational(t.hours, denominator: 1000, "GPSTimeStamp hours"),
                try Self.rational(t.minutes, denominator: 1000, "GPSTimeStamp minutes"),
                try Self.rational(t.seconds, denominator: 1000, "GPSTimeStamp seconds"),
            ]))
        }
        if let gpsDateStamp { gpsIFD.append(w.ascii(0x001D, gpsDateStamp)) }
        if !gpsIFD.isEmpty {
            gpsIFD.append(w.bytes(0x0000, [2, 3, 0, 0]))  // GPSVersionID 2.3.0.0
        }

        return w.block(ifd0: ifd0, subIFDs: [(0x8769, exif), (0x8825, gpsIFD)])
    }

    /// An Apple maker note with MakerNoteVersion (0x0001, SLONG 14) and the content identifier
    /// (0x0011, ASCII), always big-endian as iPhones write it.
    public static func appleMakerNote(_ identifier: String) -> [UInt8] {
        let w = TIFFWriter(order: .bigEndian)
        let text = Array(identifier.utf8) + [0]
        let header = Array("Apple iOS".utf8) + [0, 0, 1] + Array("MM".utf8)
        let dataOffset = header.count + 2 + 12 * 2 + 4
        var note = header + w.u16(2)
        note += w.u16(0x0001) + w.u16(9) + w.u32(1) + w.u32(14)
        // A value of up to four bytes sits in the entry itself; a longer one after the IFD.
        let inline = text.count <= 4
        note += w.u16(0x0011) + w.u16(2) + w.u32(UInt32(text.count))
        note += inline ? text + [UInt8](repeating: 0, count: 4 - text.count) : w.u32(UInt32(dataOffset))
        note += w.u32(0)
        return inline ? note : note + text
    }

    /// The block as it follows a JPEG APP1 marker's length: `Exif\0\0` and the TIFF structure.
    public func app1Payload() throws -> [UInt8] {
        Array("Exif".utf8) + [0, 0] + (try tiffBytes())
    }

    /// |degrees| as d/1, m/1, s/10000, computed from one integer count of 1/10000 arc-seconds so
    /// that rounding can never produce 60 seconds or 60 minutes.
    static func degreesMinutesSeconds(_ value: Double, _ name: String) throws -> [(UInt32, UInt32)] {
        let scaled = (abs(value) * 36_000_000).rounded()
        guard scaled.isFinite, scaled < Double(UInt32.max) * 36_000_000 else {
            throw MediaError("write EXIF \(name)", path: "", reason: "\(value) is not a finite angle")
        }
        let total = UInt64(scaled)
        let degrees = total / 36_000_000
        let minutes = total % 36_000_000 / 600_000
        let tenThousandths = total % 600_000
        return [(UInt32(degrees), 1), (UInt32(minutes), 1), (UInt32(tenThousandths), 10_000)]
    }

    /// A non-negative number as n/1 when whole, else n/`denominator`.
    static func rational(_ value: Double, denominator: UInt32, _ name: String) throws -> (UInt32, UInt32) {
        guard value.isFinite, value >= 0, value * Double(denominator) < Double(UInt32.max) else {
            throw MediaError("write EXIF \(name)", path: "", reason: "\(value) cannot be an unsigned rational")
        }
        if value == value.rounded() { return (UInt32(value), 1) }
        return (UInt32((value * Double(denominator)).rounded()), denominator)
    }
}
