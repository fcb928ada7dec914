import Foundation

/// A colour lookup table in the Adobe/Resolve `.cube` format: `TITLE "…"`, `LUT_3D_SIZE n`
/// (2…256) or `LUT_1D_SIZE n` (2…65536, one curve per channel), `DOMAIN_MIN r g b` /
/// `DOMAIN_MAX r g b` (default 0 0 0 / 1 1 1; Resolve's `LUT_3D_INPUT_RANGE lo hi` too), `#`
/// comments, blank lines, then the data: one `r g b` line per entry, red changing fastest.
/// A file holding both a 1D and a 3D table (a Resolve shaper) is refused.
public struct CubeFile: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `size³` entries, red fastest, then green, then blue.
        case threeD
        /// `size` entries, one output per channel.
        case oneD
    }

    public var title: String?
    public var kind: Kind
    /// Nodes per axis.
    public var size: Int
    /// The input values the first and last nodes stand for, per channel.
    public var domainMin: SIMD3<Double>
    public var domainMax: SIMD3<Double>
    /// The entries' outputs, three per entry, in file order. Float: a 256³ table stays 200 MB.
    public var values: [Float]

    public init(title: String? = nil, kind: Kind, size: Int, domainMin: SIMD3<Double> = .zero, domainMax: SIMD3<Double> = .one,
                values: [Float]) {
        self.title = title
        self.kind = kind
        self.size = size
        self.domainMin = domainMin
        self.domainMax = domainMax
        self.values = values
    }

    public static let sizes3D = 2...256
    public static let sizes1D = 2...65536

    /// Reads and checks a `.cube` file.
    /// - Throws: `CubeFileError` naming `url`'s path (or `displayName`) and, where there is one, the line.
    public static func read(contentsOf url: URL, displayName: String? = nil) throws -> CubeFile {
        let name = displayName ?? url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw CubeFileError(file: name, line: nil, "cannot be read")
        }
        do {
            return try parse(data)
        } catch var error as CubeFileError {
            error.file = name
            throw error
        }
    }

    /// Parses `.cube` text.
    /// - Throws: `CubeFileError` with the line number of the first problem.
    public static func parse(_ data: Data) throws -> CubeFile {
        var title: String?
        var kind: Kind?
        var size = 0
        var sizeLine = 0
        var domainMin = SIMD3<Double>.zero, domainMax = SIMD3<Double>.one
        var domainLine: Int?
        var values: [Float] = []
        var expected = 0
        var lineNumber = 0
        var lastDataLine = 0

        let bytes = [UInt8](data)
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            lineNumber += 1
            defer { start = end + 1 }
            var line = String(decoding: bytes[start..<end], as: UTF8.self)
            if lineNumber == 1, line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("TITLE") {
                guard values.isEmpty else { throw CubeFileError(line: lineNumber, "TITLE after the data") }
                title = trimmed.dropFirst(5).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                continue
            }
            let content = trimmed.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let first = words.first else { continue }
            if let firstByte = first.utf8.first, Self.startsNumber(firstByte) {
                // A data line.
                guard kind != nil else { throw CubeFileError(line: lineNumber, "data before LUT_3D_SIZE or LUT_1D_SIZE") }
                guard words.count == 3 else {
                    throw CubeFileError(line: lineNumber, "expected three numbers, found \(words.count)")
                }
                guard values.count < expected * 3 else {
                    throw CubeFileError(line: lineNumber, "more than the \(expected) entries \(Self.sizeWords(kind, size)) declares")
                }
                for word in words {
                    let number = try Self.number(word, line: lineNumber)
                    values.append(Float(number))
                }
                lastDataLine = lineNumber
                continue
            }
            let keyword = String(first)
            let arguments = Array(words.dropFirst())
            guard values.isEmpty else { throw CubeFileError(line: lineNumber, "\(keyword) after the data") }
            switch keyword {
            case "LUT_3D_SIZE", "LUT_1D_SIZE":
                let is3D = keyword == "LUT_3D_SIZE"
                let range = is3D ? sizes3D : sizes1D
                guard arguments.count == 1, let n = Int(arguments[0]), range.contains(n) else {
                    throw CubeFileError(line: lineNumber, "\(keyword) must be \(range.lowerBound)…\(range.upperBound)"
                                        + (arguments.isEmpty ? "" : " (is \(arguments.joined(separator: " ")))"))
                }
                if let kind {
                    let both = (kind == .threeD) != is3D
                    throw CubeFileError(line: lineNumber, both
                        ? "LUT_1D_SIZE and LUT_3D_SIZE in one file (a shaper and a cube) are not supported"
                        : "\(keyword) again (first on line \(sizeLine))")
                }
                kind = is3D ? .threeD : .oneD
                size = n
                sizeLine = lineNumber
                expected = is3D ? n * n * n : n
                values.reserveCapacity(expected * 3)
            case "DOMAIN_MIN", "DOMAIN_MAX":
                guard arguments.count == 3 else {
                    throw CubeFileError(line: lineNumber, "\(keyword) needs three numbers, found \(arguments.count)")
                }
                let v = SIMD3(try number(arguments[0], line: lineNumber), try number(arguments[1], line: lineNumber),
                              try number(arguments[2], line: lineNumber))
                if keyword == "DOMAIN_MIN" { domainMin = v } else { domainMax = v }
                domainLine = lineNumber
            case "LUT_3D_INPUT_RANGE", "LUT_1D_INPUT_RANGE":
                guard arguments.count == 2 else {
                    throw CubeFileError(line: lineNumber, "\(keyword) needs two numbers, found \(arguments.count)")
                }
                let lo = try number(arguments[0], line: lineNumber), hi = try number(arguments[1], line: lineNumber)
                domainMin = SIMD3(repeating: lo)
                domainMax = SIMD3(repeating: hi)
                domainLine = lineNumber
            default:
                throw CubeFileError(line: lineNumber, "unknown keyword \"\(keyword)\"")
            }
        }
        guard let kind else { throw CubeFileError(line: nil, "no LUT_3D_SIZE or LUT_1D_SIZE line") }
        if let domainLine, any(domainMin .>= domainMax) {
            throw CubeFileError(line: domainLine, "DOMAIN_MIN must be below DOMAIN_MAX in every channel")
        }
        guard values.count == expected * 3 else {
            throw CubeFileError(line: max(lastDataLine, sizeLine),
                                "expected \(expected) entries \(sizeWords(kind, size)), found \(values.count / 3)")
        }
        return CubeFile(title: title, kind: kind, size: size, domainMin: domainMin, domainMax: domainMax, values: values)
    }

    /// `(33³)` or `(LUT_1D_SIZE 1024)`.
    static func sizeWords(_ kind: Kind?, _ size: Int) -> String {
        kind == .threeD ? "(\(size)³)" : "(LUT_1D_SIZE \(size))"
    }

    /// A digit, sign or point: the start of a number rather than a keyword.
    static func startsNumber(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2B || byte == 0x2E
    }

    static func number(_ word: some StringProtocol, line: Int) throws -> Double {
        guard let d = Double(word) else { throw CubeFileError(line: line, "\"\(word)\" is not a number") }
        guard d.isFinite else { throw CubeFileError(line: line, "\"\(word)\" is not a finite number") }
        guard abs(d) <= largestNumber else {
            throw CubeFileError(line: line, "\"\(word)\" is out of range (a .cube number is within ±1000000)")
        }
        return d
    }

    /// Entries are kept in single precision and interpolated: a number past this (1e308 is
    /// finite as a Double, infinite as a Float) would make colours that are not numbers.
    static let largestNumber = 1e6

    /// An identity cube of `size` nodes per axis (a test fixture and a reference).
    public static func identity(size: Int) -> CubeFile {
        var values: [Float] = []
        values.reserveCapacity(size * size * size * 3)
        let last = Double(size - 1)
        for b in 0..<size { for g in 0..<size { for r in 0..<size {
            values += [Float(Double(r) / last), Float(Double(g) / last), Float(Double(b) / last)]
        } } }
        return CubeFile(kind: .threeD, size: size, values: values)
    }

    /// The file's text, `%.6f` numbers, red fastest.
    public func text() -> String {
        var lines: [String] = []
        if let title { lines.append("TITLE \"\(title)\"") }
        lines.append("\(kind == .threeD ? "LUT_3D_SIZE" : "LUT_1D_SIZE") \(size)")
        if domainMin != .zero || domainMax != .one {
            lines.append("DOMAIN_MIN \(domainMin.x) \(domainMin.y) \(domainMin.z)")
            lines.append("DOMAIN_MAX \(domainMax.x) \(domainMax.y) \(domainMax.z)")
        }
        for i in stride(from: 0, to: values.count, by: 3) {
            lines.append(String(format: "%.6f %.6f %.6f", Double(values[i]), Double(values[i + 1]), Double(values[i + 2])))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
