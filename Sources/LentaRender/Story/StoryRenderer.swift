import Foundation
import LentaCore
import LentaMedia
import LentaPixels
import Synchronization

/// Renders a project to an MP4: the compositor's frames, in order, to a `StoryWriter`, with the
/// sound track cut by sample count so audio and video stay together (frames `[a, b)` go with
/// samples `[⌊a·rate/fps⌋, ⌊b·rate/fps⌋)`, exactly). Frames are planned in order on their own
/// thread, drawn several at once a few frames ahead of the encoder, and handed to it in order.
/// With more shapes (`also`), each frame is planned for every shape in turn on that thread (so a
/// clip shared by the shapes is decoded forward once) and each shape's frames go to its own
/// writer, with the same sound.
public final class StoryRenderer {
    public let compositor: StoryCompositor
    /// More outputs of the same story in other shapes, rendered in the same pass.
    public var also: [StoryShape] = []
    public let sound: StorySoundTrack?
    /// Frames made ahead of the encoder (beyond those being drawn).
    public var queueDepth = 3
    /// Frames drawn at the same time (bounded look-ahead: at most `queueDepth + framesAtOnce`
    /// frames exist at once, and no more than `queueBytes` hold). The frames do not depend on it.
    public var framesAtOnce = 1
    /// What the frames between the planner and the encoder may take, all shapes together: 16
    /// frames of 1080p, 5 of 2160p.
    public var queueBytes = 64 << 20
    /// What the encoders' threads may keep in flight, all shapes together (`encoderThreads`): 8
    /// threads at 1080p, 2 at 2160p, but never fewer than `leastEncoderThreads` (measured: a
    /// 1080p render at `--threads 16` peaked at 435 MB with 12, against 219 MB with 2).
    public var encoderBytes = 160 << 20
    /// Title, time, place, chapters (and a `mov_text` track's cues) written into the MP4.
    public var metadata = StoryMetadata()
    /// The story's metadata, chapters and caption cues, as `StorySetup` worked them out.
    public var publishing: StoryPublishing?
    /// What the sound's loudness was and what it was brought to; nil when it was left alone.
    public var loudness: StoryLoudness.Plan?

    public init(compositor: StoryCompositor, sound: StorySoundTrack? = nil) {
        self.compositor = compositor
        self.sound = sound
    }

    public var frameCount: Int { compositor.frameCount }

    /// The first sample that goes with frame `n`.
    public func firstSample(ofFrame n: Int) -> Int {
        let timeline = compositor.timeline
        return Int((Rational(Int64(n)) * Rational(Int64(timeline.sampleRate)) / timeline.fps).floor)
    }

    /// Calls `body` with every frame of the story, in order (the story's own shape). Frames are
    /// planned in order on their own thread, and up to `framesAtOnce` are drawn at the same time
    /// on the global queue, each put in its own slot until `body` takes it: at most
    /// `queueDepth + framesAtOnce` frames exist at once. The frames are the same for any
    /// `framesAtOnce` and thread count.
    public func forEachFrame(_ body: (Int, PlanarFrame) throws -> Void) throws {
        try forEachFrameOfEveryShape { n, frames in
            guard let frame = frames.first else { throw RenderError("frame \(n) was not drawn") }
            try body(n, frame)
        }
    }

    /// Calls `body` with frame `n` of every shape (the story's own first, then `also`'s, in
    /// order), for every `n` in order. Planned as `forEachFrame` says; one frame's shapes are
    /// planned one after the other and drawn together.
    public func forEachFrameOfEveryShape(_ body: (Int, [PlanarFrame]) throws -> Void) throws {
        let total = frameCount
        let compositors = [compositor] + also.map(\.compositor)
        let capacity = queueCapacity(frameBytes: compositors.reduce(0) { $0 + Self.frameBytes($1.preset) })
        // At least one frame waits for the encoder while the others are drawn.
        let atOnce = max(1, min(framesAtOnce, capacity - 1))
        let queue = FrameQueue(capacity: capacity)
        let finished = DispatchSemaphore(value: 0)
        let drawing = DispatchSemaphore.holding(atOnce)
        let inFlight = DispatchGroup()
        let planner = Thread {
            defer { finished.signal() }
            for n in 0..<total {
                if !queue.waitForRoom() { return }
                do {
                    let plans = try compositors.map { try $0.plan(n) }
                    if atOnce == 1 {
                        // One at a time: drawn here, so its buffers come and go on one thread
                        // (one malloc arena), as the planning thread's own work.
                        queue.put(n, Result { try plans.map { try $0.draw() } })
                        continue
                    }
                    drawing.wait()
                    inFlight.enter()
                    DispatchQueue.global(qos: .userInitiated).async {
                        queue.put(n, Result { try plans.map { try $0.draw() } })
                        drawing.signal()
                        inFlight.leave()
                    }
                } catch {
                    queue.put(n, .failure(error))
                    return
                }
            }
        }
        planner.stackSize = 1 << 22
        planner.start()
        defer {
            queue.cancel()
            finished.wait()
            inFlight.wait()
        }
        for n in 0..<total {
            try body(n, try queue.take(n).get())
        }
    }

