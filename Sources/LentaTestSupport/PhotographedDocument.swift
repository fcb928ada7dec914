import Foundation
import LentaCore
import LentaMedia

/// Pictures made the way a phone makes them of paper: a document drawn with text (ImageMagick's
/// `convert`, DejaVu fonts) and, for tickets and boarding passes, a real barcode (ZXing-C++'s
/// writer), put in perspective at an angle on a real photo (the repository's samples), with a
/// shadow, blur and sensor noise, saved as a JPEG. And travel photos with a sign or a plaque in a
/// small part of them. For the document-recognition tests.
public struct PhotographedDocument: Sendable {
    public enum Expected: String, Sendable { case document, `private`, photo }

    public var name: String
    public var expected: Expected
    /// The paper's size in pixels and colour; the text's colour.
    public var size: (width: Int, height: Int)
    public var paper: String
    public var ink: String
    public var font: String
    /// Lines of text from the top, each with its size in points.
    public var lines: [(text: String, points: Int)]
    /// A barcode on it: ZXing's format name, contents, and where and how large (paper pixels).
    public var code: (format: String, contents: String, x: Int, y: Int, width: Int, height: Int)?
    /// How far the paper leans (degrees) and how much of the photo's width it fills.
    public var angle: Double
    public var fill: Double
    /// Which real photo it lies on (the repository's samples), or a wooden table when `wood`.
    public var background: Int
    /// The phone's way of taking it: a wooden table instead of a photo behind (`background` seeds
    /// its grain), a hand holding the lower edge, how soft the lens (blur sigma in pixels), how
    /// much narrower the far edge, the JPEG quality.
    public var wood = false
    public var hand = false
    public var blur = 0.9
    public var squeeze = 0.9
    public var quality = 88

    public init(name: String, expected: Expected, size: (Int, Int), paper: String = "#f4f1ea", ink: String = "#1a1a1a",
                font: String = "DejaVu-Sans", lines: [(String, Int)], code: (String, String, Int, Int, Int, Int)? = nil,
                angle: Double = 8, fill: Double = 0.62, background: Int = 0) {
        self.name = name
        self.expected = expected
        self.size = size
        self.paper = paper
        self.ink = ink
        self.font = font
        self.lines = lines.map { (text: $0.0, points: $0.1) }
        self.code = code.map { (format: $0.0, contents: $0.1, x: $0.2, y: $0.3, width: $0.4, height: $0.5) }
        self.angle = angle
        self.fill = fill
        self.background = background
    }

    /// Real photos the documents lie on (the repository's samples).
    public static func backgrounds(repository: URL) -> [String] {
        let folder = repository.appendingPathComponent("samples/2024-05 Portugal")
        return ["DSCF1024.JPG", "DSCF1031.JPG", "DSCF1047.JPG", "DSCF1068.JPG", "DSCF1071.JPG", "20240504_150510.jpg"]
            .map { folder.appendingPathComponent($0).path }
    }

