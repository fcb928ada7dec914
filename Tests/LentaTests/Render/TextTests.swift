import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaText
import LentaTestSupport
import Testing

/// The text engine (fontconfig, HarfBuzz, FreeType), the missing-glyph warning, and captions'
/// placement and fades.
@Suite("Text")
struct TextTests {
    static let engine: TextEngine? = try? TextEngine.shared()
    /// A Private Use Area code point: no installed font is expected to have it.
    static let privateUse: Character = "\u{E000}"

    func engine() throws -> TextEngine { try #require(Self.engine, "fontconfig finds no usable font") }

    static func ink(_ mask: AlphaMask) -> Int { mask.alpha.reduce(0) { $0 + Int($1) } }

    @Test("fontconfig finds DejaVu Sans, and its bold for titles")
    func findsDejaVu() throws {
        let fonts = try engine()
        #expect(fonts.primaryFamily == "DejaVu Sans")
        #expect(fonts.regularFile.path.hasSuffix("DejaVuSans.ttf"), "\(fonts.regularFile)")
        #expect(fonts.boldFile.path.hasSuffix("DejaVuSans-Bold.ttf"), "\(fonts.boldFile)")
        #expect(fonts.file(for: "A") == fonts.regularFile)
        let bold = try engine().render("Lisbon", pixelSize: 40, maxWidth: nil, weight: .bold)
        let regular = try engine().render("Lisbon", pixelSize: 40, maxWidth: nil)
        #expect(bold.width > regular.width && Self.ink(bold.mask) > Self.ink(regular.mask))
    }

    @Test("kerning is applied: AV is narrower than A and V apart")
    func kerning() throws {
        let e = try engine()
        let pair = e.render("AV", pixelSize: 100, maxWidth: nil).width
        let apart = e.render("A", pixelSize: 100, maxWidth: nil).width + e.render("V", pixelSize: 100, maxWidth: nil).width
        #expect(pair < apart - 1, "AV \(pair) px, A + V \(apart) px")
    }

    @Test("wrapping keeps every line within the width; a long word breaks between clusters; \\n starts a line")
    func wrapping() throws {
        let e = try engine()
        let caption = "The tram climbs from Baixa to the castle, past tiled houses, laundry and the smell of grilled sardines"
        let wrapped = e.render(caption, pixelSize: 40, maxWidth: 400)
        #expect(wrapped.lines.count >= 2)
        #expect(wrapped.width <= 400)
        for line in wrapped.lines {
            #expect(e.render(line, pixelSize: 40, maxWidth: nil).width <= 400, "\(line)")
        }
        #expect(wrapped.lines.joined(separator: " ") == caption)
        #expect(wrapped.height == Double(wrapped.lines.count) * 40)

        let word = e.render("Pneumonoultramicroscopicsilicovolcanoconiosis", pixelSize: 40, maxWidth: 150)
        #expect(word.lines.count >= 3)
        #expect(word.lines.joined() == "Pneumonoultramicroscopicsilicovolcanoconiosis")
        for line in word.lines { #expect(e.render(line, pixelSize: 40, maxWidth: nil).width <= 150, "\(line)") }

        let explicit = e.render("Belém\nTorre", pixelSize: 30, maxWidth: nil)
        #expect(explicit.lines == ["Belém", "Torre"])
        #expect(explicit.height == 60)
    }

    @Test("Latin, Cyrillic and Greek render with nothing missing", arguments: ["Lisbon & Sintra", "Привет, мир", "Καλημέρα κόσμε"])
    func scripts(_ text: String) throws {
        let rendered = try engine().render(text, pixelSize: 48, maxWidth: nil)
        #expect(rendered.missing.isEmpty)
        #expect(try engine().missingCharacters(in: text).isEmpty)
        #expect(Self.ink(rendered.mask) > 0)
        #expect(rendered.lines == [text])
        #expect(rendered.mask.width >= Int(rendered.width))
    }

    @Test("a character no font has is reported and left out: the mask is the mask without it")
    func missingCharacter() throws {
        let e = try engine()
        #expect(e.file(for: Self.privateUse) == nil, "an installed font covers U+E000; pick another code point")
        #expect(e.missingCharacters(in: "Café \u{E000} ok\u{E000}") == [Self.privateUse])
        let with = e.render("Café \u{E000}ok", pixelSize: 48, maxWidth: nil)
        let without = e.render("Café ok", pixelSize: 48, maxWidth: nil)
        #expect(with.missing == [Self.privateUse])
        #expect(with.mask == without.mask)
        #expect(with.width == without.width)
    }

    @Test("a character the primary font lacks comes from a fallback font when one has it")
    func fallbackFont() throws {
        let e = try engine()
        guard let file = e.file(for: "ツ") else { return }  // no CJK font installed: nothing to check
        #expect(file != e.regularFile)
        let rendered = e.render("Tokyo ツ", pixelSize: 48, maxWidth: nil)
        #expect(rendered.missing.isEmpty)
        #expect(rendered.width > e.render("Tokyo", pixelSize: 48, maxWidth: nil).width)
    }

    @Test("rendering is deterministic, also from several threads at once")
    func deterministic() throws {
        let e = try engine()
        let texts = ["Lisbon & Sintra", "Привет, мир", "Καλημέρα κόσμε", "AVA Wa"]
        let once = texts.map { e.render($0, pixelSize: 33.3, maxWidth: 200) }
        // Unchecked: `masks` is written only while holding `lock`, and read after every thread is done.
        final class Results: @unchecked Sendable { var masks = [RenderedText?](repeating: nil, count: 16); let lock = NSLock() }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            let r = e.render(texts[i % texts.count], pixelSize: 33.3, maxWidth: 200)
            results.lock.lock(); results.masks[i] = r; results.lock.unlock()
        }
        for i in 0..<16 { #expect(results.masks[i] == once[i % texts.count]) }
    }

    // MARK: Validation

    @Test("the validator warns of characters no font has, at items[i].text.content")
    func validatorWarning() throws {
        let e = try engine()
        var item = ProjectItem(path: "a.jpg")
        item.text = TextOverlay(content: "Tokyo \u{E000}")
        let project = ProjectFile(items: [item])
        let problems = ProjectValidator(presets: nil, inspectText: e).validate(project)
        #expect(problems == [ProjectProblem(path: .root + "items" + 0 + "text" + "content", message: "no installed font has \"\u{E000}\" (U+E000); it is left out",
                                            severity: .warning)])
    }

    @Test("lenta validate prints the missing-glyph warning with its JSON path and exits 0")
    func validateCommand() throws {
        let fixture = try RenderFixture()
        let photo = try fixture.solidPhoto("a.png", 90, 120, 150)
        let story = try fixture.project(["lenta": 1, "items": [["path": photo, "text": ["content": "Sintra \u{E000}"]]]])
        let result = try LentaCLI.run(["validate", story])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("items[0].text.content: warning: no installed font has \"\u{E000}\" (U+E000); it is left out"),
                "\(result.stdout)")
        let frame = try LentaCLI.run(["frame", story, "--at", "0", "-o", fixture.folder.path("f.png")])
        #expect(frame.status == 0, "\(frame.stderr)")
    }

    // MARK: Captions

    static let positions: [TextPosition] = [.anchor(.top), .anchor(.centre), .anchor(.bottom),
                                             .point(ProjectPoint(x: 0.99, y: 0.01)), .point(ProjectPoint(x: 0, y: 1)),
                                             .point(ProjectPoint(x: 1, y: 0.5))]

    @Test("captions stay inside title-safe for every anchor and for points at the edges", arguments: positions)
    func titleSafe(_ position: TextPosition) throws {
        let e = try engine()
        for box in [false, true] {
            let overlay = TextOverlay(content: "Palácio da Pena, Sintra — a long caption that has to wrap onto two lines at least",
                                      position: position, size: 0.08, box: box)
            let caption = Caption(overlay, frameWidth: 1920, frameHeight: 1080, engine: e)
            let safe = CaptionRect.titleSafe(width: 1920, height: 1080)
            #expect(safe.contains(caption.block), "\(position) box \(box): \(caption.block) outside \(safe)")
            #expect(caption.text.lines.count >= 2)
            let grey = PlanarFrame(width: 1920, height: 1080, colour: YUVColour(y: 128, u: 128, v: 128))
            var frame = grey
            caption.draw(into: &frame, at: 1, segmentLength: 3)
            var changed = 0, outside = 0
            for y in 0..<1080 {
                for x in 0..<1920 where frame.y[y * 1920 + x] != grey.y[y * 1920 + x] {
                    changed += 1
                    if !(safe.left..<safe.right).contains(x) || !(safe.top..<safe.bottom).contains(y) { outside += 1 }
                }
            }
            #expect(changed > 1000 && outside == 0, "\(position): \(outside) of \(changed) changed pixels outside title-safe")
        }
        // A band's text is centred across the frame.
        if case .anchor = position {
            let caption = Caption(TextOverlay(content: "Belém", position: position), frameWidth: 1920, frameHeight: 1080, engine: e)
            let middle = Double(caption.block.left + caption.block.right) / 2
            #expect(abs(middle - 960) < 8, "\(caption.block)")
        }
    }

    @Test("a caption's line height is size × frame height")
    func lineHeight() throws {
        let caption = Caption(TextOverlay(content: "one\ntwo", size: 0.1), frameWidth: 1280, frameHeight: 720, engine: try engine())
        #expect(caption.text.height == 144)
        #expect(caption.text.lines == ["one", "two"])
    }

    @Test("fades: opacity 0 at the segment's start with fadeIn, full in the middle, 0 at the end with fadeOut")
    func fades() throws {
        let caption = Caption(TextOverlay(content: "Óbidos", fadeIn: 0.5, fadeOut: 1.0), frameWidth: 640, frameHeight: 360, engine: try engine())
        #expect(caption.opacity(at: 0, segmentLength: 3) == 0)
        #expect(caption.opacity(at: 0.25, segmentLength: 3) == 0.5)
        #expect(caption.opacity(at: 1.5, segmentLength: 3) == 1)
        #expect(caption.opacity(at: 2.5, segmentLength: 3) == 0.5)
        #expect(caption.opacity(at: 3, segmentLength: 3) == 0)
        let steady = Caption(TextOverlay(content: "Óbidos"), frameWidth: 640, frameHeight: 360, engine: try engine())
        #expect(steady.opacity(at: 0, segmentLength: 3) == 1)

        // Through the compositor: the first frame has no text yet, the middle has it.
        let fixture = try RenderFixture()
        let photo = try fixture.solidPhoto("a.png", 40, 90, 140)
        func story(_ text: [String: Any]?) throws -> StoryCompositor {
            var item: [String: Any] = ["path": photo, "duration": 2.0]
            if let text { item["text"] = text }
            return try fixture.compositor(["lenta": 1, "items": [item]])
        }
        let faded = try story(["content": "Óbidos", "fadeIn": 0.5, "box": true])
        let plain = try story(nil)
        #expect(try faded.frame(0) == plain.frame(0))
        #expect(try faded.frame(30) != plain.frame(30))
    }

    @Test("a caption blends only into its box (figures with LENTA_MEASURE=1)")
    func blendCost() throws {
        let e = try engine()
        let overlay = TextOverlay(content: "Lisbon & Sintra — Привет, мир — Καλημέρα κόσμε", box: true)
        var frame = PlanarFrame(width: 1920, height: 1080, colour: YUVColour(y: 100, u: 120, v: 130))
        let caption = Caption(overlay, frameWidth: 1920, frameHeight: 1080, engine: e)
        #expect(caption.sprite.rect.width * caption.sprite.rect.height < 1920 * 1080 / 8)
        guard ProcessInfo.processInfo.environment["LENTA_MEASURE"] == "1" else { return }
        let clock = ContinuousClock()
        let builds = 20, blends = 200
        let build = clock.measure { for _ in 0..<builds { _ = Caption(overlay, frameWidth: 1920, frameHeight: 1080, engine: e) } }
        let blend = clock.measure { for i in 0..<blends { caption.draw(into: &frame, at: Double(i) / 100, segmentLength: 3) } }
        let compose = clock.measure { for _ in 0..<20 { frame = PlanarFrame(width: 1920, height: 1080) } }
        func micro(_ d: Duration, _ n: Int) -> Int { Int((d / .microseconds(1) / Double(n)).rounded()) }
        print("caption at 1080p: \(micro(build, builds)) µs to lay out and draw once, \(micro(blend, blends)) µs to blend per frame "
              + "(sprite \(caption.sprite.rect.width)×\(caption.sprite.rect.height)); a blank 1080p frame costs \(micro(compose, 20)) µs")
    }
}