    /// The threads an encoder of `preset` is given: its share of those asked for (0: one and a
    /// half per processor, as x264 chooses) among the `shapes` encoders of the render, which run
    /// side by side (`EncoderLane`), so the encoders together keep the cores busy rather than
    /// each doing so alone; and no more than its share of `bytes` holds. Each of x264's (and
    /// x265's) frame threads keeps frames of the output's size in flight — the picture, its
    /// reconstruction with the half-pel planes, the look-ahead's — about
    /// `framesPerEncoderThread` frames' worth, so memory would otherwise grow with the threads
    /// (1.46 GB for the 2160p story of bench/render at 16 threads, 589 MB at 2). The bytes never
    /// hold the encoders below `leastEncoderThreads` in all, when that many are wanted.
    static func encoderThreads(_ requested: Int, preset: OutputPreset, shapes: Int, bytes: Int) -> Int {
        let budget = requested > 0 ? requested : max(1, ProcessInfo.processInfo.activeProcessorCount * 3 / 2)
        let wanted = max(1, budget / max(1, shapes))
        let perThread = framesPerEncoderThread * frameBytes(preset)
        let held = max(bytes / max(1, shapes) / perThread, leastEncoderThreads / max(1, shapes))
        return max(1, min(wanted, held))
    }

    /// x264's own choice on two processors: with two frame threads a frame waits for its
    /// reference's rows and a core idles (bench/render at 2160p on 2 idle cores: 1.71 cores busy
    /// with two, 1.82 with three), so a lone 2160p encoder gets three whatever `encoderBytes`
    /// says (+48 MB at the peak of a 4-photo 2160p story, +49 MB of bench/render's 12 photos).
    static let leastEncoderThreads = 3

    /// Frames of the output's size one encoder thread keeps (measured: peak RSS against x264's
    /// threads at 1080p and 2160p, ultrafast and medium).
    static let framesPerEncoderThread = 6

    /// The bytes of one frame of `preset` (8-bit 4:2:0).
    static func frameBytes(_ preset: OutputPreset) -> Int {
        preset.width * preset.height + 2 * ((preset.width + 1) / 2) * ((preset.height + 1) / 2)
    }

    /// Frames (of every shape) that may exist between the planner and the encoder: as many as
    /// `queueBytes` holds, at least 2, at most `queueDepth + framesAtOnce` — bounded by bytes, so
    /// that more threads draw more frames at once only while they are small.
    func queueCapacity(frameBytes: Int) -> Int {
        let wanted = queueDepth + max(1, framesAtOnce)
        return max(2, min(wanted, queueBytes / max(1, frameBytes)))
    }

    /// Renders the whole story to `path` (written under a temporary name, renamed at the end).
    /// - Parameters:
    ///   - encoderThreads: threads for x264 (0: x264 chooses).
    ///   - notice: called with a line to tell the user (an encoder that fell back to another).
    ///   - progress: called after each frame is encoded with (frames done, frames in all).
    public func render(to path: String, encoderThreads: Int = 0, notice: (String) -> Void = { _ in },
                       progress: (Int, Int) -> Void = { _, _ in }) throws {
        try render(to: path, also: [], encoderThreads: encoderThreads, notice: { line, _ in notice(line) }, progress: progress)
    }

    /// Renders the story to `path` and each of `also`'s shapes to the path in `alsoPaths` at its
    /// place, in one pass: every file written under a temporary name by its own `StoryWriter`
    /// (its own encoder) and renamed into place at the end, each with the same sound and its own
    /// metadata and chapters.
    /// - Parameters:
    ///   - notice: called with a line and the output it is about.
    public func render(to path: String, also alsoPaths: [String], encoderThreads: Int = 0,
                       notice: (String, String) -> Void = { _, _ in }, progress: (Int, Int) -> Void = { _, _ in }) throws {
        guard alsoPaths.count == also.count else {
            throw RenderError("\(also.count) more shape\(also.count == 1 ? "" : "s") to render but \(alsoPaths.count) output\(alsoPaths.count == 1 ? "" : "s") named")
        }
        let hasAudio = sound?.hasAudio ?? false
        let outputs = [(path, compositor.preset, metadata)] + zip(alsoPaths, also).map { ($0, $1.preset, $1.metadata) }
        if outputs.count > 1 {
            try renderShapes(outputs, hasAudio: hasAudio, encoderThreads: encoderThreads, notice: notice, progress: progress)
            return
        }
        let writer = try StoryWriter(path: path, preset: compositor.preset, audio: hasAudio,
                                     threads: Self.encoderThreads(encoderThreads, preset: compositor.preset, shapes: 1, bytes: encoderBytes),
                                     metadata: metadata, frames: frameCount)
        if let line = writer.encoderNotice { notice(line, path) }
        let total = frameCount
        let pool = compositor.framePool
        try forEachFrameOfEveryShape { n, frames in
            guard let frame = frames.first else { throw RenderError("frame \(n) was not drawn") }
            try writer.appendVideo(frame, recycling: pool)
            if hasAudio, let sound {
                try writer.appendAudio(try sound.samples(firstSample(ofFrame: n) ..< firstSample(ofFrame: n + 1)))
            }
            progress(n + 1, total)
        }
        try writer.finish()
    }

