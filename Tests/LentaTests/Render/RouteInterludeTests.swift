import Foundation
import LentaCore
import LentaLibrary
import LentaMaps
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// Route interludes: `routeInterlude` on an item puts the trip's map before it, with a dot
/// travelling the route — measured on the frames' pixels.
@Suite("Route interludes", .serialized)
struct RouteInterludeTests {
    @Test("a route path: points by distance, places found in order, a gap between lines crossed at once")
    func routePath() {
        let path = RoutePath([[PixelPoint(x: 0, y: 0), PixelPoint(x: 10, y: 0)], [PixelPoint(x: 10, y: 10), PixelPoint(x: 10, y: 30)]])
        #expect(path.length == 30)
        #expect(path.point(at: 5) == PixelPoint(x: 5, y: 0))
        #expect(path.point(at: 10) == PixelPoint(x: 10, y: 0))
        #expect(path.point(at: 20) == PixelPoint(x: 10, y: 20))
        #expect(path.point(at: -3) == PixelPoint(x: 0, y: 0) && path.point(at: 99) == PixelPoint(x: 10, y: 30))
        #expect(path.distance(nearest: PixelPoint(x: 4, y: 2)) == 4)
        #expect(path.distance(nearest: PixelPoint(x: 12, y: 25)) == 25)
        // A place passed twice is found at the pass after `from`.
        let loop = RoutePath([[PixelPoint(x: 0, y: 0), PixelPoint(x: 10, y: 0), PixelPoint(x: 0, y: 0)]])
        #expect(loop.distance(nearest: PixelPoint(x: 0, y: 0)) == 0)
        #expect(loop.distance(nearest: PixelPoint(x: 0, y: 0), from: 12) == 20)
        #expect(RoutePath([]).point(at: 1) == nil)
    }

    static var base: [String: Any] { [
        "lenta": 1, "title": "t",
        "defaults": ["photoDuration": 2.0, "transition": ["type": "crossfade", "duration": 0.5]],
    ] }

    static func project(_ items: [[String: Any]]) throws -> ProjectFile {
        var object = base
        object["items"] = items
        return try ProjectFile.decode(try JSONSerialization.data(withJSONObject: object))
    }

    @Test("an interlude is a piece of the timeline before its item, joined by the transitions around it")
    func timeline() throws {
        let project = try Self.project([
            ["path": "a.jpg"],
            ["path": "b.jpg", "routeInterlude": ["duration": 3.0, "transition": ["type": "cut"]]],
        ])
        let timeline = StoryTimeline(project: project, fps: Rational(30)) { _ in 2 }
        #expect(timeline.segments.map(\.content) == [.item(index: 0), .routeInterlude(beforeItem: 1), .item(index: 1)])
        // a.jpg crossfades into the interlude (0.5 s); the interlude cuts to b.jpg.
        #expect(timeline.segments[1].start == Rational(seconds: 1.5))
        #expect(timeline.segments[2].start == Rational(seconds: 4.5))
        #expect(timeline.length == Rational(seconds: 6.5))
        let report = ProjectValidator(presets: ProjectFixtures.presets).report(project)
        #expect(report.length == 6.5)
        // Written back as read.
        #expect(try ProjectFile.decode(try project.encodedJSON()) == project)
    }

    @Test("a chapter whose first item has an interlude starts with the interlude")
    func chapterStartsWithItsInterlude() throws {
        let project = try Self.project([["path": "a.jpg"], ["path": "b.jpg", "routeInterlude": ["duration": 3.0]]])
        let timeline = StoryTimeline(project: project, fps: Rational(30)) { _ in 2 }
        let runs = StoryPublishing.runs(timeline: timeline) { ["Lisbon", "Kyoto"][$0] }
        #expect(runs.map(\.key) == ["Lisbon", "Kyoto"])
        #expect(runs[1].start == timeline.segments[1].start && runs[1].start == Rational(seconds: 1.5))
    }

