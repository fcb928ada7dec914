import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// Colour through the whole tool: `lenta validate` on bad looks, `lenta frame` goldens for every
/// adjustment, look and a `.cube` file, bit-identical frames, graded clips.
@Suite("Colour goldens", .serialized)
struct ColourGoldenTests {
    /// One story of the chart photo, one item (1 s, cut) per case; case `i` shows at `i + 0.5` s.
    static let adjustmentCases: [(String, [String: Double])] = [
        ("exposure+1", ["exposure": 1]), ("exposure-1", ["exposure": -1]),
        ("contrast1.4", ["contrast": 1.4]), ("contrast0.6", ["contrast": 0.6]),
        ("saturation1.5", ["saturation": 1.5]), ("saturation0.4", ["saturation": 0.4]),
        ("temperature+0.5", ["temperature": 0.5]), ("temperature-0.5", ["temperature": -0.5]),
        ("tint+0.5", ["tint": 0.5]), ("tint-0.5", ["tint": -0.5]),
        ("highlights-0.8", ["highlights": -0.8]), ("highlights+0.6", ["highlights": 0.6]),
        ("shadows+0.8", ["shadows": 0.8]), ("shadows-0.6", ["shadows": -0.6]),
    ]
    static let lookCases = ["natural", "vivid", "warm", "cool", "mono", "fade", "film"]

    /// A teal-and-orange grade: shadows towards teal, highlights towards orange, a little more colour.
    static func tealOrange() -> CubeFile {
        let size = 17
        var values: [Float] = []
        for b in 0..<size { for g in 0..<size { for r in 0..<size {
            let rgb = SIMD3(Double(r), Double(g), Double(b)) / Double(size - 1)
            let luma = 0.2126 * rgb.x + 0.7152 * rgb.y + 0.0722 * rgb.z
            var out = luma + 1.15 * (rgb - luma)
            out += (1 - luma) * SIMD3(-0.08, 0.03, 0.08) + luma * SIMD3(0.08, 0.02, -0.08)
            values += [Float(out.x), Float(out.y), Float(out.z)]
        } } }
        return CubeFile(title: "teal and orange", kind: .threeD, size: size, values: values)
    }

    static func story(_ fixture: RenderFixture) throws -> (path: String, cases: [String]) {
        let photo = try fixture.photo("chart.png", ColourChart.frame())
        try FileManager.default.createDirectory(at: fixture.folder.url.appendingPathComponent("grades"), withIntermediateDirectories: true)
        try ("# written by ColourGoldenTests\n" + tealOrange().text()).write(to: fixture.folder.url.appendingPathComponent("grades/teal-orange.cube"),
                                                                            atomically: true, encoding: .utf8)
        var items: [[String: Any]] = [["path": photo, "duration": 1.0]]
        var cases = ["none"]
        for (name, adjust) in adjustmentCases {
            items.append(["path": photo, "duration": 1.0, "adjust": adjust])
            cases.append(name)
        }
        for look in lookCases {
            items.append(["path": photo, "duration": 1.0, "look": look])
            cases.append("look-" + look)
        }
        items.append(["path": photo, "duration": 1.0, "look": "grades/teal-orange.cube"])
        cases.append("cube-teal-orange")
        let path = try fixture.project([
            "lenta": 1,
            "output": ["preset": "preview", "width": ColourChart.width, "height": ColourChart.height],
            "defaults": ["fit": "fill", "kenBurns": "none", "transition": ["type": "cut"]],
            "items": items,
        ])
        return (path, cases)
    }

    @Test("lenta frame: every adjustment, look and a .cube file match the goldens (Y, Cb and Cr block means)")
    func goldens() throws {
        let fixture = try RenderFixture()
        let (story, cases) = try Self.story(fixture)
        let validate = try LentaCLI.run(["validate", story])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        var measured: [String: ColourGolden.Means] = [:]
        var frames: [String: PlanarFrame] = [:]
        for (i, name) in cases.enumerated() {
            let png = fixture.folder.path("\(name).png")
            let run = try LentaCLI.run(["frame", story, "--at", String(Double(i) + 0.5), "-o", png])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let frame = try PhotoDecoder(path: png).decode(scale: 1)
            frames[name] = frame
            measured[name] = ColourGolden.blockMeans(frame)
        }
        // The photo without colour work comes through as it was; each case differs from it.
        if let plain = frames["none"] {
            let chart = ColourChart.frame()
            #expect(abs(ColourChart.mean(plain, patch: "grey").x - ColourChart.mean(chart, patch: "grey").x) <= 1)
            for (name, frame) in frames where name != "none" && name != "look-natural" {
                #expect(frame != plain, "\(name) changed nothing")
            }
        }
        try ColourGolden.check("colour-frames", measured, tolerance: 3)
    }

