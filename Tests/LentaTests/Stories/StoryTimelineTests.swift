import LentaCore
import Testing

@Suite struct StoryTimelineTests {
    static func project(items: Int, duration: Double, transition: ProjectTransition, titleCard: Bool = false) -> ProjectFile {
        var p = ProjectFile(items: (0..<items).map { ProjectItem(path: "p\($0).jpg", duration: duration, transition: transition) })
        if titleCard { p.titleCard = TitleCard(duration: 2.5) }
        return p
    }

    @Test func fortyItemsAreExactlyAsLongAsTheProjectSays() {
        let p = Self.project(items: 40, duration: 3, transition: ProjectTransition(type: .crossfade, duration: 0.5))
        let t = StoryTimeline(project: p, fps: Rational(30)) { _ in 3 }
        #expect(t.length == Rational(201, 2))  // 40 × 3 − 39 × 0.5
        #expect(t.frameCount == 3015)
        #expect(t.sampleCount == 4_824_000)
        #expect(t.segments[1].firstFrame == 75)  // 2.5 s
        #expect(t.segments(atFrame: 80) == [0, 1])
        #expect(t.segments(atFrame: 90) == [1])
    }

    @Test func ntscRatesDoNotDrift() {
        let p = Self.project(items: 30, duration: 1.1, transition: .cut, titleCard: true)
        let fps = Rational(30000, 1001)
        let t = StoryTimeline(project: p, fps: fps) { _ in 1.1 }
        #expect(t.length == Rational(355, 10))  // 2.5 + 30 × 1.1
        #expect(t.frameCount == Int((t.length * fps).floor))
        // Neighbours share their boundary exactly: no frame lost or shown twice.
        for k in 1..<t.segments.count { #expect(t.segments[k].firstFrame == t.segments[k - 1].endFrame) }
        #expect(t.segments.last?.endFrame == t.frameCount)
    }

    @Test func rationalArithmetic() {
        #expect(Rational(seconds: 0.1) == Rational(1, 10))
        #expect(Rational(1, 3) + Rational(1, 6) == Rational(1, 2))
        #expect(Rational(-7, 2).floor == -4)
        #expect((Rational(1001, 30000) * Rational(30000, 1001)) == Rational(1))
    }
}
