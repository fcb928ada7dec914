import Foundation
@testable import LentaMedia
import LentaTestSupport
import Testing

/// `RandomAccessFile.firstBox`, the one reader of ISO boxes in a file (HEIF's `meta`, a Motion
/// Photo's `mpvd`, QuickTime's `moov/udta/date`): the sizes it believes and the ones it does not.
@Suite struct BoxReaderTests {
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        bigEndian32(8 + payload.count) + Array(type.utf8) + payload
    }

    static func bigEndian32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }

    static func file(_ bytes: [UInt8], _ temp: TemporaryFolder, name: String = "boxes.mp4") throws -> RandomAccessFile {
        let path = temp.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try RandomAccessFile(path: path)
    }

    @Test("the payload of the first box of a type, after others; nil for a type not there")
    func finds() throws {
        let temp = try TemporaryFolder()
        let file = try Self.file(Self.box("ftyp", Array(repeating: 1, count: 8)) + Self.box("free", [])
                                 + Self.box("meta", [9, 9, 9]) + Self.box("meta", [7]), temp)
        #expect(try file.firstBox("meta", in: 0..<file.size, limit: 100) == 32..<35)
        #expect(try file.firstBox("moov", in: 0..<file.size, limit: 100) == nil)
        #expect(try file.firstBox("meta", in: 0..<file.size, limit: 2) == nil, "looks at `limit` boxes")
        #expect(try file.firstBox("meta", in: 16..<file.size, limit: 100) == 32..<35, "from the range's start")
    }

    @Test("a 64-bit size (size 1) and a box running to the range's end (size 0)")
    func largeAndOpenSizes() throws {
        let temp = try TemporaryFolder()
        let large = Self.bigEndian32(1) + Array("mdat".utf8) + [0, 0, 0, 0] + Self.bigEndian32(20) + [5, 5, 5, 5]
        let open = Self.bigEndian32(0) + Array("udta".utf8) + [6, 6]
        let file = try Self.file(large + open, temp)
        #expect(try file.firstBox("mdat", in: 0..<file.size, limit: 10) == 16..<20)
        #expect(try file.firstBox("udta", in: 0..<file.size, limit: 10) == 28..<30)
    }

    @Test("nil at a box that does not fit: larger than the range, smaller than its header, or a size near Int64.max")
    func damaged() throws {
        let temp = try TemporaryFolder()
        let ftyp = Self.box("ftyp", Array(repeating: 1, count: 8))
        let tooLong = try Self.file(ftyp + Self.bigEndian32(100) + Array("moov".utf8), temp, name: "long.mp4")
        #expect(try tooLong.firstBox("moov", in: 0..<tooLong.size, limit: 10) == nil)
        let tooShort = try Self.file(ftyp + Self.bigEndian32(4) + Array("moov".utf8), temp, name: "short.mp4")
        #expect(try tooShort.firstBox("moov", in: 0..<tooShort.size, limit: 10) == nil)
        // offset + size would overflow Int64: read as a box that does not fit, not a trap.
        let huge = try Self.file(ftyp + Self.bigEndian32(1) + Array("moov".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF8], temp, name: "huge.mp4")
        #expect(try huge.firstBox("moov", in: 0..<huge.size, limit: 10) == nil)
        #expect(try QuickTimeUserData.recordingDate(huge) == nil)
    }
}
