import Foundation
import LentaCore
import LentaMedia
import LentaStories
import LentaTestSupport
import Testing

/// The story's pace: cuts on beats, photos whole numbers of beats, the end on a bar.
@Suite("Story pacing")
struct StoryPacingTests {
    /// 120 bpm from 0.25 s, bars starting on the first beat.
    static let grid = BeatGrid(beats: (0..<240).map { 0.25 + Double($0) * 0.5 }, beatsPerBar: 4, barPhase: 0, duration: 121)

    static func isBeat(_ t: Double, _ grid: BeatGrid = grid) -> Bool { grid.beats.contains { abs($0 - t) < 1e-6 } }

    @Test("photos: every boundary on a beat, each a whole number of beats near the pace, the end on a downbeat")
    func photosOnBeats() {
        let pieces = Array(repeating: StoryPacing.Piece.still(wanted: 3.1), count: 9)
        let r = StoryPacing.pace(pieces, overlaps: Array(repeating: 0, count: 8), grid: Self.grid)
        #expect(r.boundaries.allSatisfy { Self.isBeat($0) })
        #expect(r.onBeat.allSatisfy { $0 })
        for (i, length) in r.lengths.enumerated() where i > 0 {
            let beats = length / 0.5
            #expect(abs(beats - beats.rounded()) < 1e-6, "piece \(i): \(length) s")
            #expect(abs(length - 3.1) <= 1.0, "piece \(i): \(length) s is far from the pace")
        }
        #expect(r.endsOnDownbeat)
        let end = Self.grid.beats.firstIndex { abs($0 - r.length) < 1e-6 }
        #expect(end.map { Self.grid.isDownbeat($0) } == true)
        #expect(abs(r.length - 9 * 3.1) <= 2.0 + 0.25)  // within a bar of what was wanted
        #expect(r.musicFadeOut == 2.0)  // the last bar
    }

    @Test("transitions: their midpoints on beats, lengths include half of each overlap")
    func transitionMidpoints() {
        let pieces: [StoryPacing.Piece] = [.still(wanted: 2.5), .still(wanted: 3), .still(wanted: 3), .still(wanted: 3)]
        let r = StoryPacing.pace(pieces, overlaps: [0.5, 0.5, 0.5], grid: Self.grid)
        var start = 0.0
        for i in 0..<3 {
            let end = start + r.lengths[i]
            let midpoint = end - r.overlaps[i] / 2
            #expect(Self.isBeat(midpoint), "boundary \(i) at \(midpoint)")
            start = end - r.overlaps[i]
        }
        #expect(abs(start + r.lengths[3] - r.length) < 1e-9)
        #expect(r.overlaps == [0.5, 0.5, 0.5])
    }

    @Test("a clip keeps its start and ends on a beat; one near its source's end moves its start back")
    func clips() {
        let pieces: [StoryPacing.Piece] = [
            .still(wanted: 3),
            .clip(trim: TrimRange(2, 6.3), sourceLength: 20),
            .clip(trim: TrimRange(0.5, 4.9), sourceLength: 5),
            .still(wanted: 3),
        ]
        let r = StoryPacing.pace(pieces, overlaps: [0, 0, 0], grid: Self.grid)
        #expect(r.boundaries.allSatisfy { Self.isBeat($0) })
        let first = try! #require(r.trims[1])
        #expect(first.start == 2)
        #expect(abs(first.length - r.lengths[1]) < 1e-9)
        let second = try! #require(r.trims[2])
        #expect(second.end <= 5 + 1e-9 && second.start >= 0)
        #expect(abs(second.length - r.lengths[2]) < 1e-9)
    }

