/// One rasterised glyph: 8-bit coverage, and where its top-left pixel sits relative to the pen
/// position's whole pixel (x right, y down).
struct GlyphBitmap {
    var width: Int
    var height: Int
    var left: Int
    var top: Int
    var alpha: [UInt8]
}
