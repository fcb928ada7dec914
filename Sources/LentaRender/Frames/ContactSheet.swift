import Foundation
import LentaCore
import LentaMedia
import LentaText

/// A lenta at a glance: square thumbnails in story order, a row of them per day under a heading
/// (the day and its places), clips marked with a play triangle and their length, alternates
/// (items a story left out) dimmed with a diagonal mark. Thumbnails are decoded one at a time
/// and reduced (see `ItemThumbnail`), so memory is the sheet plus one small picture.
public struct ContactSheet: Sendable {
    public struct Entry: Sendable, Equatable {
        public var path: String
        /// Nil: as the file's headers say.
        public var isClip: Bool?
        /// A clip's length in seconds, when known.
        public var duration: Double?
        public var isAlternate: Bool
        /// The heading of the day the item belongs to ("Fri 3 May 2024 · Lisbon"); a new
        /// heading starts a new row.
        public var day: String
        /// The part of the picture to show (shares of it: a face on the people sheet); nil: its centre square.
        public var region: ProjectRect?
        /// A clip's frame to show: the keyframe at this time (a face on the people sheet); nil: its first.
        public var time: Double?
        /// A document (framed in amber) or a picture with personal data (blurred to a mosaic,
        /// framed in red: a sheet is shared too); nil for anything else.
        public var sensitive: ContentKind?

        public init(path: String, isClip: Bool?, duration: Double? = nil, isAlternate: Bool = false, day: String,
                    region: ProjectRect? = nil, time: Double? = nil) {
            self.region = region
            self.time = time
            self.path = path
            self.isClip = isClip
            self.duration = duration
            self.isAlternate = isAlternate
            self.day = day
        }
    }

    public var columns: Int
    /// A thumbnail's side, pixels.
    public var cell: Int
    public static let background = (red: UInt8(24), green: UInt8(26), blue: UInt8(30))
    public static let mark = (red: UInt8(255), green: UInt8(178), blue: UInt8(74))

    public init(columns: Int = 8, cell: Int = 160) {
        self.columns = max(1, columns)
        self.cell = max(32, cell)
    }

