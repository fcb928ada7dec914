import Foundation
import LentaCore
@testable import LentaMedia
import LentaTestSupport
import Testing

/// A paper read alone (`GreyPicture.cropped(to:keeping:)`) paints only the part it cuts: the same
/// pixels, bit for bit, as painting the whole picture's ground first and cutting after (session
/// 18's order, which on a 12 MP re-read copied the whole picture), on papers found on synthetic
/// scenes and on papers whose spans and boxes run over the picture's edges.
@Suite struct PaperKeepingTests {
    /// Session 18's `GreyPicture.keeping(_:)`, unchanged: the whole picture painted its ground's
    /// luma outside the paper's spans. The reference the crop-first order must match.
    static func paintedWhole(_ grey: GreyPicture, keeping paper: BlankPaper) -> GreyPicture {
        let fill = UInt8(clamping: Int(paper.region.ground.rounded()))
        var out = [UInt8](repeating: fill, count: grey.pixels.count)
        let w = Double(grey.width), h = Double(grey.height)
        for span in paper.spans {
            let y0 = max(0, Int((span.top * h).rounded(.down))), y1 = min(grey.height, Int((span.bottom * h).rounded(.up)))
            let x0 = max(0, Int((span.from * w).rounded(.down))), x1 = min(grey.width, Int((span.to * w).rounded(.up)))
            guard y0 < y1, x0 < x1 else { continue }
            for y in y0..<y1 {
                out.replaceSubrange((y * grey.width + x0)..<(y * grey.width + x1), with: grey.pixels[(y * grey.width + x0)..<(y * grey.width + x1)])
            }
        }
        return GreyPicture(width: grey.width, height: grey.height, pixels: out)
    }

    /// A scene (`SyntheticPicture.scene`, darkened so its sky is no paper) with a page of text
    /// (`SyntheticPicture.document`) lying on it at (`x`, `y`).
    static func pageOnScene(seed: Int, width: Int, height: Int, page: (width: Int, height: Int), x: Int, y: Int) -> SyntheticPicture {
        var scene = SyntheticPicture.scene(seed: seed, width: width, height: height).darkened(to: 0.55)
        let document = SyntheticPicture.document(seed: seed, width: page.width, height: page.height)
        for row in 0..<page.height where row + y < height {
            let to = ((row + y) * width + x) * 3, count = min(page.width, width - x) * 3
            scene.rgb.replaceSubrange(to..<(to + count), with: document.rgb[(row * page.width * 3)..<(row * page.width * 3 + count)])
        }
        return scene
    }

    /// Boxes as `DocumentReader` cuts (the paper's page box, the whole picture) and boxes that
    /// touch or run over each edge, or are thinner than a pixel.
    static func boxes(for paper: BlankPaper) -> [(x: Double, y: Double, width: Double, height: Double)] {
        [DocumentReader.pageBox(paper.region), (0, 0, 1, 1), paper.region.box, (0.3, 0.2, 0.5, 0.6),
         (-0.2, -0.1, 0.6, 0.5), (0.7, 0.6, 0.5, 0.7), (0.5, 0.5, 0.0001, 0.0001), (0, 0.4, 1, 0.2), (0.999, 0.999, 1, 1)]
    }

    static func expectSamePixels(_ grey: GreyPicture, _ paper: BlankPaper) {
        let painted = paintedWhole(grey, keeping: paper)
        for box in boxes(for: paper) {
            let old = painted.cropped(to: box), new = grey.cropped(to: box, keeping: paper)
            #expect(new.width == old.width && new.height == old.height && new.pixels == old.pixels,
                    "box \(box) of \(grey.width)×\(grey.height)")
        }
    }

    @Test(arguments: [(1, 1200, 900, 500, 620, 350, 140), (2, 1601, 1067, 700, 480, 20, 400), (3, 900, 1600, 640, 880, 131, 357)])
    func paperFoundOnAScene(seed: Int, width: Int, height: Int, pageWidth: Int, pageHeight: Int, x: Int, y: Int) throws {
        let picture = Self.pageOnScene(seed: seed, width: width, height: height, page: (pageWidth, pageHeight), x: x, y: y)
        let analysis = AnalysisPicture(width: picture.width, height: picture.height, rgb: picture.rgb)
        let blocks = try #require(PictureBlocks(analysis.reduced(side: ItemQuality.analysisSide)))
        let paper = try #require(BlankPaper.find(in: blocks), "the page is found as blank paper")
        // The ground is painted somewhere, or the comparison would prove nothing about painting.
        #expect(Self.paintedWhole(GreyPicture(analysis), keeping: paper).pixels != GreyPicture(analysis).pixels)
        Self.expectSamePixels(GreyPicture(analysis), paper)
    }

    /// Spans as `BlankPaper` makes them and ones no paper makes (over the edges, empty, reversed,
    /// overlapping), on odd picture sizes: the crop clips them as the whole picture did.
    @Test(arguments: [(7, 13), (64, 48), (333, 201), (1, 1), (250, 999)])
    func spansOverTheEdges(width: Int, height: Int) {
        let pixels = (0..<(width * height)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) }
        let grey = GreyPicture(width: width, height: height, pixels: pixels)
        let region = PageRegion(share: 0.3, marks: 0, fill: 0.8, box: (0.2, 0.1, 0.6, 0.7), ground: 201.6)
        let spans: [(top: Double, bottom: Double, from: Double, to: Double)] = [
            (-0.1, 0.05, 0.1, 0.9), (0.05, 0.3, -0.2, 0.4), (0.1, 0.35, 0.3, 1.3), (0.3, 0.3, 0.2, 0.8),
            (0.4, 0.5, 0.7, 0.6), (0.45, 0.72, 0.01, 0.99), (0.7, 1.2, 0.33, 0.34), (1.1, 1.3, 0, 1),
        ]
        Self.expectSamePixels(grey, BlankPaper(region: region, spans: spans))
        Self.expectSamePixels(grey, BlankPaper(region: region, spans: []))
    }
}
