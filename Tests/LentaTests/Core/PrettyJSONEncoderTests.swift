import Foundation
import LentaCore
import LentaLibrary
import LentaTestSupport
import PropertyBased
import Testing

/// `--json` is written by `PrettyJSONEncoder`; scripts read it, so it must stay byte for byte
/// what Foundation's `JSONEncoder` writes with the same options.
@Suite struct PrettyJSONEncoderTests {
    static func foundation<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func ours<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try PrettyJSONEncoder().encode(value), as: UTF8.self)
    }

    struct Everything: Codable {
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var nested: [[String: [Double]]] = [["b": [1, 2.5]], [:], ["a": []]]
        var numbers: [Double] = [3.0, 0.1, 1e20, 1e-7, 123456789.125, -0.0, 1e300, 0.000123, -42]
        var floats: [Float] = [0.1, 3, -1.5e-9]
        var integers: [Int64] = [.min, .max, 0]
        var unsigned: UInt64 = .max
        var small: [Int8] = [-128, 127]
        var text = "a/b\"\\\u{1}\u{8}\u{c}\u{1f}\u{7f}é\n\r\t\u{2028}😀"
        var absent: Int? = nil
        var present: Int? = 4
        var truth = [true, false]
        var date = Date(timeIntervalSince1970: 1_700_000_000.25)
        var data = Data([0, 1, 2, 250])
        var url = URL(fileURLWithPath: "/photos/a b/IMG_1.jpg")
        var keysInByteOrder = ["Y": 1, "_z": 2, "a10": 3, "a9": 4, "aB": 5, "ab": 6, "é": 7, "z": 8]
        var kind: FileKind = .photo
        enum FileKind: String, Codable { case photo }
    }

    @Test func writesWhatFoundationWritesForEveryKindOfValue() throws {
        #expect(try Self.ours(Everything()) == Self.foundation(Everything()))
        #expect(try Self.ours([Everything]()) == Self.foundation([Everything]()))
        #expect(try Self.ours("top") == Self.foundation("top"))
        #expect(try Self.ours(2.5) == Self.foundation(2.5))
    }

    @Test func refusesNumbersJSONCannotHoldAsFoundationDoes() {
        #expect(throws: EncodingError.self) { try PrettyJSONEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try PrettyJSONEncoder().encode(["x": Double.infinity]) }
    }

    @Test func writesWhatFoundationWritesForRandomStringsAndNumbers() throws {
        var random = Xoshiro(seed: (31, 2026, 11, 27))
        for _ in 0..<300 {
            let scalars = (0..<Int.random(in: 0...12, using: &random)).map { _ -> Character in
                let pick = Int.random(in: 0..<4, using: &random)
                let value: UInt32 = pick == 0 ? .random(in: 0..<0x20, using: &random)
                    : pick == 1 ? .random(in: 0x20..<0x80, using: &random)
                    : pick == 2 ? .random(in: 0xA0..<0xD800, using: &random) : .random(in: 0x1F300..<0x1F600, using: &random)
                return Character(Unicode.Scalar(value) ?? "?")
            }
            let key = String(scalars)
            let bits = UInt64.random(in: .min ... .max, using: &random)
            let number = Double(bitPattern: bits).isFinite ? Double(bitPattern: bits) : Double(Int32.random(in: .min ... .max, using: &random))
            let value: [String: [Double]] = [key: [number, Double(Int.random(in: -1000...1000, using: &random)) / 8], "k": []]
            #expect(try Self.ours(value) == Self.foundation(value), "key \(Array(key.unicodeScalars.map(\.value))), \(number)")
        }
    }

    @Test(.timeLimit(.minutes(5))) func scanShowListAndPresetsJSONAreFoundationsLayout() throws {
        let library = try #require(ScannedLibrary.make())
        let scan = try library.run(["scan", "--json", library.photos])
        #expect(scan.status == 0)
        let decoded = try JSONDecoder().decode(ScanOutput.self, from: Data(scan.stdout.utf8))
        #expect(decoded.items.count > 5)
        #expect(scan.stdout == (try Self.foundation(decoded)) + "\n")

        let list = try library.run(["list", "--json"])
        let lentas = try JSONDecoder().decode([LentaSummary].self, from: Data(list.stdout.utf8))
        #expect(!lentas.isEmpty)
        #expect(list.stdout == (try Self.foundation(lentas)) + "\n")

        let show = try library.run(["show", String(lentas[0].id), "--json"])
        let detail = try JSONDecoder().decode(LentaDetail.self, from: Data(show.stdout.utf8))
        #expect(show.stdout == (try Self.foundation(detail)) + "\n")
    }
}