    /// Where each entry's square goes, and each heading's top: the layout tests can check.
    public struct Layout: Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var cells: [(x: Int, y: Int)]
        public var headings: [(text: String, y: Int)]
        public static func == (a: Layout, b: Layout) -> Bool {
            a.width == b.width && a.height == b.height && a.cells.elementsEqual(b.cells, by: { $0 == $1 })
                && a.headings.elementsEqual(b.headings, by: { $0 == $1 })
        }
    }

    var gap: Int { max(4, cell / 16) }
    var headingHeight: Int { max(14, cell / 5) }

    /// The most pixels a sheet picture may have (README, "Limits"): 64 megapixels, 256 MB of
    /// RGBA; a lenta that needs more is shown over several pages.
    public static let maximumPixels = 64 << 20

    /// The sheet's width in pixels.
    public var width: Int { gap + columns * (cell + gap) }

    /// Whether a page of one row (its heading included) fits `maximumPixels`.
    public var fitsOneRow: Bool { width * (3 * gap + headingHeight + cell) <= Self.maximumPixels }

    /// The entries cut into pages whose sheets each fit `maximumPixels`, in order (one pass,
    /// as `layout` places them: each page starts with its day's heading).
    public func pages(_ entries: [Entry]) -> [Range<Int>] {
        let maximumHeight = Self.maximumPixels / width
        var pages: [Range<Int>] = []
        var start = 0, y = gap, column = 0
        var day: String?
        for (i, entry) in entries.enumerated() {
            var nextY = y
            if entry.day != day || column == columns {
                if day != nil { nextY += cell + gap }
                if entry.day != day { nextY += headingHeight + gap }
                column = 0
            }
            if i > start && nextY + cell + gap > maximumHeight {
                pages.append(start..<i)
                start = i
                nextY = 2 * gap + headingHeight
                column = 0
            }
            y = nextY
            column += 1
            day = entry.day
        }
        if start < entries.count { pages.append(start..<entries.count) }
        return pages
    }

    /// "2024-05-03 · Lisbon, Sintra": each item's day (nil: "Undated") and the places of that
    /// day's items in order, in one pass over the items (a day's places gathered once, not
    /// once per item: a 20,000-item lenta took minutes so).
    public static func dayHeadings(days: [String?], places: [String?]) -> [String] {
        var named: [String: [String]] = [:]
        var seen: [String: Set<String>] = [:]
        for (day, place) in zip(days, places) {
            guard let day, let place, seen[day, default: []].insert(place).inserted else { continue }
            named[day, default: []].append(place)
        }
        return days.map { day in
            guard let day else { return "Undated" }
            let names = named[day] ?? []
            return names.isEmpty ? day : day + " · " + names.joined(separator: ", ")
        }
    }

    public func layout(_ entries: [Entry]) -> Layout {
        var cells: [(x: Int, y: Int)] = []
        var headings: [(text: String, y: Int)] = []
        var y = gap, column = 0
        var day: String?
        for entry in entries {
            if entry.day != day || column == columns {
                if day != nil { y += cell + gap }
                if entry.day != day {
                    headings.append((entry.day, y))
                    y += headingHeight + gap
                    day = entry.day
                }
                column = 0
            }
            cells.append((gap + column * (cell + gap), y))
            column += 1
        }
        if !entries.isEmpty { y += cell + gap }
        return Layout(width: gap + columns * (cell + gap), height: max(y, 2 * gap + 1), cells: cells, headings: headings)
    }

    /// The sheet; an item that cannot be decoded is a grey square with a cross, and its file and
    /// reason are handed to `problem`, the rest go on.
    public func render(_ entries: [Entry], text: TextEngine?, problem: (String, Error) -> Void) -> RGBAImage {
        let layout = layout(entries)
        let bg = Self.background
        var image = RGBAImage(width: layout.width, height: layout.height, red: bg.red, green: bg.green, blue: bg.blue)
        if let text {
            for heading in layout.headings {
                let rendered = text.render(heading.text, pixelSize: Double(headingHeight) * 0.8, maxWidth: Double(layout.width - 2 * gap),
                                           maxHeight: Double(headingHeight))
                if !rendered.mask.isEmpty { image.draw(rendered.mask, atX: gap, y: heading.y, red: 235, green: 235, blue: 235) }
            }
        }
        for (entry, origin) in zip(entries, layout.cells) {
            var square: RGBAImage
            var duration = entry.duration
            var isClip = entry.isClip ?? false
            do {
                let (picture, metadata) = try ItemThumbnail.decodeWithMetadata(path: entry.path, at: entry.time)
                square = Self.squareCrop(entry.region.map { Self.crop(picture, to: $0) } ?? picture, side: cell)
                isClip = entry.isClip ?? (metadata.kind == .video)
                if isClip { duration = duration ?? metadata.duration }
            } catch {
                problem(entry.path, error)
                square = Self.unreadable(side: cell)
            }
            if entry.sensitive == .private { Self.mosaic(&square, tiles: 8) }
            if entry.isAlternate { Self.dim(&square) }
            if let sensitive = entry.sensitive, sensitive.isSensitive { Self.frame(&square, colour: sensitive == .private ? Self.privateMark : Self.documentMark) }
            image.place(square, atX: origin.x, y: origin.y)
            if isClip {
                image.draw(Self.playTriangle(side: cell / 4), atX: origin.x + cell / 16, y: origin.y + cell - cell / 4 - cell / 16,
                           red: 255, green: 255, blue: 255, opacity: 0.9)
                if let duration, let text {
                    let label = text.render(Self.durationText(duration), pixelSize: Double(cell) / 7, maxWidth: Double(cell), maxHeight: Double(cell) / 5)
                    if !label.mask.isEmpty {
                        image.draw(label.mask, atX: origin.x + cell - Int(label.width.rounded()) - cell / 16,
                                   y: origin.y + cell - Int(label.height.rounded()) - cell / 16, red: 255, green: 255, blue: 255)
                    }
                }
            }
            if entry.isAlternate {
                image.draw(Self.cornerMark(side: cell / 3), atX: origin.x + cell - cell / 3, y: origin.y,
                           red: Self.mark.red, green: Self.mark.green, blue: Self.mark.blue)
            }
        }
        return image
    }

    /// "0:07", "1:05:00".
    public static func durationText(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded()))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    /// The centre square of a picture, resampled to `side` by box averages (area sampling).
    static func squareCrop(_ picture: RGBAImage, side: Int) -> RGBAImage {
        let s = min(picture.width, picture.height)
        let x0 = (picture.width - s) / 2, y0 = (picture.height - s) / 2
        var out = [UInt8](repeating: 255, count: side * side * 4)
        for oy in 0..<side {
            let sy0 = y0 + oy * s / side, sy1 = max(sy0 + 1, y0 + (oy + 1) * s / side)
            for ox in 0..<side {
                let sx0 = x0 + ox * s / side, sx1 = max(sx0 + 1, x0 + (ox + 1) * s / side)
                var sum = (0, 0, 0), n = 0
                for y in sy0..<min(sy1, picture.height) {
                    for x in sx0..<min(sx1, picture.width) {
                        let i = (y * picture.width + x) * 4
                        sum.0 += Int(picture.pixels[i]); sum.1 += Int(picture.pixels[i + 1]); sum.2 += Int(picture.pixels[i + 2])
                        n += 1
                    }
                }
                let o = (oy * side + ox) * 4, m = max(1, n)
                out[o] = UInt8((sum.0 + m / 2) / m); out[o + 1] = UInt8((sum.1 + m / 2) / m); out[o + 2] = UInt8((sum.2 + m / 2) / m)
            }
        }
        return RGBAImage(width: side, height: side, pixels: out)
    }

    /// The part of a picture inside `region` (shares of it), at least one pixel.
    static func crop(_ picture: RGBAImage, to region: ProjectRect) -> RGBAImage {
        let x0 = min(picture.width - 1, max(0, Int(region.x * Double(picture.width))))
        let y0 = min(picture.height - 1, max(0, Int(region.y * Double(picture.height))))
        let w = max(1, min(picture.width - x0, Int((region.width * Double(picture.width)).rounded())))
        let h = max(1, min(picture.height - y0, Int((region.height * Double(picture.height)).rounded())))
        var out = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            let from = ((y0 + y) * picture.width + x0) * 4
            out.replaceSubrange((y * w * 4)..<((y + 1) * w * 4), with: picture.pixels[from..<(from + w * 4)])
        }
        return RGBAImage(width: w, height: h, pixels: out)
    }

    /// The frames of documents (amber) and private pictures (red).
    static let documentMark = (red: UInt8(232), green: UInt8(170), blue: UInt8(40))
    static let privateMark = (red: UInt8(214), green: UInt8(40), blue: UInt8(40))

    /// Each of `tiles`×`tiles` parts of the square filled with its mean: nothing legible is left.
    static func mosaic(_ picture: inout RGBAImage, tiles: Int) {
        let w = picture.width, h = picture.height
        for ty in 0..<tiles {
            for tx in 0..<tiles {
                let x0 = tx * w / tiles, x1 = (tx + 1) * w / tiles, y0 = ty * h / tiles, y1 = (ty + 1) * h / tiles
                guard x1 > x0, y1 > y0 else { continue }
                var sums = [0, 0, 0]
                for y in y0..<y1 { for x in x0..<x1 { for c in 0..<3 { sums[c] += Int(picture.pixels[(y * w + x) * 4 + c]) } } }
                let n = (x1 - x0) * (y1 - y0)
                for y in y0..<y1 { for x in x0..<x1 { for c in 0..<3 { picture.pixels[(y * w + x) * 4 + c] = UInt8(sums[c] / n) } } }
            }
        }
    }

    /// A border a sixteenth of the side wide.
    static func frame(_ picture: inout RGBAImage, colour: (red: UInt8, green: UInt8, blue: UInt8)) {
        let w = picture.width, h = picture.height, t = max(2, min(w, h) / 16)
        for y in 0..<h {
            for x in 0..<w where x < t || y < t || x >= w - t || y >= h - t {
                let o = (y * w + x) * 4
                picture.pixels[o] = colour.red; picture.pixels[o + 1] = colour.green; picture.pixels[o + 2] = colour.blue
            }
        }
    }

    /// Alternates at 40% brightness.
    static func dim(_ picture: inout RGBAImage) {
        for i in stride(from: 0, to: picture.pixels.count, by: 4) {
            for c in 0..<3 { picture.pixels[i + c] = UInt8(Int(picture.pixels[i + c]) * 2 / 5) }
        }
    }

    static func unreadable(side: Int) -> RGBAImage {
        var square = RGBAImage(width: side, height: side, red: 70, green: 70, blue: 74)
        for i in 0..<side {
            for d in -1...1 {
                for (x, y) in [(i, i + d), (side - 1 - i, i + d)] where y >= 0 && y < side {
                    let o = (y * side + x) * 4
                    square.pixels[o] = 150; square.pixels[o + 1] = 150; square.pixels[o + 2] = 155
                }
            }
        }
        return square
    }

    /// A right-pointing triangle filling a `side` square.
    static func playTriangle(side: Int) -> AlphaMask {
        var alpha = [UInt8](repeating: 0, count: side * side)
        for y in 0..<side {
            let half = Double(side) / 2, dy = abs(Double(y) + 0.5 - half)
            let reach = Double(side) * (1 - dy / half)
            for x in 0..<side where Double(x) + 0.5 <= reach { alpha[y * side + x] = 255 }
        }
        return AlphaMask(width: side, height: side, alpha: alpha)
    }

    /// The top-right triangle of a `side` square: the alternates' mark.
    static func cornerMark(side: Int) -> AlphaMask {
        var alpha = [UInt8](repeating: 0, count: side * side)
        for y in 0..<side { for x in 0..<side where x >= y { alpha[y * side + x] = 255 } }
        return AlphaMask(width: side, height: side, alpha: alpha)
    }
}