    @Test("validation: the interlude's duration, transition and keys, each at its JSON path")
    func validation() throws {
        let project = try Self.project([
            ["path": "a.jpg", "transition": ["type": "crossfade", "duration": 2.5]],
            ["path": "b.jpg", "routeInterlude": ["duration": 61.0]],
            ["path": "c.jpg", "routeInterlude": ["duration": 1.0, "transition": ["type": "dip", "duration": 0.8, "direction": "left"]]],
        ])
        let problems = ProjectValidator(presets: ProjectFixtures.presets).report(project).problems.map(\.description)
        #expect(problems.contains { $0.hasPrefix("items[1].routeInterlude.duration: must be in (0, 60] seconds (is 61") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("items[2].routeInterlude.transition.direction: only a slide or a wipe") }, "\(problems)")
        // 2.5 s from a.jpg (2 s) into the interlude: longer than a.jpg.
        #expect(problems.contains { $0.hasPrefix("items[0].transition: duration (2.5 s) is longer than the shorter neighbour, items[0]") },
                "\(problems)")
        // 0.5 s in (default) and 0.8 s out of a 1 s interlude.
        #expect(problems.contains { $0.hasPrefix("items[2].routeInterlude: transitions in (0.5 s) and out (0.8 s) together are longer than the interlude") },
                "\(problems)")
        let (_, typo) = ProjectFile.read(Data(#"{"lenta": 1, "items": [{"path": "a.jpg", "routeInterlude": {"durration": 2}}]}"#.utf8))
        #expect(typo.map(\.description).contains { $0.hasPrefix("items[0].routeInterlude.durration:") }, "\(typo)")
    }

    /// The pixels where `a` differs from both `b` and `c` (by more than a little in luma or chroma):
    /// where `a`'s dot is, when the three frames show the same map with the dot elsewhere.
    static func dotCentre(_ a: PlanarFrame, _ b: PlanarFrame, _ c: PlanarFrame) -> PixelPoint? {
        func differs(_ p: PlanarFrame, _ q: PlanarFrame, _ x: Int, _ y: Int) -> Bool {
            let s = p.colour(x, y), t = q.colour(x, y)
            return abs(Int(s.y) - Int(t.y)) > 24 || abs(Int(s.u) - Int(t.u)) > 24 || abs(Int(s.v) - Int(t.v)) > 24
        }
        var sx = 0.0, sy = 0.0, n = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width where differs(a, b, x, y) && differs(a, c, x, y) {
                sx += Double(x) + 0.5; sy += Double(y) + 0.5; n += 1
            }
        }
        return n >= 8 ? PixelPoint(x: sx / n, y: sy / n) : nil
    }

    static func gap(_ p: PixelPoint, _ q: PixelPoint) -> Double { ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot() }

    @Test("the dot leaves the place shown before the interlude and reaches its item's place, halfway along the route at half time")
    func dotTravels() throws {
        let fixture = try RenderFixture()
        try SyntheticLibrary().write(to: fixture.folder.path("photos"))
        let width = 480, height = 270
        // Lisbon, Sintra, then a 2 s interlude before Kyoto: the dot goes from Sintra to Kyoto.
        let object: [String: Any] = [
            "lenta": 1, "title": "Trip",
            "defaults": ["transition": ["type": "cut"]],
            "items": [
                ["path": "photos/lisbon-0.jpg", "duration": 1.0],
                ["path": "photos/sintra-0.jpg", "duration": 1.0],
                ["path": "photos/kyoto-0.jpg", "duration": 1.0, "routeInterlude": ["duration": 2.0]],
            ],
        ]
        // The frames `lenta frame` writes, made in this process (the map is drawn once for all three):
        // the interlude is [2, 4) s at 30 fps, frames 60 (start), 90 (half time), 119 (its last).
        let compositor = try fixture.compositor(object, preset: RenderFixture.preset(width: width, height: height))
        let frames = try [60, 90, 119].map { try compositor.frame($0) }
        let start = try #require(Self.dotCentre(frames[0], frames[1], frames[2]), "a dot at the start")
        let middle = try #require(Self.dotCentre(frames[1], frames[0], frames[2]), "a dot at half time")
        let end = try #require(Self.dotCentre(frames[2], frames[0], frames[1]), "a dot at the end")

        // Where the map puts the places: the stops' dots, framed as the interlude frames them.
        let stops = ProjectRoute.stops(of: compositor.story)
        #expect(stops.map(\.name) == ["Lisbon", "Sintra", "Kyoto"])
        let layout = RouteMapRenderer(outlines: try CountryOutlines.bundled(), style: .dark)
            .layout(stops, width: width, height: height, labeller: nil)
        let sintra = layout.dots[1], kyoto = layout.dots[2]
        #expect(Self.gap(start, sintra) < 2, "starts at Sintra: \(start) vs \(sintra)")
        #expect(Self.gap(end, kyoto) < 3, "ends at Kyoto: \(end) vs \(kyoto)")
        // Half time is halfway along the arc from Sintra to Kyoto (eased: the midpoint either way).
        let path = RoutePath(layout.route)
        let from = path.distance(nearest: sintra), to = path.distance(nearest: kyoto, from: from)
        let along = path.distance(nearest: middle, from: from)
        #expect(abs(along - (from + to) / 2) < 0.03 * (to - from), "\(along) of \(from)…\(to)")
        if let onRoute = path.point(at: along) {
            #expect(Self.gap(onRoute, middle) < 2, "on the route line: \(middle) vs \(onRoute)")
        }
    }

    @Test("lenta project --interlude start --interlude days: one opening the story and one before each day the trip moves on, the length kept")
    func projectPlacesInterludes() throws {
        let library = try #require(ScannedLibrary.make())
        let lentas = try library.lentas()
        let lisbon = try #require(lentas.first { $0.title.hasPrefix("Lisbon") })
        let out = library.temp.path("lisbon.json")
        let written = try library.run(["project", String(lisbon.id), "-o", out, "--length", "40", "--interlude", "start", "--interlude", "days"])
        #expect(written.status == 0, "\(written.stderr)")
        let project = try ProjectFile.decode(try Data(contentsOf: URL(fileURLWithPath: out)))
        let story = try ResolvedStory.resolve(project, in: library.temp.url)
        // 3–5 May in Lisbon, 6 May in Sintra: an interlude opens the story and one leads to
        // Sintra's first item; the mornings that start where the evening before ended have none.
        let days = story.items.map { $0.metadata.captureTime?.local.map { LocalDate($0) } ?? nil }
        #expect(Set(days.compactMap { $0 }).count == 4)
        let sintra = try #require(project.items.firstIndex { $0.path.contains("sintra-") })
        #expect(project.items.indices.filter { project.items[$0].routeInterlude != nil } == [0, sintra])
        #expect(RouteInterludePlacement.items(for: [.days], days: days, places: days.map { _ in "Lisbon" }) == [],
                "a trip that never moves has no interlude between days")
        #expect(RouteInterludePlacement.items(for: [.days], days: days, places: days.map { _ in nil }).count == 3,
                "places unknown: one before each new day")
        let length = try #require(story.length)
        #expect(abs(length - 40) < 1, "the interludes take their share of --length: \(length) s")
        let plain = try library.run(["project", String(lisbon.id), "-o", library.temp.path("plain.json"), "--length", "40"])
        #expect(plain.status == 0)
        let plainProject = try ProjectFile.decode(try Data(contentsOf: URL(fileURLWithPath: library.temp.path("plain.json"))))
        #expect(plainProject.items.allSatisfy { $0.routeInterlude == nil }, "none unless asked")
        #expect(plainProject.items.count > project.items.count, "room was made for the interludes")
    }
}
