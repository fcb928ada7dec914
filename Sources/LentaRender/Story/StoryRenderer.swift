import Foundation
import LentaCore
import LentaMedia
import LentaPixels

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
    /// frames exist at once). The frames do not depend on it.
    public var framesAtOnce = 1
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
        let atOnce = max(1, framesAtOnce)
        let queue = FrameQueue(capacity: queueDepth + atOnce)
        // The compositors are handed to the planning thread: this thread does not touch them
        // again until `finished` says that thread is done.
        nonisolated(unsafe) let compositors = [compositor] + also.map(\.compositor)
        let finished = DispatchSemaphore(value: 0)
        let drawing = DispatchSemaphore(value: atOnce)
        let inFlight = DispatchGroup()
        let planner = Thread {
            defer { finished.signal() }
            for n in 0..<total {
                if !queue.waitForRoom(n) { return }
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
        var writers: [StoryWriter] = []
        for (output, preset, metadata) in outputs {
            let writer = try StoryWriter(path: output, preset: preset, audio: hasAudio, threads: encoderThreads, metadata: metadata)
            if let line = writer.encoderNotice { notice(line, output) }
            writers.append(writer)
        }
        let total = frameCount
        let pools = [compositor.framePool] + also.map(\.compositor.framePool)
        try forEachFrameOfEveryShape { n, frames in
            var samples: [Float]?
            if hasAudio, let sound {
                samples = try sound.samples(firstSample(ofFrame: n) ..< firstSample(ofFrame: n + 1))
            }
            for (k, (writer, frame)) in zip(writers, frames).enumerated() {
                try writer.appendVideo(frame, recycling: pools[k])
                if let samples { try writer.appendAudio(samples) }
            }
            progress(n + 1, total)
        }
        for writer in writers { try writer.finish() }
    }
}

/// Made frames between the drawing threads and the encoder, each in the slot of its number (one
/// picture per shape), taken in order; at most `capacity` frames past the one the encoder waits for.
/// Unchecked: every stored property is read and written only while holding `condition`.
final class FrameQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [Int: Result<[PlanarFrame], Error>] = [:]
    private var next = 0
    private let capacity: Int
    private var cancelled = false

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Waits until frame `n` is within `capacity` of the encoder; false when the encoder has gone.
    func waitForRoom(_ n: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while n >= next + capacity && !cancelled { condition.wait() }
        return !cancelled
    }

    func put(_ n: Int, _ item: Result<[PlanarFrame], Error>) {
        condition.lock()
        defer { condition.unlock() }
        if cancelled { return }
        slots[n] = item
        condition.broadcast()
    }

    /// Frame `n`, when it is made (frames are taken in order: 0, 1, 2, …).
    func take(_ n: Int) -> Result<[PlanarFrame], Error> {
        condition.lock()
        defer { condition.unlock() }
        while slots[n] == nil && !cancelled { condition.wait() }
        guard let item = slots.removeValue(forKey: n) else { return .failure(RenderError("rendering was cancelled")) }
        next = n + 1
        condition.broadcast()
        return item
    }

    func cancel() {
        condition.lock()
        cancelled = true
        slots = [:]
        condition.broadcast()
        condition.unlock()
    }
}
