/// Cheap signs that a picture may hold a document, taken on the analysis picture (256 pixels)
/// the scan decodes anyway, so a photo they clear costs nothing more: a page-like region
/// (`PageRegion`: one even ground with text-like marks inside it) large enough to be paper held
/// up to the camera, not a sign or a plaque in a street. Only a picture that has one is read
/// (Tesseract, ZXing-C++), and then only that region of it.
struct TextSignals: Sendable, Equatable {
    /// The page-like region with the most marks, if any.
    var region: PageRegion?

    /// Smallest share of the picture a page may cover: a receipt, a card or a ticket photographed
    /// to keep covers a fifth or more; a shop sign, a plaque or a menu board in a street a few
    /// hundredths.
    static let pageShareGate = 0.07
    /// Fewest text-like blocks inside it, as a share of the picture's blocks (about 37 of 3,072):
    /// a wall with two windows, a sky with a bird, a lawn, have fewer.
    static let marksGate = 0.012
    /// How much of its bounding box it fills: paper at an angle fills most; a sky that wraps
    /// round a building, a road, little.
    static let fillGate = 0.5
    /// A small piece of paper (a ticket, a card: a fifth of the picture) has few marks in all,
    /// its text in a corner of it: fewer marks are enough when they are dense in the region
    /// (a share of its own blocks), as print on paper is and a wall's windows or a forest's
    /// trunks on their ground are not.
    static let fewMarksGate = 0.0075
    static let denseMarksGate = 0.03

    /// Whether a document may be there, so the picture is to be read.
    var mayHoldText: Bool {
        guard let region, region.share >= Self.pageShareGate, region.fill >= Self.fillGate else { return false }
        return region.marks >= Self.marksGate || (region.marks >= Self.fewMarksGate && region.marks >= Self.denseMarksGate * region.share)
    }

    init(region: PageRegion?) { self.region = region }

    /// - Parameter luma: the picture's `luma`, when the caller has it already.
    init(_ picture: AnalysisPicture, luma: [Double]? = nil) { region = PageRegion.find(in: picture, luma: luma) }
}
