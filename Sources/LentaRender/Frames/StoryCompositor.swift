import Foundation
import LentaCore
import LentaMaps
import LentaMedia
import LentaPixels
import LentaText
import Synchronization

/// Makes the story's frames: frame `n` shows the segments the timeline puts at `n / fps` — one,
/// or two blended by the transition between them. Frames are the same whether asked in order (as
/// the render does) or alone (as `lenta frame` does), and for any thread count.
///
/// Photos are prepared once (decode, reduce, backdrop) on a background queue while the segment
/// before them shows (at least a second before they appear), and let go of when their segment is
/// over, so only a few reduced photos are ever in memory.
///
/// What changes as frames are planned (the layers made, the photos being prepared, the captions)
/// lives in one `Mutex`, held while a frame is planned; everything else is set once, so a photo's
/// preparation on another thread reads it freely.
public final class StoryCompositor: Sendable {
    public let story: ResolvedStory
    public var project: ProjectFile { story.project }
    public let preset: OutputPreset
    public let timeline: StoryTimeline
    /// Each item's colour work (its adjustments and its look, loaded once for the story); nil
    /// when it has none.
    let grades: [ColourGrade?]
    let parallel: ParallelSlices
    let decoderThreads: Int
    private struct Planning {
        var layers: [Int: StoryLayer] = [:]
        var preparing: [Int: PhotoPreparation] = [:]
        /// Each item segment's caption (nil: none), made when the segment first shows.
        var captions: [Int: Caption?] = [:]
        var lookahead: Int
        var transitionPictureBytes = 64 << 20
    }
    private let planning: Mutex<Planning>
    /// How far ahead photos start being prepared, in frames.
    public var lookahead: Int {
        get { planning.withLock { $0.lookahead } }
        set { planning.withLock { $0.lookahead = newValue } }
    }
    /// Frames the encoder is done with, drawn over again (`StoryWriter.appendVideo(_:recycling:)`).
    public let framePool = PlanarFramePool()
    /// At most this much of an outgoing clip's pictures is graded ahead when a transition
    /// brings in another clip, so that its decoder goes before the next one opens (0: never;
    /// longer transitions keep both decoders). 64 MB holds 20 pictures at 1080p.
    var transitionPictureBytes: Int {
        get { planning.withLock { $0.transitionPictureBytes } }
        set { planning.withLock { $0.transitionPictureBytes = newValue } }
    }
    /// The decodes this compositor shares with the compositors of the story's other shapes, and
    /// which of `sharing.presets` is its own; nil when the story is rendered in one shape.
    let sharing: (sources: SharedSources, shape: Int)?

    /// - Parameters:
    ///   - threads: threads for compositing (0: one per processor). The frames do not depend on it.
    ///   - sharing: the sources shared with the other shapes of a render in several shapes, and the
    ///     index of this one's preset in theirs (`SharedSources.presets[shape]` is `preset`).
    public init(story: ResolvedStory, preset: OutputPreset, threads: Int = 0, sharing: (sources: SharedSources, shape: Int)? = nil) {
        self.story = story
        self.preset = preset
        self.sharing = sharing
        let count = threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount
        parallel = ParallelSlices(threads: count)
        decoderThreads = threads > 0 ? threads : 0
        grades = story.items.map { resolved in
            let grade = ColourGrade(adjust: resolved.item.adjust, look: resolved.look)
            return grade.isIdentity ? nil : grade
        }
        let fps = Rational(Int64(preset.fps.numerator), Int64(preset.fps.denominator))
        timeline = StoryTimeline(project: story.project, fps: fps, sampleRate: preset.audio.sampleRate) { story.length(ofItem: $0) }
        planning = Mutex(Planning(lookahead: Int(fps.rounded)))
    }

    public var frameCount: Int { timeline.frameCount }

    /// Frame `n` (0 ≤ n < frameCount).
    public func frame(_ n: Int) throws -> PlanarFrame {
        try plan(n).draw()
    }

    /// What frame `n` needs, gathered on the compositing thread in frame order: its layers (made,
    /// or waited for), their times and captions, and the blend between them. Drawing the plan
    /// (`FramePlan.draw`) may then run on any thread, beside other frames' plans: the layers it
    /// draws only read what they prepared. A clip's layer decodes in order, so it is drawn here.
    public func plan(_ n: Int) throws -> FramePlan {
        guard n >= 0, n < timeline.frameCount else {
            throw RenderError("frame \(n) is outside the story (it has \(timeline.frameCount) frames)")
        }
        return try planning.withLock { planning in try plan(n, &planning) }
    }

