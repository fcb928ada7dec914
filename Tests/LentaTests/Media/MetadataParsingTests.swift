import Testing
@testable import LentaMedia

@Suite struct ISO6709Tests {
    @Test func decimalDegreesWithAltitude() throws {
        let p = try #require(ISO6709.parse("+32.0929+034.8620+028.516/"))
        #expect(p.latitude == 32.0929 && p.longitude == 34.862 && p.altitude == 28.516)
        let q = try #require(ISO6709.parse("+52.3693+006.6761+10.534988/"))
        #expect(q.altitude == 10.534988)
        let r = try #require(ISO6709.parse("-33.8568+151.2153/"))
        #expect(r.latitude == -33.8568 && r.longitude == 151.2153 && r.altitude == nil)
    }

    @Test func sexagesimalForms() throws {
        let p = try #require(ISO6709.parse("+4042.5-07400.5/"))  // 40°42.5', -74°0.5'
        #expect(abs(p.latitude - 40.708333) < 1e-6 && abs(p.longitude + 74.008333) < 1e-6)
    }

    @Test func nonsense() {
        #expect(ISO6709.parse("") == nil)
        #expect(ISO6709.parse("hello") == nil)
    }
}

@Suite struct FormatSnifferTests {
    @Test func brands() {
        func ftyp(_ major: String, _ compatible: [String] = []) -> [UInt8] {
            let body = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
            let size = UInt32(8 + body.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array("ftyp".utf8) + body
        }
        #expect(FormatSniffer.detect(ftyp("heic", ["mif1", "heic"])) == .heif)
        #expect(FormatSniffer.detect(ftyp("mif1", ["heic"])) == .heif)
        #expect(FormatSniffer.detect(ftyp("avif")) == .avif)
        #expect(FormatSniffer.detect(ftyp("qt  ")) == .mov)
        #expect(FormatSniffer.detect(ftyp("3gp5")) == .threeGP)
        #expect(FormatSniffer.detect(ftyp("M4V ")) == .m4v)
        #expect(FormatSniffer.detect(ftyp("isom", ["iso2", "avc1", "mp41"])) == .mp4)
        #expect(FormatSniffer.detect(ftyp("zzzz", ["isom"])) == .mp4)
        #expect(FormatSniffer.detect([0xFF, 0xD8, 0xFF, 0xE1]) == .jpeg)
        #expect(FormatSniffer.detect(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
        #expect(FormatSniffer.detect(Array("hello world, this is text".utf8)) == nil)
        #expect(FormatSniffer.detect([]) == nil)
    }
}
