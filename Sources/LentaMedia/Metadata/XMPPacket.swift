import Foundation
import LentaCore

/// The few XMP properties lenta needs, read from the packet's text.
///
/// Editors (Lightroom, Photoshop, Photo Mechanic) often keep the capture date only in XMP.
/// Properties appear either as attributes (`exif:DateTimeOriginal="…"`) or as elements
/// (`<exif:DateTimeOriginal>…</exif:DateTimeOriginal>`); both forms are read.
struct XMPPacket {
    let text: String
    /// The packet's bytes, searched for properties: Foundation's `String.range(of:)` over the text
    /// was a tenth of a first scan's CPU.
    private let utf8: [UInt8]

    /// APP1 segments carry the packet after this namespace header.
    static let jpegHeader = "http://ns.adobe.com/xap/1.0/\0"

    init?(bytes: [UInt8]) {
        var body = bytes[...]
        if bytes.hasPrefix(Self.jpegHeader) { body = bytes[Self.jpegHeader.utf8.count...] }
        let utf8 = Array(body)
        guard Self.find("x:xmpmeta", in: utf8) != nil || Self.find("rdf:RDF", in: utf8) != nil else { return nil }
        self.utf8 = utf8
        self.text = String(decoding: body, as: UTF8.self)
    }

    /// Whether the packet's text holds `word` anywhere (a namespace, a property name).
    func contains(_ word: String) -> Bool { Self.find(word, in: utf8) != nil }

    /// The first value of a property such as `exif:DateTimeOriginal`.
    func value(_ name: String) -> String? {
        if let range = Self.find(name + "=\"", in: utf8),
           let end = utf8[range.upperBound...].firstIndex(of: UInt8(ascii: "\"")) {
            return nonEmpty(String(decoding: utf8[range.upperBound..<end], as: UTF8.self))
        }
        if let range = Self.find("<" + name + ">", in: utf8),
           let end = Self.find("</" + name + ">", in: utf8, from: range.upperBound) {
            return nonEmpty(String(decoding: utf8[range.upperBound..<end.lowerBound], as: UTF8.self))
        }
        return nil
    }

    /// Where `pattern` first occurs in `bytes` at or after `start`.
    private static func find(_ pattern: String, in bytes: [UInt8], from start: Int = 0) -> Range<Int>? {
        let needle = Array(pattern.utf8)
        guard let first = needle.first, start >= 0, bytes.count - start >= needle.count else { return nil }
        return bytes.withUnsafeBufferPointer { haystack -> Range<Int>? in
            needle.withUnsafeBufferPointer { wanted -> Range<Int>? in
                guard let h = haystack.baseAddress, let w = wanted.baseAddress else { return nil }
                var i = start
                while i <= haystack.count - wanted.count {
                    if h[i] == first, memcmp(h + i, w, wanted.count) == 0 { return i..<i + wanted.count }
                    i += 1
                }
                return nil
            }
        }
    }

    private func nonEmpty(_ s: String) -> String? {
        let t = s.trimmingCharacters(in: " \t\r\n")
        return t.isEmpty ? nil : t
    }

    /// XMP GPS coordinates: `37,46.494N` (degrees, decimal minutes, hemisphere) or `37,46,29.64N`.
    static func coordinate(_ text: String) -> Double? {
        guard let hemisphere = text.last, "NSEW".contains(hemisphere) else { return Double(text) }
        let parts = text.dropLast().split(separator: ",").map { Double($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        let values = parts.compactMap { $0 }
        var degrees = values[0]
        if values.count > 1 { degrees += values[1] / 60 }
        if values.count > 2 { degrees += values[2] / 3600 }
        return hemisphere == "S" || hemisphere == "W" ? -degrees : degrees
    }

    var position: GeoPoint? {
        guard let lat = value("exif:GPSLatitude").flatMap(Self.coordinate),
              let lon = value("exif:GPSLongitude").flatMap(Self.coordinate) else { return nil }
        return GeoPoint(latitude: lat, longitude: lon)
    }
}

/// IPTC-IIM records inside a Photoshop APP13 segment: `DateCreated` (2:55) and `TimeCreated` (2:60).
enum IPTCRecords {
    static let jpegHeader = "Photoshop 3.0\0"

    /// "2009:09:09 17:00:00+00:00"-style text, or nil.
    static func dateCreated(photoshopSegment bytes: [UInt8]) -> String? {
        guard let iptc = imageResource(0x0404, in: bytes) else { return nil }
        var date: String?, time: String?
        var i = 0
        while i + 5 <= iptc.count, iptc[i] == 0x1C {
            let record = iptc[i + 1], dataset = iptc[i + 2]
            guard let length = iptc.bigEndian16(at: i + 3), length < 0x8000 else { break }  // extended lengths: not for dates
            let start = i + 5, end = start + length
            guard end <= iptc.count else { break }
            if record == 2 && dataset == 55 { date = String(decoding: iptc[start..<end], as: UTF8.self) }
            if record == 2 && dataset == 60 { time = String(decoding: iptc[start..<end], as: UTF8.self) }
            i = end
        }
        guard let date, date.count == 8, let time, time.count >= 6 else { return nil }
        let d = Array(date), t = Array(time)
        var text = "\(String(d[0..<4])):\(String(d[4..<6])):\(String(d[6..<8])) \(String(t[0..<2])):\(String(t[2..<4])):\(String(t[4..<6]))"
        if t.count >= 11 { text += "\(t[6])\(String(t[7..<9])):\(String(t[9..<11]))" }
        return text
    }

    /// The data of one Photoshop image resource (`8BIM` blocks).
    static func imageResource(_ id: Int, in bytes: [UInt8]) -> [UInt8]? {
        var i = bytes.hasPrefix(jpegHeader) ? jpegHeader.utf8.count : 0
        while i + 12 <= bytes.count, bytes.hasPrefix("8BIM", at: i) {
            guard let resource = bytes.bigEndian16(at: i + 4) else { return nil }
            let nameLength = Int(bytes[i + 6])
            var j = i + 6 + 1 + nameLength
            if (1 + nameLength) % 2 == 1 { j += 1 }  // the Pascal name is padded to an even length
            guard let size = bytes.bigEndian32(at: j) else { return nil }
            let start = j + 4, end = start + Int(size)
            guard end <= bytes.count else { return nil }
            if resource == id { return Array(bytes[start..<end]) }
            i = end + Int(size % 2)
        }
        return nil
    }
}