    /// Frames each shape's encoder may have waiting on its own thread (`EncoderLane`), beyond the
    /// queue's: enough that an encoder does not wait for the renderer's hand-over.
    static let laneDepth = 2

    /// A render of several shapes: each output's writer on its own thread (`EncoderLane`), the
    /// encoders sharing one budget of threads (`encoderThreads` divides it among them), the
    /// sound encoded once for the shapes that ask for the same (`SharedSound`) and its packets
    /// handed to each of their writers after the frames they go with.
    private func renderShapes(_ outputs: [(String, OutputPreset, StoryMetadata)], hasAudio: Bool, encoderThreads: Int,
                              notice: (String, String) -> Void, progress: (Int, Int) -> Void) throws {
        let sounds = hasAudio ? try SharedSound(presets: outputs.map(\.1), path: outputs[0].0) : nil
        var lanes: [EncoderLane] = []
        defer { for lane in lanes { lane.abandon() } }
        for (output, preset, metadata) in outputs {
            let threads = Self.encoderThreads(encoderThreads, preset: preset, shapes: outputs.count, bytes: encoderBytes)
            let writer = try StoryWriter(path: output, preset: preset, audio: hasAudio, threads: threads, metadata: metadata,
                                         sharedAudio: true, frames: frameCount)
            if let line = writer.encoderNotice { notice(line, output) }
            lanes.append(EncoderLane(writer: writer, depth: Self.laneDepth))
        }
        let total = frameCount
        let pools = [compositor.framePool] + also.map(\.compositor.framePool)
        let deliver = { (k: Int, packet: EncodedPacket) in try lanes[k].writeAudio(packet) }
        try forEachFrameOfEveryShape { n, frames in
            for (k, frame) in frames.enumerated() {
                try lanes[k].appendVideo(frame, recycling: pools[k])
            }
            if let sounds, let sound {
                try sounds.append(try sound.samples(firstSample(ofFrame: n) ..< firstSample(ofFrame: n + 1)), deliver: deliver)
            }
            progress(n + 1, total)
        }
        try sounds?.finish(deliver: deliver)
        for lane in lanes { try lane.finish() }
        for lane in lanes { try lane.wait() }
    }
}

/// Made frames between the drawing threads and the encoder, each in the slot of its number (one
/// picture per shape), taken in order; at most `capacity` frames past the one the encoder waits
/// for. The slots live in a `Mutex`; the planner waits for room, and the encoder for frame `n`,
/// on semaphores (one for the room, one for each of the `capacity` places a frame's number
/// falls on: frames `n` and `n + capacity` are never both waited for).
final class FrameQueue: Sendable {
    private struct Slots {
        var made: [Int: Result<[PlanarFrame], Error>] = [:]
        var cancelled = false
    }
    private let slots = Mutex(Slots())
    private let room: DispatchSemaphore
    private let arrivals: [DispatchSemaphore]
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        // Made empty and filled: libdispatch traps on a semaphore let go of below its initial value.
        room = DispatchSemaphore.holding(self.capacity)
        arrivals = (0..<self.capacity).map { _ in DispatchSemaphore(value: 0) }
    }

    /// Waits until the next frame is within `capacity` of the encoder; false when the encoder has gone.
    func waitForRoom() -> Bool {
        room.wait()
        return !slots.withLock { $0.cancelled }
    }

    /// Frame `n` made (or its failure); called once for each `n` the planner had room for.
    func put(_ n: Int, _ item: Result<[PlanarFrame], Error>) {
        let kept = slots.withLock { slots in
            if slots.cancelled { return false }
            slots.made[n] = item
            return true
        }
        if kept { arrivals[n % capacity].signal() }
    }

    /// Frame `n`, when it is made (frames are taken in order: 0, 1, 2, …).
    func take(_ n: Int) -> Result<[PlanarFrame], Error> {
        arrivals[n % capacity].wait()
        let item = slots.withLock { $0.made.removeValue(forKey: n) }
        room.signal()
        return item ?? .failure(RenderError("rendering was cancelled"))
    }

    /// Lets go of the frames made and wakes the planner (it then stops).
    func cancel() {
        slots.withLock { slots in
            slots.cancelled = true
            slots.made = [:]
        }
        room.signal()
    }
}