    private func plan(_ n: Int, _ planning: inout Planning) throws -> FramePlan {
        let visible = timeline.segments(atFrame: n)
        let t = timeline.time(ofFrame: n)
        startPreparing(after: n, showing: visible.count, &planning)
        var parts: [FramePlan.Part] = []
        for index in visible {
            let segment = timeline.segments[index]
            let local = t - segment.start
            let progress = segment.length.numerator == 0 ? 0 : min(1, max(0, (local / segment.length).doubleValue))
            if planning.layers[index] == nil, planning.preparing[index] == nil, let outgoing = visible.first, outgoing != index {
                keepOutgoingPictures(outgoing, from: n, before: index, planning)
            }
            let layer = try layer(index, &planning)
            var part = FramePlan.Part(layer: layer, time: local, progress: progress, caption: try caption(index, &planning),
                                      segmentLength: segment.length.doubleValue)
            if !layer.drawsConcurrently {
                part.drawn = try part.draw(width: preset.width, height: preset.height, pool: framePool)
            }
            parts.append(part)
        }
        release(before: n, &planning)
        var blend: (ProjectTransition, Double)?
        if parts.count == 2, let outgoing = visible.first, let incoming = visible.last {
            let out = timeline.segments[outgoing], into = timeline.segments[incoming]
            let overlap = out.overlapOut
            let q = overlap.numerator == 0 ? 1 : ((t - into.start) / overlap).doubleValue
            blend = (out.transitionOut, q)
        }
        return FramePlan(width: preset.width, height: preset.height, parts: Array(parts.prefix(2)), blend: blend, pool: framePool)
    }

    /// Before segment `incoming`'s clip opens its decoder: when both clips have large pictures
    /// (2160p), the outgoing clip's pictures for frames `n` to its end are graded now and its
    /// decoder let go of (`ClipFrames.keep`), so two such decoders are never alive together
    /// (713 against 560 MB for a crossfade between two 2160p HEVC clips). Between a large and a
    /// 1080p clip both decoders are kept: the 1080p one takes less than the pictures would.
    /// The pictures are the ones the frames would have shown.
    private func keepOutgoingPictures(_ outgoing: Int, from n: Int, before incoming: Int, _ planning: Planning) {
        guard planning.transitionPictureBytes > 0, case .item(let i) = timeline.segments[incoming].content, story.items[i].isVideo,
              let width = story.items[i].metadata.width, let height = story.items[i].metadata.height,
              VideoReader.isLarge(width: width, height: height), let clip = planning.layers[outgoing] as? ClipLayer else { return }
        let out = timeline.segments[outgoing]
        let times = (n..<max(n, out.endFrame)).map { clip.trimStart + (timeline.time(ofFrame: $0) - out.start) }
        clip.frames.keep(times: times, bytes: planning.transitionPictureBytes)
    }

    /// The segments whose photos are being prepared or are made (the test of `startPreparing`).
    var preparedSegments: Set<Int> { planning.withLock { Set($0.preparing.keys).union($0.layers.keys) } }

    /// Clip decoders alive in this compositor's layers (the test of `keepOutgoingPictures`).
    var liveClipDecoders: Int {
        planning.withLock { $0.layers.values.filter { ($0 as? ClipLayer)?.frames.isDecoding == true }.count }
    }

    /// The layer of a segment, made (or waited for) when first needed.
    private func layer(_ index: Int, _ planning: inout Planning) throws -> StoryLayer {
        if let layer = planning.layers[index] { return layer }
        let made: StoryLayer
        if let pending = planning.preparing.removeValue(forKey: index) {
            made = try pending.wait()
        } else {
            made = try makeLayer(index)
        }
        planning.layers[index] = made
        return made
    }