    @Test("without music, an even pace: photos their wanted length, clips as chosen")
    func evenPace() {
        let pieces: [StoryPacing.Piece] = [.still(wanted: 2.5), .still(wanted: 3), .clip(trim: TrimRange(1, 4.5), sourceLength: 9), .still(wanted: 3)]
        let r = StoryPacing.pace(pieces, overlaps: [0.5, 0.5, 0.5], grid: nil)
        #expect(r.lengths == [2.5, 3, 3.5, 3])
        #expect(r.trims[2] == TrimRange(1, 4.5))
        #expect(r.musicFadeOut == nil)
    }

    @Test("a story longer than its music: the pieces past the music's end take their wanted lengths")
    func pastTheMusic() {
        let short = BeatGrid(beats: (0..<8).map { 0.25 + Double($0) * 0.5 }, duration: 4.2)
        let pieces = Array(repeating: StoryPacing.Piece.still(wanted: 2), count: 5)
        let r = StoryPacing.pace(pieces, overlaps: [0, 0, 0, 0], grid: short)
        #expect(Self.isBeat(r.boundaries[0], short))
        #expect(abs(r.length - 10) < 1.0)
        #expect(r.lengths.allSatisfy { $0 > 0 })
    }

    @Test("a project paced: durations written, transitions kept, the last track fades over the last bar; it validates")
    func pacedProject() throws {
        let folder = try TemporaryFolder()
        for name in ["a.jpg", "b.jpg", "c.jpg"] { try SyntheticMedia.jpeg(width: 64, height: 48, exif: nil, to: folder.path(name)) }
        var project = ProjectFile(
            defaults: ProjectDefaults(photoDuration: 3, transition: ProjectTransition(type: .crossfade, duration: 0.5)),
            music: [MusicTrack(path: "song.mp3", loop: true)], titleCard: TitleCard(),
            items: [ProjectItem(path: "a.jpg"), ProjectItem(path: "b.jpg"), ProjectItem(path: "c.jpg")])
        project.items[1].transition = .cut
        let (paced, result) = StoryPacing.paced(project, clipSources: [:], grid: Self.grid)
        #expect(result.endsOnDownbeat)
        #expect(paced.music[0].fadeOut == 2.0)
        let timeline = AudioFixtures.timeline(paced)
        // Title card → a, a → b: crossfade midpoints; b → c: a cut.
        for k in 0..<(timeline.segments.count - 1) {
            let s = timeline.segments[k]
            let midpoint = (s.end - s.overlapOut * Rational(1, 2)).doubleValue
            #expect(Self.isBeat(midpoint), "segment \(k) ends its transition's midpoint at \(midpoint)")
        }
        #expect(Self.isBeat(timeline.length.doubleValue))
        var validator = ProjectValidator()
        validator.baseDirectory = folder.url
        let problems = validator.report(paced).problems.filter { $0.isError && !$0.path.description.hasPrefix("music") }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("a route interlude is paced as a still: its boundaries on beats too, its duration written back")
    func pacedInterlude() throws {
        var project = ProjectFile(
            defaults: ProjectDefaults(photoDuration: 3, transition: ProjectTransition(type: .crossfade, duration: 0.5)),
            titleCard: TitleCard(), items: [ProjectItem(path: "a.jpg"), ProjectItem(path: "b.jpg"), ProjectItem(path: "c.jpg")])
        project.items[2].routeInterlude = RouteInterlude(duration: 2.2)
        let (paced, _) = StoryPacing.paced(project, clipSources: [:], grid: Self.grid)
        let timeline = AudioFixtures.timeline(paced)
        #expect(timeline.segments.map(\.content).contains(.routeInterlude(beforeItem: 2)))
        for k in 0..<(timeline.segments.count - 1) {
            let s = timeline.segments[k]
            #expect(Self.isBeat((s.end - s.overlapOut * Rational(1, 2)).doubleValue), "segment \(k)")
        }
        let interlude = try #require(paced.items[2].routeInterlude?.duration)
        #expect(interlude != 2.2 && abs(interlude - 2.2) <= 0.5, "a whole number of beats near 2.2 s: \(interlude)")
    }
}
