import Foundation
import LentaMedia
import LentaTestSupport
import Testing

/// CMYK JPEGs, which FFmpeg 5.1 cannot decode, come through libjpeg-turbo.
@Suite struct RenderCMYKTests {
    static let convert = RenderFixture.which("convert")

    @Test(.enabled(if: convert != nil, "ImageMagick's convert makes the CMYK JPEG"))
    func cmykJPEGDecodesLikeItsRGBOriginal() throws {
        let fixture = try RenderFixture()
        let rgb = fixture.folder.path("rgb.jpg"), cmyk = fixture.folder.path("cmyk.jpg")
        try SyntheticMedia.jpeg(width: 320, height: 240, exif: nil, to: rgb)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.convert))
        process.arguments = [rgb, "-colorspace", "CMYK", "-quality", "95", cmyk]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let original = try PhotoDecoder(path: rgb).decode(scale: 1)
        let fromCMYK = try PhotoDecoder(path: cmyk).decode(scale: 1)
        #expect(fromCMYK.width == 320 && fromCMYK.height == 240)
        #expect(Golden.psnr(original, fromCMYK) > 30, "the CMYK copy shows the same picture")
        // Reduced decode (libjpeg's 1/2 scaling) works too.
        #expect(try PhotoDecoder(path: cmyk).decode(scale: 0.4).width == 128)
    }
}