    private func makeLayer(_ index: Int) throws -> StoryLayer {
        let segment = timeline.segments[index]
        switch segment.content {
        case .titleCard:
            return try titleCardLayer()
        case .routeInterlude(let i):
            return try RouteInterludeLayer.make(story: story, before: i, width: preset.width, height: preset.height,
                                                output: preset.colour, parallel: parallel)
        case .item(let i):
            let resolved = story.items[i]
            let item = resolved.item
            let fit = project.fit(for: item)
            let kenBurns = project.kenBurns(for: item)
            let motion = KenBurnsPath(kenBurns, itemIndex: i, isVideo: resolved.isVideo)
            let geometry = { (preset: OutputPreset) in
                { (w: Double, h: Double) in
                    ItemGeometry(pictureWidth: w, pictureHeight: h, crop: item.crop, rotation: item.rotate, fit: fit, motion: motion,
                                 outputWidth: preset.width, outputHeight: preset.height)
                }
            }
            // A photo's centre of interest steers auto motion and places a `fill` crop; a motion
            // given as rectangles is the person's own framing and is kept as written.
            var explicitMotion = false
            if case .motion = kenBurns { explicitMotion = true }
            let aimed = { (preset: OutputPreset) in
                { (w: Double, h: Double, interest: PictureInterest?) in
                    let placed = geometry(preset)(w, h)
                    return interest.map { placed.aimed(at: $0, autoMotion: kenBurns == .auto, itemIndex: i) } ?? placed
                }
            }
            // Photos reach the table as BT.709 limited Y'CbCr made from their own R'G'B'.
            var source = resolved.metadata.colour ?? (resolved.isVideo ? .bt709 : .sRGB)
            if !resolved.isVideo { source.matrix = .rgb }
            // The shapes of one pass share the output's colours (`StoryShapes.check`), so one
            // table serves them all.
            let colour = ItemColour(source: source, output: preset.colour, grade: grades[i], parallel: parallel)
            do {
                if resolved.isVideo {
                    let threads = decoderThreads
                    let frames = { try ClipFrames(item: resolved, colour: colour, threads: threads) }
                    // Decoded once for every shape, handed on at each size the shapes would read it at alone.
                    let shared = try sharing.map { sharing in
                        try sharing.sources.clipFrames(segment: index) {
                            let made = try frames()
                            made.reduce(to: ClipLayer.sharedScales(width: made.width, height: made.height,
                                                                   geometries: sharing.sources.presets.map(geometry)))
                            return made
                        }
                    } ?? frames()
                    return ClipLayer(item: resolved, frames: shared, reduces: sharing == nil, geometry: geometry(preset), parallel: parallel)
                }
                // Every shape's layer from one decode of the photo.
                let presets = sharing?.sources.presets ?? [preset]
                let parallel = self.parallel
                let findsInterest = !explicitMotion && (kenBurns == .auto || fit == .fill)
                let layers = {
                    try PhotoLayer.make(item: resolved, geometries: presets.map(aimed), findsInterest: findsInterest, colour: colour,
                                        parallel: parallel) as [StoryLayer]
                }
                if let sharing { return try sharing.sources.photoLayer(segment: index, shape: sharing.shape, make: layers) }
                guard let layer = try layers().first else { throw RenderError("no picture was made of the photo", at: .item(i)) }
                return layer
            } catch {
                throw RenderError.wrapping(error, at: .item(i))
            }
        }
    }

    /// The caption of a segment's item, laid out and drawn when first needed.
    private func caption(_ index: Int, _ planning: inout Planning) throws -> Caption? {
        if let made = planning.captions[index] { return made }
        var made: Caption?
        if case .item(let i) = timeline.segments[index].content, let text = story.items[i].caption {
            let engine: TextEngine
            do {
                engine = try TextEngine.shared()
            } catch {
                throw RenderError("", at: .item(i) + "text", underlying: error)
            }
            made = Caption(text, frameWidth: preset.width, frameHeight: preset.height, engine: engine)
        }
        planning.captions[index] = .some(made)
        return made
    }

    /// The title card: title, subtitle and the route map of the items' places.
    private func titleCardLayer() throws -> StoryLayer {
        let card = project.titleCard ?? TitleCard()
        let stops = card.map == false ? [] : ProjectRoute.stops(of: story)
        let outlines: CountryOutlines?
        do {
            outlines = stops.isEmpty ? nil : try CountryOutlines.bundled()
        } catch {
            throw RenderError("cannot read the country outlines for the map", at: .root + "titleCard", underlying: error)
        }
        let text: TextEngine
        do {
            text = try TextEngine.shared()
        } catch {
            throw RenderError("no font for the title", at: .root + "titleCard", underlying: error)
        }
        let picture = TitleCardPicture.make(title: project.title, subtitle: project.subtitle, card: card, stops: stops, track: story.route,
                                            outlines: outlines, width: preset.width, height: preset.height, text: text)
        // Drawn in BT.709 SDR: an HDR story places it at reference white, once.
        return TitleCardLayer(picture: picture, table: YUVLookupTable.make(source: .bt709, output: preset.colour, grade: nil, parallel: parallel),
                              parallel: parallel)
    }

