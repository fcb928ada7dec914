import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import Testing

/// Per-item colour: the grade's controls, the Y'CbCr table, `.cube` files and look presets.
@Suite("Colour")
struct ColourTests {
    static func graded(_ adjust: Adjustments?, look: ItemLook? = nil, frame: PlanarFrame = ColourChart.frame()) -> PlanarFrame {
        var out = frame
        YUVLookupTable(grade: ColourGrade(adjust: adjust, look: look), parallel: ParallelSlices(threads: 2)).apply(to: &out, parallel: ParallelSlices(threads: 2))
        return out
    }

    static func maxDifference(_ a: PlanarFrame, _ b: PlanarFrame) -> Int {
        let planes = [(a.y, b.y), (a.u, b.u), (a.v, b.v)]
        return planes.map { zip($0.0, $0.1).map { abs(Int($0) - Int($1)) }.max() ?? 0 }.max() ?? 0
    }

    // MARK: The table

    @Test("an identity grade builds an identity table and leaves every code as it is")
    func identityTable() {
        let table = YUVLookupTable(grade: ColourGrade(adjust: nil, look: nil), parallel: ParallelSlices(threads: 1))
        let n = YUVLookupTable.nodesPerAxis
        var exact = true
        for vi in 0..<n { for ui in 0..<n { for yi in 0..<n {
            let node = yi + ui * n + vi * n * n
            exact = exact && table.node(node) == SIMD3(Int32(yi * 8 * 256), Int32(ui * 8 * 256), Int32(vi * 8 * 256))
        } } }
        #expect(exact)
        var frame = PlanarFrame(width: 256, height: 256)
        for i in frame.y.indices { frame.y[i] = UInt8(i % 256) }
        for i in frame.u.indices { frame.u[i] = UInt8((i * 7) % 256); frame.v[i] = UInt8((i * 13 / 128) % 256) }
        var out = frame
        table.apply(to: &out, parallel: ParallelSlices(threads: 2))
        #expect(Self.maxDifference(out, frame) == 0)
        #expect(ColourGrade(adjust: Adjustments(contrast: 1, saturation: 1), look: nil).isIdentity, "neutral values are no colour work")
        #expect(YUVLookupTable.make(for: ColourGrade(adjust: Adjustments(exposure: 0), look: nil)) == nil)
    }

    @Test("an identity .cube leaves a picture unchanged within rounding (max |Δ| ≤ 1)")
    func identityCube() throws {
        for size in [2, 17, 33] {
            let cube = try CubeFile.parse(Data(CubeFile.identity(size: size).text().utf8))
            let frame = ColourChart.frame()
            let out = Self.graded(nil, look: .cube(path: "identity.cube", cube), frame: frame)
            #expect(Self.maxDifference(out, frame) <= 1, "size \(size)")
        }
        // Outside its domain a cube extends as identity.
        let cube = CubeFile.identity(size: 2)
        #expect(cube.lookUp(SIMD3(-0.2, 0.5, 1.3)) == SIMD3(-0.2, 0.5, 1.3))
    }

