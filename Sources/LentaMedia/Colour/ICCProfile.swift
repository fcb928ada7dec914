import Foundation
import LentaCore

/// An ICC colour profile reduced to a `ColourDescription` when it is a matrix/curve RGB profile
/// of a standard space: its primaries are recognised by the colorant tags (`rXYZ`, `gXYZ`,
/// `bXYZ`, adapted to D50 as ICC stores them) — not by the profile's name, which vendors spell
/// as they like — and its curve by `rTRC` (sRGB's parametric curve, a gamma, or a table).
/// A v4.4 `cicp` tag, when present, says it directly.
public enum ICCProfile {
    /// The description of an RGB profile, or why it is not one lenta converts.
    public static func description(_ bytes: [UInt8]) -> Result<ColourDescription, ColourProblem> {
        guard bytes.count >= 132, let declared = bytes.bigEndian32(at: 0), Int(declared) <= bytes.count else {
            return .failure(ColourProblem("the ICC profile is cut short"))
        }
        let space = String(decoding: bytes[16..<20], as: UTF8.self)
        guard space == "RGB " else { return .failure(ColourProblem("an ICC profile for \(space.trimmingCharacters(in: .whitespaces)) pictures")) }
        var tags: [String: ArraySlice<UInt8>] = [:]
        let count = min(Int(bytes.bigEndian32(at: 128) ?? 0), 256)
        for i in 0..<count {
            let entry = 132 + 12 * i
            guard entry + 12 <= bytes.count, let offset = bytes.bigEndian32(at: entry + 4), let size = bytes.bigEndian32(at: entry + 8),
                  Int(offset) + Int(size) <= bytes.count else { continue }
            tags[String(decoding: bytes[entry..<entry + 4], as: UTF8.self)] = bytes[Int(offset)..<Int(offset) + Int(size)]
        }
        let name = tags["desc"].flatMap(Self.text) ?? "unnamed"
        if let cicp = tags["cicp"], cicp.count >= 12 {
            let b = Array(cicp)
            let (d, unsupported) = ColourCodePoints.description(matrix: Int(b[10]), primaries: Int(b[8]), transfer: Int(b[9]),
                                                               fullRange: b[11] != 0, bitDepth: 8, defaults: .sRGB)
            if unsupported.isEmpty { return .success(ColourDescription(matrix: .bt601, fullRange: true, primaries: d.primaries, transfer: d.transfer)) }
        }
        guard let r = tags["rXYZ"].flatMap(Self.xyz), let g = tags["gXYZ"].flatMap(Self.xyz), let b = tags["bXYZ"].flatMap(Self.xyz) else {
            return .failure(ColourProblem("ICC profile \"\(name)\" is not a matrix/curve RGB profile"))
        }
        let colorants = Matrix3(columns: r, g, b)
        let known: [ColourDescription.Primaries] = [.bt709, .displayP3, .bt2020]
        guard let primaries = known.first(where: { colorants.distance(to: ColourSpaces.bradfordD65toD50 * ColourSpaces.rgbToXYZ($0)) < 0.01 }) else {
            return .failure(ColourProblem("ICC profile \"\(name)\" has primaries lenta does not know"))
        }
        guard let curve = tags["rTRC"], let transfer = Self.transfer(curve) else {
            return .failure(ColourProblem("ICC profile \"\(name)\" has a tone curve lenta does not know"))
        }
        return .success(ColourDescription(matrix: .bt601, fullRange: true, primaries: primaries, transfer: transfer))
    }

    /// An `XYZ ` tag's first value.
    static func xyz(_ tag: ArraySlice<UInt8>) -> SIMD3<Double>? {
        let t = Array(tag)
        guard t.count >= 20, t.starts(with: Array("XYZ ".utf8)) else { return nil }
        func fixed(_ at: Int) -> Double? { t.bigEndian32(at: at).map { Double(Int32(bitPattern: $0)) / 65536 } }
        guard let x = fixed(8), let y = fixed(12), let z = fixed(16) else { return nil }
        return SIMD3(x, y, z)
    }

    /// A `curv` or `para` tag as one of the known curves (within 1 % at a few points).
    static func transfer(_ tag: ArraySlice<UInt8>) -> ColourDescription.Transfer? {
        let t = Array(tag)
        guard t.count >= 12 else { return nil }
        let type = String(decoding: t[0..<4], as: UTF8.self)
        var curve: ((Double) -> Double)?
        if type == "curv", let n = t.bigEndian32(at: 8) {
            if n == 0 { return .linear }
            if n == 1, let g = t.bigEndian16(at: 12) {
                let gamma = Double(g) / 256
                curve = { pow($0, gamma) }
            } else if t.count >= 12 + 2 * Int(n) {
                let entries = (0..<Int(n)).map { Double(t.bigEndian16(at: 12 + 2 * $0) ?? 0) / 65535 }
                curve = { x in
                    let p = x * Double(entries.count - 1), i = min(entries.count - 2, Int(p))
                    return entries[i] + (p - Double(i)) * (entries[i + 1] - entries[i])
                }
            }
        } else if type == "para", let function = t.bigEndian16(at: 8) {
            let counts = [1, 3, 4, 5, 7]
            guard function < counts.count, t.count >= 12 + 4 * counts[function] else { return nil }
            let p = (0..<counts[function]).map { Double(Int32(bitPattern: t.bigEndian32(at: 12 + 4 * $0) ?? 0)) / 65536 }
            curve = { x in
                switch function {
                case 0: return pow(x, p[0])
                case 1: return x >= -p[2] / p[1] ? pow(p[1] * x + p[2], p[0]) : 0
                case 2: return x >= -p[2] / p[1] ? pow(p[1] * x + p[2], p[0]) + p[3] : p[3]
                case 3: return x >= p[4] ? pow(p[1] * x + p[2], p[0]) : p[3] * x
                default: return x >= p[4] ? pow(p[1] * x + p[2], p[0]) + p[5] : p[3] * x + p[6]
                }
            }
        }
        guard let curve else { return nil }
        let samples = [0.02, 0.1, 0.25, 0.5, 0.75, 0.9]
        let candidates: [(ColourDescription.Transfer, (Double) -> Double)] = [
            (.sRGB, ColourSpaces.sRGBDecode), (.gamma22, { pow($0, 2.2) }), (.bt709, { pow($0, 2.4) }), (.linear, { $0 }),
        ]
        return candidates.first { _, known in samples.allSatisfy { abs(curve($0) - known($0)) < 0.01 } }?.0
    }

    /// A `desc` (v2) or `mluc` (v4) tag's text.
    static func text(_ tag: ArraySlice<UInt8>) -> String? {
        let t = Array(tag)
        guard t.count >= 12 else { return nil }
        let type = String(decoding: t[0..<4], as: UTF8.self)
        if type == "desc", let n = t.bigEndian32(at: 8), 12 + Int(n) <= t.count {
            return String(decoding: t[12..<12 + Int(n)].prefix { $0 != 0 }, as: UTF8.self)
        }
        if type == "mluc", t.count >= 28, let length = t.bigEndian32(at: 20), let offset = t.bigEndian32(at: 24),
           Int(offset) + Int(length) <= t.count {
            let units = stride(from: Int(offset), to: Int(offset) + Int(length) - 1, by: 2).map { UInt16(t[$0]) << 8 | UInt16(t[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        }
        return nil
    }
}

/// A source's colour description lenta cannot honour, and why (the caller warns and falls back).
public struct ColourProblem: Error, CustomStringConvertible {
    public let description: String
    init(_ text: String) { description = text }
}