    /// Starts preparing the photos that appear within `lookahead` frames and, while frame `n`
    /// shows one segment alone (`showing` segments in all), the next segment to appear whenever
    /// it does: a photo's preparation (one thread's decode and reduction) then runs through the
    /// segment before it, on whatever core the encoder leaves idle, instead of making the frames
    /// wait for it — and at the start it runs beside the first photo's. Not during a transition,
    /// which already holds two photos: at most one segment ahead is kept beyond the window.
    private func startPreparing(after n: Int, showing: Int, _ planning: inout Planning) {
        let lookahead = planning.lookahead
        guard lookahead > 0 else { return }
        let next = showing == 1 ? timeline.segments.lazy.map(\.firstFrame).filter { $0 > n }.min() : nil
        for (index, segment) in timeline.segments.enumerated()
        where segment.firstFrame > n && (segment.firstFrame <= n + lookahead || segment.firstFrame == next)
            && planning.layers[index] == nil && planning.preparing[index] == nil {
            guard case .item(let i) = segment.content, !story.items[i].isVideo else { continue }
            // A photo's layer is made from the compositor's constants alone (project, items, preset,
            // timeline), never from what is planned.
            planning.preparing[index] = PhotoPreparation { [self] in try makeLayer(index) }
        }
    }

    /// Lets go of the segments that are over.
    private func release(before n: Int, _ planning: inout Planning) {
        for index in planning.layers.keys where timeline.segments[index].endFrame <= n + 1 {
            planning.layers[index] = nil
        }
        for index in planning.captions.keys where timeline.segments[index].endFrame <= n + 1 {
            planning.captions[index] = nil
        }
    }
}

/// A photo being prepared on a background queue: its result is set once, in a `Mutex`, before
/// the group is left; `wait` reads it after the group is done.
final class PhotoPreparation: Sendable {
    private let done = DispatchGroup()
    private let result = Mutex<Result<StoryLayer, Error>?>(nil)

    /// Starts `work` on the global queue.
    init(_ work: @escaping @Sendable () throws -> StoryLayer) {
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let outcome = Result { try work() }
            result.withLock { $0 = outcome }
            done.leave()
        }
    }

    func wait() throws -> StoryLayer {
        done.wait()
        guard let outcome = result.withLock({ $0 }) else { throw RenderError("a photo's preparation ended without a result") }
        return try outcome.get()
    }
}

/// One frame's work, planned in order by `StoryCompositor.plan` and drawn on any thread: it only
/// draws the layers whose `draw` only reads what they prepared (`drawsConcurrently`); the others
/// were drawn while planning, on the planning thread.
public struct FramePlan: Sendable {
    struct Part: Sendable {
        let layer: StoryLayer
        let time: Rational
        let progress: Double
        let caption: Caption?
        let segmentLength: Double
        /// The layer's picture when it was drawn while planning (a clip).
        var drawn: PlanarFrame?

        init(layer: StoryLayer, time: Rational, progress: Double, caption: Caption?, segmentLength: Double) {
            self.layer = layer
            self.time = time
            self.progress = progress
            self.caption = caption
            self.segmentLength = segmentLength
        }

        func draw(width: Int, height: Int, pool: PlanarFramePool) throws -> PlanarFrame {
            if let drawn { return drawn }
            var frame = try layer.picture(at: time, progress: progress, width: width, height: height, pool: pool)
            // On the item's own frame, so the caption goes with it through transitions.
            caption?.draw(into: &frame, at: time.doubleValue, segmentLength: segmentLength)
            return frame
        }
    }

    let width: Int
    let height: Int
    let parts: [Part]
    let blend: (ProjectTransition, Double)?
    let pool: PlanarFramePool

    /// The frame: its one picture, or its two blended by the transition between them (into the
    /// outgoing one's buffers; the incoming one's go back to the pool).
    public func draw() throws -> PlanarFrame {
        guard let first = parts.first else { return PlanarFrame(width: width, height: height) }
        let a = try first.draw(width: width, height: height, pool: pool)
        guard parts.count == 2, let (transition, q) = blend else { return a }
        let b = try parts[1].draw(width: width, height: height, pool: pool)
        // A cut shows `b` itself from halfway: it stays out of the pool.
        let reusesB = transition.type != .cut
        let blended = TransitionBlend.blend(transition, progress: q, outgoing: consume a, incoming: b)
        if reusesB { pool.give(b) }
        return blended
    }
}