    @Test("lenta frame with colour work is bit-identical run to run and with 1 or 2 threads")
    func bitIdentical() throws {
        let fixture = try RenderFixture()
        let photo = try fixture.photo("chart.png", ColourChart.frame())
        let story = try fixture.project([
            "lenta": 1, "output": ["preset": "preview"],
            "items": [["path": photo, "duration": 2.0, "look": "film",
                       "adjust": ["exposure": 0.3, "contrast": 1.2, "saturation": 1.3, "temperature": 0.2, "shadows": 0.3]]],
        ])
        var outputs: [Data] = []
        for (i, threads) in [1, 2, 2].enumerated() {
            let path = fixture.folder.path("f\(i).png")
            let result = try LentaCLI.run(["frame", story, "--at", "0.7", "-o", path, "--threads", String(threads)])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(outputs.count == 3 && outputs[0] == outputs[1] && outputs[1] == outputs[2])
    }

    @Test("lenta validate: a bad or missing .cube is an error at items[i].look naming the file and line (exit 2)")
    func validateBadCube() throws {
        let fixture = try RenderFixture()
        let photo = try fixture.solidPhoto("p.png", 120, 120, 120)
        try "LUT_3D_SIZE 2\n0 0 0\n0 0\n".write(to: fixture.folder.url.appendingPathComponent("bad.cube"), atomically: true, encoding: .utf8)
        let story = try fixture.project([
            "lenta": 1,
            "items": [["path": photo, "duration": 1.0, "look": "bad.cube"], ["path": photo, "duration": 1.0, "look": "gone.cube"],
                      ["path": photo, "duration": 1.0, "look": "flim"]],
        ])
        let result = try LentaCLI.run(["validate", story])
        #expect(result.status == 2)
        let text = result.stdout + result.stderr
        #expect(text.contains("items[0].look: bad.cube: line 3: expected three numbers, found 2"), "\(text)")
        #expect(text.contains("items[1].look: file not found: gone.cube"), "\(text)")
        #expect(text.contains(#"items[2].look: unknown look "flim" (did you mean "film"?"#), "\(text)")
        let render = try LentaCLI.run(["frame", story, "--at", "0.5", "-o", fixture.folder.path("f.png")])
        #expect(render.status == 2)
    }

    @Test("a clip's frames are graded too")
    func clipIsGraded() throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 30, seconds: 1), to: fixture.folder.path("c.mp4"))
        func frame(_ item: [String: Any]) throws -> PlanarFrame {
            let c = try fixture.compositor(["lenta": 1, "defaults": ["fit": "fill", "kenBurns": "none"], "items": [item]])
            return try c.frame(10)
        }
        let plain = try frame(["path": "c.mp4"])
        let brighter = try frame(["path": "c.mp4", "adjust": ["exposure": 1]])
        let mono = try frame(["path": "c.mp4", "look": "mono"])
        let mean = { (f: PlanarFrame) in RenderFixture.meanLuma(f, x: 0..<f.width, y: 0..<f.height) }
        #expect(mean(brighter) > mean(plain) + 10)
        #expect(mono.u.allSatisfy { abs(Int($0) - 128) <= 1 } && mono.v.allSatisfy { abs(Int($0) - 128) <= 1 })
    }

    @Test("a clip's picture shown on several output frames is graded once")
    func clipPictureGradedOnce() throws {
        let fixture = try RenderFixture()
        let path = fixture.folder.path("c.mp4")
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, frameRate: 10, seconds: 1), to: path)
        let grade = ColourGrade(adjust: Adjustments(exposure: 0.5, saturation: 1.4), look: nil)
        let colour = ItemColour(source: .bt709, output: .bt709, grade: grade, parallel: ParallelSlices(threads: 1))
        let layer = try ClipLayer(item: fixture.story(["lenta": 1, "items": [["path": "c.mp4"]]]).items[0], geometry: { w, h in
            ItemGeometry(pictureWidth: w, pictureHeight: h, crop: nil, rotation: nil, fit: .fill, motion: .still,
                         outputWidth: 64, outputHeight: 48)
        }, colour: colour, threads: 1, parallel: ParallelSlices(threads: 1))
        func storage(_ f: PlanarFrame) -> UnsafeRawPointer? { f.y.withUnsafeBytes { $0.baseAddress } }
        let first = try layer.frames.graded(at: Rational(0))
        // 10 fps: at 1/20 s the same picture is still shown, so its graded copy comes back as it is.
        let again = try layer.frames.graded(at: Rational(1, 20))
        let next = try layer.frames.graded(at: Rational(1, 10))
        #expect(storage(again) == storage(first))
        #expect(storage(next) != storage(first))
        // The synthetic clip is BT.601: its table converts that and grades, in one pass.
        let reader = try VideoReader(path: path, threads: 1)
        var expected = try reader.frame(at: Rational(1, 10))
        let table = try #require(YUVLookupTable.make(source: reader.colour, grade: grade))
        table.apply(to: &expected, threads: 1)
        #expect(next == expected)
    }
}

/// FATE-style goldens with colour: the mean Y', Cb and Cr of an 8×4 grid of blocks per case,
/// compared with a tolerance (by `Golden.check`); written only when LENTA_RECORD_GOLDENS=1.
enum ColourGolden {
    typealias Means = [String: [Int]]

    static func blockMeans(_ frame: PlanarFrame, columns: Int = 8, rows: Int = 4) -> Means {
        var y: [Int] = [], u: [Int] = [], v: [Int] = []
        for by in 0..<rows {
            for bx in 0..<columns {
                let x0 = bx * frame.width / columns, x1 = (bx + 1) * frame.width / columns
                let y0 = by * frame.height / rows, y1 = (by + 1) * frame.height / rows
                let m = ColourChart.mean(frame, x: x0..<x1, y: y0..<y1)
                y.append(Int(m.x.rounded()))
                u.append(Int(m.y.rounded()))
                v.append(Int(m.z.rounded()))
            }
        }
        return ["y": y, "u": u, "v": v]
    }

    /// Stored as `Golden` stores luma, one list per "case.plane" ("warm.u").
    static func check(_ name: String, _ measured: [String: Means], tolerance: Int) throws {
        let flat = measured.reduce(into: [String: [Int]]()) { all, entry in
            for (plane, values) in entry.value { all["\(entry.key).\(plane)"] = values }
        }
        try Golden.check(name, flat, tolerance: tolerance)
    }
}