    /// Writes the photograph to `folder/name.jpg` and returns its path.
    /// - Throws: when `convert` fails or the barcode cannot be drawn.
    public func write(to folder: URL, backgrounds: [String]) throws -> String {
        // A work folder of this call's own and the picture moved into place whole: suites running
        // at once draw the same library into the same folder.
        let work = folder.appendingPathComponent(".work-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let paperFile = work.appendingPathComponent("paper.png").path
        var arguments = ["-size", "\(size.width)x\(size.height)", "xc:\(paper)", "-font", font, "-fill", ink]
        var y = 20
        for line in lines {
            y += line.points * 3 / 2
            arguments += ["-pointsize", "\(line.points)", "-annotate", "+\(max(16, size.width / 20))+\(y)", line.text]
        }
        if let code {
            let picture = try BarcodeReader.draw(code.contents, format: code.format, width: code.width, height: code.height)
            let codeFile = work.appendingPathComponent("code.pgm").path
            var pgm = Data("P5\n\(picture.width) \(picture.height)\n255\n".utf8)
            pgm.append(contentsOf: picture.pixels)
            try pgm.write(to: URL(fileURLWithPath: codeFile))
            arguments += [codeFile, "-geometry", "+\(code.x)+\(code.y)", "-composite"]
        }
        try Self.convert(arguments + [paperFile])

        // The scene: a real photo 1600×1200; the paper in perspective, leaning `angle` degrees.
        let background = backgrounds[background % backgrounds.count]
        let w = 1600.0, h = 1200.0
        let scale = w * fill / Double(max(size.width, size.height)) * (size.width >= size.height ? 1 : 1.2)
        let pw = Double(size.width) * scale, ph = Double(size.height) * scale
        let cx = w / 2 + (angle * 7).truncatingRemainder(dividingBy: 120), cy = h / 2
        let a = angle * .pi / 180
        func corner(_ dx: Double, _ dy: Double, _ squeeze: Double) -> String {
            let x = dx * cos(a) - dy * sin(a), y = dx * sin(a) + dy * cos(a)
            return "\(Int(cx + x * squeeze)),\(Int(cy + y))"
        }
        // The far edge (top) narrower than the near one: the phone looks down at an angle.
        let points = [(0.0, 0.0, -pw / 2, -ph / 2, squeeze), (Double(size.width), 0, pw / 2, -ph / 2, squeeze),
                      (Double(size.width), Double(size.height), pw / 2, ph / 2, 1.0), (0, Double(size.height), -pw / 2, ph / 2, 1.0)]
        let distort = points.map { "\(Int($0.0)),\(Int($0.1)) \(corner($0.2, $0.3, $0.4))" }.joined(separator: "  ")
        let output = folder.appendingPathComponent("\(name).jpg").path
        let surface = wood
            // A table's grain: noise drawn out along the boards, in browns.
            // (drawn at a quarter of the size: motion blur costs its radius at every pixel).
            ? ["-seed", "\(self.background + 1)", "-size", "400x300", "xc:gray", "+noise", "Random", "-virtual-pixel", "tile",
               "-motion-blur", "0x24+3", "-colorspace", "gray", "-auto-level", "-sigmoidal-contrast", "4x50%",
               "+level-colors", "#4b2d17,#b98552", "-resize", "1600x1200!"]
            : [background, "-auto-orient", "-resize", "1600x1200^", "-gravity", "center", "-extent", "1600x1200", "+gravity"]
        // A thumb over the paper's near edge, in skin tones.
        let thumb = hand
            ? ["-fill", "#d9a27f", "-stroke", "#b9825f", "-strokewidth", "3",
               "-draw", "translate \(Int(cx + pw * 0.15)),\(Int(cy + ph / 2)) rotate \(Int(angle) - 20) ellipse 0,0 150,62 0,360"]
            : []
        // Seeded, one thread: the same picture every run (ImageMagick's noise is otherwise drawn
        // from the clock, and rows shared among threads draw from several streams).
        try AtomicWrite.produce(at: output) { temporary in
            try Self.convert(["-seed", "\(CRC32.checksum(Array(name.utf8)) % 1_000_000)"] + surface + [
                "(", paperFile, "-alpha", "set", "-virtual-pixel", "transparent", "-define", "distort:viewport=1600x1200+0+0",
                "-distort", "Perspective", distort, "+repage",
                "(", "+clone", "-background", "black", "-shadow", "55x14+18+22", ")", "+swap", "-background", "none", "-layers", "merge",
                "+repage", ")", "-composite"] + thumb + [
                // A lamp's fall-off across the scene, the lens's softness, the sensor's noise.
                "(", "-size", "1600x1200", "radial-gradient:#ffffff-#b8b0a0", ")", "-compose", "multiply", "-composite", "-compose", "over",
                "-blur", "0x\(blur)", "-attenuate", "0.35", "+noise", "Gaussian", "-quality", "\(quality)", "jpeg:\(temporary)",
            ])
        }
        return output
    }

    public static func convert(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["MAGICK_THREAD_LIMIT": "1"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "convert failed: \(String(decoding: message, as: UTF8.self))"])
        }
    }
}
