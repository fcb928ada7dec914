import Foundation
import LentaCore
import LentaMedia
import LentaStories
import LentaTestSupport
import Testing

/// FATE-style: a story cut to a click track of known tempo, rendered to MP4, decoded; its cuts
/// (found from frame differences) and transition midpoints (where the blend crosses half) are
/// measured against the clicks' true times.
@Suite("Beat cuts in the rendered MP4", .serialized)
struct BeatCutRenderTests {
    /// Greys far apart in luma, neighbours always distinct.
    static let lumas: [UInt8] = [40, 200, 70, 230, 100, 170, 20, 140]

    /// Renders photos of the greys above, paced to a click track at `bpm` from `first` s.
    static func render(bpm: Double, first: Double, transition: [String: Any]) throws
        -> (lumas: [Double], fps: Double, beats: [Double], downbeats: [Double], items: Int) {
        let fixture = try RenderFixture()
        let click = AudioFixtures.clickTrack(bpm: bpm, seconds: 40, first: first)
        try AudioFixtures.writeWAV(click.samples, channels: 1, to: fixture.folder.path("click.wav"))
        var items: [[String: Any]] = []
        for (i, l) in lumas.enumerated() {
            items.append(["path": try fixture.solidPhoto("p\(i).png", l, l, l)])
        }
        let path = try fixture.project([
            "lenta": 1,
            "output": ["preset": "preview", "width": 320, "height": 180],
            "defaults": ["fit": "fill", "kenBurns": "none", "photoDuration": 1.7, "transition": transition],
            "music": [["path": "click.wav"]],
            "items": items,
        ])
        let project = try ProjectFile.load(from: URL(fileURLWithPath: path))
        let grid = try MusicBeats.grid(playlist: [fixture.folder.path("click.wav")])
        let paced = StoryPacing.paced(project, clipSources: [:], grid: grid).project
        try paced.write(to: URL(fileURLWithPath: path))
        let output = fixture.folder.path("out.mp4")
        let result = try LentaCLI.run(["render", path, "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let reader = try VideoReader(path: output)
        let fps = 30.0  // the preview preset
        let frames = Int(((reader.duration ?? 0) * fps).rounded())
        var means: [Double] = []
        for n in 0..<frames {
            let frame = try reader.frame(at: Rational(Int64(2 * n + 1), 60))
            means.append(RenderFixture.meanLuma(frame, x: 40..<280, y: 30..<150))
        }
        return (means, fps, click.beats, click.downbeats, lumas.count)
    }

    /// A frame, and the tracker's precision on a click (its beats are within 5 ms: MusicBeatsTests).
    static let tolerance = 1.0 / 30 + 0.005

    static func nearestBeat(_ t: Double, _ beats: [Double]) -> Double { beats.map { abs($0 - t) }.min() ?? .infinity }

    @Test("every cut lies within one frame of a beat (plus the tracker's 5 ms); the story ends on a bar", arguments: [(112.0, 0.31), (96.0, 0.52)])
    func cutsOnBeats(bpm: Double, first: Double) throws {
        let r = try Self.render(bpm: bpm, first: first, transition: ["type": "cut"])
        // A cut: the first frame of the next picture (its luma jumps).
        var cuts: [Double] = []
        for n in 1..<r.lumas.count where abs(r.lumas[n] - r.lumas[n - 1]) > 12 {
            cuts.append(Double(n) / r.fps)
        }
        #expect(cuts.count == r.items - 1, "cuts at \(cuts)")
        for t in cuts {
            #expect(Self.nearestBeat(t, r.beats) <= Self.tolerance, "a cut at \(t) s is \(Self.nearestBeat(t, r.beats)) s from a beat")
        }
        let end = Double(r.lumas.count) / r.fps
        #expect(Self.nearestBeat(end, r.downbeats) <= Self.tolerance, "the story ends at \(end) s, off the bar")
    }

    @Test("every crossfade's midpoint lies within one frame of a beat")
    func crossfadesOnBeats() throws {
        let r = try Self.render(bpm: 104, first: 0.4, transition: ["type": "crossfade", "duration": 0.4])
        // Where each blend crosses half way between its two pictures (interpolated between frames).
        var midpoints: [Double] = []
        for k in 0..<(r.items - 1) {
            let a = Double(Self.lumas[k]), b = Double(Self.lumas[k + 1]), half = (a + b) / 2
            let start = midpoints.last.map { Int($0 * r.fps) + 1 } ?? 1
            for n in max(1, start)..<r.lumas.count {
                let p = r.lumas[n - 1], q = r.lumas[n]
                if (p - half) * (q - half) <= 0, abs(q - p) > 1, abs(p - a) < abs(p - b) {
                    midpoints.append((Double(n - 1) + (half - p) / (q - p)) / r.fps)
                    break
                }
            }
        }
        #expect(midpoints.count == r.items - 1, "midpoints at \(midpoints)")
        for t in midpoints {
            #expect(Self.nearestBeat(t, r.beats) <= Self.tolerance, "a crossfade's midpoint at \(t) s is \(Self.nearestBeat(t, r.beats)) s from a beat")
        }
    }
}
