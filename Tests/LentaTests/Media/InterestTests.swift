import Foundation
import LentaCore
@testable import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// Synthetic pictures for the centre of interest: drawn faces OpenCV's frontal cascade fires on
/// (checked below, not assumed), a sky over a flat ground, detail in one corner.
enum InterestPictures {
    /// Fills the ellipse centred at (cx, cy) with half-axes (a, b) with grey `value`.
    static func ellipse(_ y: inout [UInt8], width: Int, height: Int, _ cx: Double, _ cy: Double, _ a: Double, _ b: Double, _ value: UInt8) {
        for row in max(0, Int(cy - b))...min(height - 1, Int(cy + b) + 1) {
            for x in max(0, Int(cx - a))...min(width - 1, Int(cx + a) + 1) {
                let dx = (Double(x) - cx) / a, dy = (Double(row) - cy) / b
                if dx * dx + dy * dy <= 1 { y[row * width + x] = value }
            }
        }
    }

    /// A face about `k` × 92 pixels wide: hair, skin, eyes, brows, nostrils, mouth.
    static func face(_ y: inout [UInt8], width: Int, height: Int, _ cx: Double, _ cy: Double, _ k: Double) {
        ellipse(&y, width: width, height: height, cx, cy - 20 * k, 52 * k, 62 * k, 45)
        ellipse(&y, width: width, height: height, cx, cy, 46 * k, 60 * k, 185)
        for row in Int(cy - 62 * k)..<Int(cy - 40 * k) where row >= 0 && row < height {
            for x in Int(cx - 46 * k)..<Int(cx + 46 * k) where x >= 0 && x < width { y[row * width + x] = 45 }
        }
        for side in [-1.0, 1.0] {
            ellipse(&y, width: width, height: height, cx + side * 20 * k, cy - 12 * k, 11 * k, 5 * k, 50)
            ellipse(&y, width: width, height: height, cx + side * 20 * k, cy - 24 * k, 13 * k, 3 * k, 70)
            ellipse(&y, width: width, height: height, cx + side * 6 * k, cy + 14 * k, 4 * k, 3 * k, 110)
        }
        ellipse(&y, width: width, height: height, cx, cy + 32 * k, 17 * k, 5 * k, 90)
    }

    /// Two 3-pixel box blurs (about a Gaussian of 1.2 pixels): drawn edges as a lens leaves them.
    static func soften(_ y: [UInt8], width: Int, height: Int) -> [UInt8] {
        var a = y
        for _ in 0..<2 {
            var b = a
            for row in 0..<height {
                for x in 0..<width {
                    var s = 0, n = 0
                    for dy in -1...1 { for dx in -1...1 {
                        let r = row + dy, c = x + dx
                        if r >= 0, r < height, c >= 0, c < width { s += Int(a[r * width + c]); n += 1 }
                    } }
                    b[row * width + x] = UInt8(s / n)
                }
            }
            a = b
        }
        return a
    }

    /// A landscape scene: a sky fading down to a flat ground at 5/8 of the height; with `faces`,
    /// two people at `facesAt` (a share of the width) standing on it.
    static func scene(width: Int = 1280, height: Int = 720, faces: Bool, facesAt: Double = 0.22) -> PlanarFrame {
        var y = [UInt8](repeating: 0, count: width * height)
        let horizon = height * 5 / 8
        for row in 0..<height {
            let v = row < horizon ? UInt8(200 - row * 40 / horizon) : 110
            for x in 0..<width { y[row * width + x] = v }
        }
        if faces {
            let k = Double(height) / 480
            face(&y, width: width, height: height, Double(width) * facesAt - 55 * k, 230 * k, k)
            face(&y, width: width, height: height, Double(width) * facesAt + 55 * k, 240 * k, 0.9 * k)
        }
        y = soften(y, width: width, height: height)
        let chroma = PlaneSamples(repeating: 128, count: ((width + 1) / 2) * ((height + 1) / 2))
        return PlanarFrame(width: width, height: height, y: PlaneSamples(y), u: chroma, v: chroma)
    }

    /// The faces' centres as drawn, normalised.
    static func faceCentres(width: Int = 1280, height: Int = 720, facesAt: Double = 0.22) -> [ProjectPoint] {
        let k = Double(height) / 480
        return [ProjectPoint(x: (Double(width) * facesAt - 55 * k) / Double(width), y: 230 * k / Double(height)),
                ProjectPoint(x: (Double(width) * facesAt + 55 * k) / Double(width), y: 240 * k / Double(height))]
    }