    @Test("the AVX2 kernel grades to the same bytes as the portable loop: 8-bit in place and 10-bit, odd sizes, HDR sources")
    func vectorisedTableMatchesPortable() {
        guard FixedPointKernel.avx2Available else { return }  // nothing to compare on this CPU
        var random = FuzzRandom(seed: 11)
        let grade = ColourGrade(adjust: Adjustments(exposure: 0.4, contrast: 1.2, saturation: 1.3, temperature: 0.2, shadows: 0.3), look: nil)
        let hlg = ColourDescription(matrix: .bt2020NCL, fullRange: false, primaries: .bt2020, transfer: .hlg, bitDepth: 10)
        let pq = ColourDescription(matrix: .bt2020NCL, fullRange: true, primaries: .bt2020, transfer: .pq, bitDepth: 10)
        let sources: [(ColourDescription, ColourGrade?)] = [(.bt709, grade), (hlg, nil), (pq, grade), (.sRGB, nil)]
        // Widths with and without whole groups of eight blocks, odd and even; every code, edges included.
        for (source, itemGrade) in sources {
            guard var table = YUVLookupTable.make(source: source, grade: itemGrade, threads: 2) else {
                Issue.record("no table for \(source.summary)")
                continue
            }
            for (width, height) in [(64, 6), (37, 5), (18, 3), (1, 1), (333, 17)] {
                let lumaCount = width * height, chromaCount = ((width + 1) / 2) * ((height + 1) / 2)
                if table.inputBits == 8 {
                    let picture = PlanarFrame(width: width, height: height,
                                              y: PlaneSamples((0..<lumaCount).map { _ in UInt8(truncatingIfNeeded: random.next()) }),
                                              u: PlaneSamples((0..<chromaCount).map { _ in UInt8(truncatingIfNeeded: random.next()) }),
                                              v: PlaneSamples((0..<chromaCount).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
                    var fast = picture, portable = picture
                    table.vectorised = true
                    table.apply(to: &fast, parallel: ParallelSlices(threads: 2))
                    table.vectorised = false
                    table.apply(to: &portable, parallel: ParallelSlices(threads: 2))
                    #expect(fast == portable, "\(source.summary) \(width)×\(height)")
                } else {
                    let code = { UInt16(truncatingIfNeeded: random.next() % 1024) }
                    let picture = DeepPlanarFrame(width: width, height: height, bitDepth: 10, y: (0..<lumaCount).map { _ in code() },
                                                  u: (0..<chromaCount).map { _ in code() }, v: (0..<chromaCount).map { _ in code() })
                    table.vectorised = true
                    let fast = table.apply(picture, parallel: ParallelSlices(threads: 2))
                    table.vectorised = false
                    let portable = table.apply(picture, parallel: ParallelSlices(threads: 2))
                    #expect(fast == portable, "\(source.summary) \(width)×\(height)")
                }
            }
        }
    }

    @Test("results are the same for any thread count")
    func threadCountDoesNotMatter() {
        let grade = ColourGrade(adjust: Adjustments(exposure: 0.4, contrast: 1.2, saturation: 1.3, temperature: 0.2, shadows: 0.3), look: nil)
        var frames: [PlanarFrame] = []
        for threads in [1, 2, 5] {
            var frame = ColourChart.frame()
            YUVLookupTable(grade: grade, parallel: ParallelSlices(threads: threads)).apply(to: &frame, parallel: ParallelSlices(threads: threads))
            frames.append(frame)
        }
        #expect(frames[0] == frames[1] && frames[1] == frames[2])
        // An odd-sized picture: edge blocks have fewer luma samples.
        var odd = PlanarFrame(width: 7, height: 5, colour: YUVColour(red: 200, green: 100, blue: 50))
        YUVLookupTable(grade: grade, parallel: ParallelSlices(threads: 2)).apply(to: &odd, parallel: ParallelSlices(threads: 2))
        #expect(odd.y.allSatisfy { $0 == odd.y[0] } && odd.u.allSatisfy { $0 == odd.u[0] })
    }

    // MARK: Each control does what its name says

    @Test("exposure: + brightens, − darkens")
    func exposure() {
        let frame = ColourChart.frame()
        let grey = ColourChart.mean(frame, patch: "grey").x
        #expect(ColourChart.mean(Self.graded(Adjustments(exposure: 1)), patch: "grey").x > grey + 15)
        #expect(ColourChart.mean(Self.graded(Adjustments(exposure: -1)), patch: "grey").x < grey - 15)
        // Brightening rolls white off instead of clipping the light grey to it.
        let light = ColourChart.mean(Self.graded(Adjustments(exposure: 1)), patch: "light").x
        #expect(light > ColourChart.mean(frame, patch: "light").x && light < 235)
    }

    @Test("shadows move a dark patch and hardly a bright one; highlights the other way round")
    func shadowsAndHighlights() {
        let frame = ColourChart.frame()
        let dark = ColourChart.mean(frame, patch: "dark").x, light = ColourChart.mean(frame, patch: "light").x
        let lifted = Self.graded(Adjustments(shadows: 0.8)), deepened = Self.graded(Adjustments(shadows: -0.8))
        #expect(ColourChart.mean(lifted, patch: "dark").x > dark + 8)
        #expect(ColourChart.mean(deepened, patch: "dark").x < dark - 5)
        #expect(abs(ColourChart.mean(lifted, patch: "light").x - light) < 2)
        let recovered = Self.graded(Adjustments(highlights: -0.8)), brightened = Self.graded(Adjustments(highlights: 0.8))
        #expect(ColourChart.mean(recovered, patch: "light").x < light - 8)
        #expect(ColourChart.mean(brightened, patch: "light").x > light + 4)
        #expect(abs(ColourChart.mean(recovered, patch: "dark").x - dark) < 2)
    }

    @Test("contrast: more spreads the ramp's luma, less narrows it, about mid-grey")
    func contrast() {
        func spread(_ frame: PlanarFrame) -> Double {
            let values = ColourChart.rampLuma(frame).map(Double.init)
            let mean = values.reduce(0, +) / Double(values.count)
            return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
        }
        let base = spread(ColourChart.frame())
        #expect(spread(Self.graded(Adjustments(contrast: 1.5))) > base * 1.1)
        #expect(spread(Self.graded(Adjustments(contrast: 0.5))) < base * 0.6)
        // Black and white stay; contrast 0 is flat grey.
        let ramp = ColourChart.rampLuma(Self.graded(Adjustments(contrast: 1.8)))
        #expect(ramp.first == 16 && ramp.last == 235)
        let flat = ColourChart.rampLuma(Self.graded(Adjustments(contrast: 0)))
        #expect(Set(flat).count == 1)
    }

    @Test("saturation: scales chroma and keeps a skin tone's hue within 1°")
    func saturation() {
        let frame = ColourChart.frame()
        let base = ColourChart.meanChroma(frame)
        #expect(ColourChart.meanChroma(Self.graded(Adjustments(saturation: 1.5))) > base * 1.3)
        #expect(ColourChart.meanChroma(Self.graded(Adjustments(saturation: 0.5))) < base * 0.6)
        let grey = Self.graded(Adjustments(saturation: 0))
        #expect(ColourChart.meanChroma(grey) < 1)
        // The grade itself keeps the hue exactly; the table and 8-bit chroma within 1°.
        let skinRGB = SIMD3<Double>(224, 172, 140) / 255
        let skinCodes = YUVLookupTable.codes(ofRGB: skinRGB)
        for s in stride(from: 0.1, through: 2, by: 0.1) {
            let graded = YUVLookupTable.codes(ofRGB: ColourGrade(adjust: Adjustments(saturation: s), look: nil).apply(skinRGB))
            #expect(abs(ColourChart.hue(graded) - ColourChart.hue(skinCodes)) < 1e-9)
        }
        let skin = ColourChart.hue(ColourChart.mean(frame, patch: "skin"))
        for s in [0.6, 0.8, 1.4, 1.8] {
            let moved = ColourChart.hue(ColourChart.mean(Self.graded(Adjustments(saturation: s)), patch: "skin"))
            #expect(abs(moved - skin) < 1, "saturation \(s): hue \(moved)° against \(skin)°")
        }
    }

    @Test("temperature: + warms (R − B up), − cools")
    func temperature() {
        func balance(_ frame: PlanarFrame) -> Double {
            let rgb = ColourChart.rgb(ColourChart.mean(frame, patch: "grey"))
            return rgb.x - rgb.z
        }
        let base = balance(ColourChart.frame())
        #expect(abs(base) < 0.01)
        #expect(balance(Self.graded(Adjustments(temperature: 0.5))) > base + 0.05)
        #expect(balance(Self.graded(Adjustments(temperature: -0.5))) < base - 0.05)
        // Luma about stays: white balance is normalised to luminance.
        let luma = ColourChart.mean(Self.graded(Adjustments(temperature: 0.5)), patch: "grey").x
        #expect(abs(luma - ColourChart.mean(ColourChart.frame(), patch: "grey").x) < 3)
    }

    @Test("tint: + towards magenta (G below R and B), − towards green")
    func tint() {
        func greenness(_ frame: PlanarFrame) -> Double {
            let rgb = ColourChart.rgb(ColourChart.mean(frame, patch: "grey"))
            return rgb.y - (rgb.x + rgb.z) / 2
        }
        #expect(greenness(Self.graded(Adjustments(tint: 0.6))) < -0.03)
        #expect(greenness(Self.graded(Adjustments(tint: -0.6))) > 0.03)
    }

    @Test("gradients stay smooth: monotone, no step over 2 codes, for every control and look")
    func noBanding() throws {
        var grades: [(String, ColourGrade)] = [
            ("exposure +0.5", ColourGrade(adjust: Adjustments(exposure: 0.5), look: nil)),
            ("exposure −1", ColourGrade(adjust: Adjustments(exposure: -1), look: nil)),
            ("contrast 1.3", ColourGrade(adjust: Adjustments(contrast: 1.3), look: nil)),
            ("saturation 1.5", ColourGrade(adjust: Adjustments(saturation: 1.5), look: nil)),
            ("temperature 0.5", ColourGrade(adjust: Adjustments(temperature: 0.5), look: nil)),
            ("tint −0.5", ColourGrade(adjust: Adjustments(tint: -0.5), look: nil)),
            ("shadows 0.6", ColourGrade(adjust: Adjustments(shadows: 0.6), look: nil)),
            ("shadows −1", ColourGrade(adjust: Adjustments(shadows: -1), look: nil)),
            ("highlights −1", ColourGrade(adjust: Adjustments(highlights: -1), look: nil)),
            ("highlights 1", ColourGrade(adjust: Adjustments(highlights: 1), look: nil)),
        ]
        for (name, recipe) in try PresetLibrary(directory: PresetLibrary.sourceTreePresets).looks() {
            grades.append(("look \(name)", ColourGrade(adjust: nil, look: .recipe(name: name, recipe))))
        }
        for (name, grade) in grades {
            var frame = ColourChart.frame()
            YUVLookupTable(grade: grade, parallel: ParallelSlices(threads: 2)).apply(to: &frame, parallel: ParallelSlices(threads: 2))
            let neutral = ColourChart.rampLuma(frame)
            let steps = zip(neutral.dropFirst(), neutral).map { $0 - $1 }
            #expect(steps.allSatisfy { $0 >= 0 }, "\(name): not monotone: \(steps.min() ?? 0) at \(steps.firstIndex { $0 < 0 } ?? -1)")
            #expect(steps.allSatisfy { $0 <= 2 }, "\(name): a step of \(steps.max() ?? 0) codes")
            // A colourful ramp's chroma changes per 2×2 block while its luma changes per pixel, so
            // its pixels are not monotone in R'G'B' themselves: a dip of one code is rounding.
            let row = ColourChart.colourRampRows.lowerBound + 11
            let colourful = (0..<ColourChart.width).map { Int(frame.luma($0, row)) }
            let colourSteps = zip(colourful.dropFirst(), colourful).map { $0 - $1 }
            #expect(colourSteps.allSatisfy { $0 >= -1 && $0 <= 2 }, "\(name), colourful ramp: steps \(colourSteps.min() ?? 0)…\(colourSteps.max() ?? 0)")
        }
    }

    @Test("looks move the picture the way they say")
    func looksDoWhatTheySay() throws {
        let library = PresetLibrary(directory: PresetLibrary.sourceTreePresets)
        #expect(Set(library.lookNames()).isSuperset(of: ["natural", "vivid", "warm", "cool", "mono", "fade", "film"]))
        func graded(_ name: String) throws -> PlanarFrame {
            Self.graded(nil, look: .recipe(name: name, try library.look(named: name)))
        }
        let frame = ColourChart.frame()
        let base = ColourChart.meanChroma(frame)
        #expect(ColourChart.meanChroma(try graded("mono")) < 1)
        #expect(ColourChart.meanChroma(try graded("vivid")) > base * 1.2)
        #expect(Self.maxDifference(try graded("natural"), frame) < 12)
        let warm = ColourChart.rgb(ColourChart.mean(try graded("warm"), patch: "grey"))
        let cool = ColourChart.rgb(ColourChart.mean(try graded("cool"), patch: "grey"))
        #expect(warm.x - warm.z > 0.03 && cool.x - cool.z < -0.03)
        // fade and film lift black.
        #expect(ColourChart.mean(try graded("fade"), patch: "black").x > ColourChart.mean(frame, patch: "black").x + 5)
        let film = try graded("film")
        #expect(ColourChart.mean(film, patch: "black").x > ColourChart.mean(frame, patch: "black").x + 3)
        let filmLight = ColourChart.rgb(ColourChart.mean(film, patch: "light")), filmDark = ColourChart.rgb(ColourChart.mean(film, patch: "dark"))
        #expect(filmLight.x > filmLight.z, "warm highlights")
        #expect(filmDark.z > filmDark.x, "cool shadows")
        #expect(ColourChart.meanChroma(film) < base)
    }

    // MARK: .cube files

    @Test(".cube files: keywords, comments, domain, red fastest, 1D curves")
    func cubeParsing() throws {
        let text = """
            # a comment
            TITLE "swap red and blue"

            LUT_3D_SIZE 2
            DOMAIN_MIN 0 0 0
            DOMAIN_MAX 1 1 1
            0 0 0
            0 0 1
            0 1 0
            0 1 1
            1 0 0
            1 0 1
            1 1 0
            1 1 1   # trailing comment

            """
        let cube = try CubeFile.parse(Data(text.utf8))
        #expect(cube.title == "swap red and blue" && cube.size == 2 && cube.kind == .threeD)
        let swapped = cube.lookUp(SIMD3(0.8, 0.3, 0.1))
        #expect(abs(swapped.x - 0.1) < 1e-6 && abs(swapped.y - 0.3) < 1e-6 && abs(swapped.z - 0.8) < 1e-6)
        let curve = try CubeFile.parse(Data("LUT_1D_SIZE 3\n0 0 0\n0.25 0.5 0.5\n1 1 1\n".utf8))
        let looked = curve.lookUp(SIMD3(0.5, 0.5, 0.25))
        #expect(abs(looked.x - 0.25) < 1e-6 && abs(looked.y - 0.5) < 1e-6 && abs(looked.z - 0.25) < 1e-6)
    }

    @Test(".cube errors name the line", arguments: [
        ("LUT_3D_SIZE 2\n0 0 0\n0 0\n", "line 3: expected three numbers, found 2"),
        ("# x\n\nLUT_3D_SIZE 300\n", "line 3: LUT_3D_SIZE must be 2…256 (is 300)"),
        ("LUT_3D_SIZE 1\n", "line 1: LUT_3D_SIZE must be 2…256 (is 1)"),
        ("LUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 7), "line 8: expected 8 entries (2³), found 7"),
        ("LUT_3D_SIZE 2\n0 0 0\n0 nan 0\n", "line 3: \"nan\" is not a finite number"),
        ("LUT_3D_SIZE 2\n0 0 0\n0 1e999 0\n", "line 3: \"1e999\" is not a finite number"),
        // Found by make fuzz: an entry finite as a Double but not as a Float made colours NaN.
        ("LUT_3D_SIZE 2\n0 0 0\n0 1e308 0\n", "line 3: \"1e308\" is out of range (a .cube number is within ±1000000)"),
        ("LUT_3D_SIZE 2\nDOMAIN_MIN -1e308 0 0\n", "line 2: \"-1e308\" is out of range (a .cube number is within ±1000000)"),
        ("LUT_3D_SIZE 2\n0 x 0\n", "line 2: \"x\" is not a number"),
        ("TITLE \"a\"\nLUT_4D_SIZE 2\n", "line 2: unknown keyword \"LUT_4D_SIZE\""),
        ("0 0 0\n", "line 1: data before LUT_3D_SIZE or LUT_1D_SIZE"),
        ("LUT_1D_SIZE 2\nLUT_3D_SIZE 2\n", "line 2: LUT_1D_SIZE and LUT_3D_SIZE in one file (a shaper and a cube) are not supported"),
        ("LUT_3D_SIZE 2\nDOMAIN_MIN 1 0 0\n", "line 2: DOMAIN_MIN must be below DOMAIN_MAX in every channel"),
        ("# nothing\n", "no LUT_3D_SIZE or LUT_1D_SIZE line"),
    ])
    func cubeErrors(text: String, message: String) {
        #expect(throws: CubeFileError.self) { try CubeFile.parse(Data(text.utf8)) }
        do {
            _ = try CubeFile.parse(Data(text.utf8))
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test("a 33³ cube one entry short says how many it expected")
    func cubeCount() throws {
        var text = CubeFile.identity(size: 33).text()
        text = String(text.dropLast("1.000000 1.000000 1.000000\n".count))
        do {
            _ = try CubeFile.parse(Data(text.utf8))
            Issue.record("a short cube was read")
        } catch {
            #expect("\(error)".hasSuffix("expected 35937 entries (33³), found 35936"), "\(error)")
            #expect("\(error)".hasPrefix("line "))
        }
    }

    // MARK: Look recipes

    @Test("a bad look recipe names its file and every problem")
    func badRecipe() throws {
        let json = #"{ "description": "", "contrast": 3, "curve": [[0, 0], [0, 1]], "splitTone": { "shadows": { "hue": 400, "amount": 0.1 } }, "sparkle": 1 }"#
        do {
            _ = try LookRecipe.read(Data(json.utf8), file: "looks/odd.json")
            Issue.record("a bad recipe was read")
        } catch {
            let text = "\(error)"
            #expect(text.contains("looks/odd.json: sparkle: unknown key"), "\(text)")
            #expect(text.contains("looks/odd.json: contrast: must be in [0, 2] (is 3.0)"), "\(text)")
            #expect(text.contains("looks/odd.json: curve[1][0]: must be more than the point before's (0.0)"), "\(text)")
            #expect(text.contains("looks/odd.json: splitTone.shadows.hue: must be in [0, 360) degrees (is 400.0)"), "\(text)")
            #expect(text.contains("looks/odd.json: description: must not be empty"), "\(text)")
        }
        // Every shipped look reads, and writes back the same.
        for (name, recipe) in try PresetLibrary(directory: PresetLibrary.sourceTreePresets).looks() {
            let again = try LookRecipe.read(Data(try StrictJSON.write(recipe.json).utf8), file: name)
            #expect(again == recipe)
        }
    }
}