    /// Faces in a frame, found by the same detector.
    static func faces(in frame: PlanarFrame) throws -> [FaceDetector.Face] {
        try FaceDetector.standard().faces(inGrey: frame.y, width: frame.width, height: frame.height, minSize: 16)
    }
}

@Suite("Centre of interest")
struct InterestTests {
    static let hasCascade = FaceDetector.cascadeCandidates.contains { FileManager.default.fileExists(atPath: $0) }

    @Test("the detector fires on the drawn faces, where they are, and not on the scene without them", .enabled(if: hasCascade))
    func detectorFires() throws {
        let withFaces = InterestPictures.scene(faces: true)
        let found = try InterestPictures.faces(in: withFaces)
        #expect(found.count == 2, "\(found)")
        for centre in InterestPictures.faceCentres() {
            #expect(found.contains { f in
                abs(Double(f.x + f.width / 2) / 1280 - centre.x) < 0.03 && abs(Double(f.y + f.height / 2) / 720 - centre.y) < 0.05
            }, "no face found at \(centre)")
        }
        #expect(try InterestPictures.faces(in: InterestPictures.scene(faces: false)).isEmpty)
        #expect(throws: MediaError.self) { try FaceDetector(cascadePath: "/nonexistent/cascade.xml") }
    }

    @Test("the detector's library is loaded from beside the running binary; one that cannot be loaded is a MediaError naming it and why")
    func detectorLibrary() throws {
        let executable = URL(fileURLWithPath: "/opt/lenta/bin/lenta")
        #expect(LoadableLibrary.candidates("libLentaFaceDetect.so", executables: [executable])
            == ["/opt/lenta/bin/libLentaFaceDetect.so", "/opt/lenta/lib/lenta/libLentaFaceDetect.so"])
        let library = try FaceDetectLibrary.shared.get()
        let runner = try #require(PresetLibrary.runningExecutables().first)
        #expect(library.path == runner.deletingLastPathComponent().appendingPathComponent("libLentaFaceDetect.so").path)
        // A file that is no shared object, and one that is not there: each named, with dlopen's text.
        let fixture = try RenderFixture()
        let notALibrary = fixture.folder.path("libLentaFaceDetect.so")
        try Data("not ELF".utf8).write(to: URL(fileURLWithPath: notALibrary))
        guard case .failure(let error) = FaceDetectLibrary.load(from: [notALibrary, "/nonexistent/libLentaFaceDetect.so"]) else {
            Issue.record("loaded a library that is not one")
            return
        }
        #expect(error.path == "libLentaFaceDetect.so" && error.operation == "load the face detector")
        #expect(error.reason.contains("\(notALibrary): file too short"), "\(error.reason)")
        #expect(error.reason.contains("/nonexistent/libLentaFaceDetect.so: cannot open shared object file"), "\(error.reason)")
    }

    @Test("interest: the faces when there are some; else the detail, never the sky; a flat picture has none", .enabled(if: hasCascade))
    func finder() throws {
        let faces = try InterestFinder.find(in: InterestPictures.scene(faces: true), faces: FaceDetector.standard())
        #expect(faces.kind == .faces)
        let drawn = InterestPictures.faceCentres()
        let meanX = drawn.map(\.x).reduce(0, +) / 2, meanY = drawn.map(\.y).reduce(0, +) / 2
        #expect(abs(faces.centre.x - meanX) < 0.03 && abs(faces.centre.y - meanY) < 0.05, "\(faces.centre)")
        for c in InterestPictures.faceCentres() {
            #expect(faces.region.x <= c.x && c.x <= faces.region.x + faces.region.width)
        }
        // Detail in the lower right (a checkerboard of stones), a smooth sky above.
        var scene = InterestPictures.scene(width: 640, height: 360, faces: false)
        for row in 250..<350 { for x in 450..<630 where ((x / 8) + (row / 8)) % 2 == 0 { scene.y[row * 640 + x] = 40 } }
        let detail = try InterestFinder.find(in: scene, faces: FaceDetector.standard())
        #expect(detail.kind == .detail)
        #expect(detail.centre.x > 0.7 && detail.centre.y > 0.65, "\(detail.centre)")
        let flat = try InterestFinder.find(in: PlanarFrame(width: 640, height: 360, colour: YUVColour(y: 120, u: 128, v: 128)), faces: nil)
        #expect(flat == .flat)
    }

    @Test("auto motion: even items zoom in and end on the interest, odd ones pan toward it; flat pictures only zoom out")
    func autoMotion() {
        let interest = PictureInterest(kind: .faces, region: ProjectRect(x: 0.1, y: 0.2, width: 0.25, height: 0.3),
                                       centre: ProjectPoint(x: 0.22, y: 0.34))
        let base = ItemGeometry(pictureWidth: 1280, pictureHeight: 720, crop: nil, rotation: nil, fit: .blur, motion: .still,
                                outputWidth: 320, outputHeight: 180)
        let zoom = base.aimed(at: interest, autoMotion: true, itemIndex: 0).motion
        #expect(zoom.from == .full)
        #expect(zoom.to.width < 1 && zoom.to.x <= 0.1 && zoom.to.x + zoom.to.width >= 0.35)
        let pan = base.aimed(at: interest, autoMotion: true, itemIndex: 1).motion
        #expect(pan.from.width == pan.to.width && pan.from.x > pan.to.x, "\(pan)")  // travels left, toward the faces
        #expect(pan.to.x <= 0.1 && pan.to.x + pan.to.width >= 0.35)
        for index in 0..<2 {
            let flat = base.aimed(at: .flat, autoMotion: true, itemIndex: index).motion
            #expect(flat.to == .full && flat.from.width < 1)
        }
        // Given rectangles stay as written; a fill crop still looks at the interest.
        let kept = base.aimed(at: interest, autoMotion: false, itemIndex: 0)
        #expect(kept.motion == .still && kept.focus == interest.centre)
    }

    /// The faces scene as a photo, rendered: the first and last frames of the MP4, decoded.
    @Test("auto Ken Burns ends on the faces (found in the decoded MP4's last frame, near its centre and larger)",
          .enabled(if: hasCascade))
    func kenBurnsEndsOnFaces() throws {
        let fixture = try RenderFixture()
        let photo = try fixture.photo("people.png", InterestPictures.scene(faces: true))
        let story = try fixture.project([
            "lenta": 1,
            "output": ["preset": "preview", "width": 640, "height": 360],
            "defaults": ["fit": "fill", "kenBurns": "auto"],
            "items": [["path": photo, "duration": 2.0]],
        ])
        let output = fixture.folder.path("out.mp4")
        let result = try LentaCLI.run(["render", story, "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let reader = try VideoReader(path: output)
        let first = try InterestPictures.faces(in: reader.frame(at: Rational(1, 60)))
        let last = try InterestPictures.faces(in: reader.frame(at: Rational(119, 60)))
        #expect(first.count == 2 && last.count == 2, "first \(first), last \(last)")
        func centreX(_ faces: [FaceDetector.Face]) -> Double {
            faces.map { Double($0.x) + Double($0.width) / 2 }.reduce(0, +) / Double(max(1, faces.count)) / 640
        }
        #expect(centreX(first) < 0.3)
        #expect(abs(centreX(last) - 0.5) < 0.2, "the faces end at \(centreX(last)) of the width")
        #expect((last.map(\.width).max() ?? 0) > (first.map(\.width).max() ?? 0) * 5 / 4)
    }

    @Test("a landscape photo with its people at one side, filling portrait-1080p, keeps them in frame", .enabled(if: hasCascade))
    func smartFill() throws {
        let fixture = try RenderFixture()
        let photo = try fixture.photo("people.png", InterestPictures.scene(faces: true, facesAt: 0.2))
        func faces(_ kenBurns: Any) throws -> [FaceDetector.Face] {
            let story = try fixture.project([
                "lenta": 1,
                "output": ["preset": "portrait-1080p"],
                "defaults": ["fit": "fill", "kenBurns": kenBurns],
                "items": [["path": photo, "duration": 2.0]],
            ], name: "story-\(kenBurns is String ? "auto" : "given").json")
            let png = fixture.folder.path("frame.png")
            let result = try LentaCLI.run(["frame", story, "--at", "1.0", "-o", png])
            #expect(result.status == 0, "\(result.stderr)")
            let frame = try PhotoDecoder(path: png).decode(scale: 0.5)
            #expect(frame.width == 540 && frame.height == 960)
            return try InterestPictures.faces(in: frame)
        }
        #expect(try faces("none").count == 2)
        // The same crop about the picture's centre (a motion given as rectangles): they are cut off.
        #expect(try faces(["from": [0, 0, 1, 1], "to": [0, 0, 1, 1]]).count < 2)
    }
}
