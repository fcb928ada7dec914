import Foundation
import LentaCore
import LentaMedia

/// Renders a project to an MP4: the compositor's frames, in order, to a `StoryWriter`, with the
/// sound track cut by sample count so audio and video stay together (frames `[a, b)` go with
/// samples `[⌊a·rate/fps⌋, ⌊b·rate/fps⌋)`, exactly). Compositing runs on its own thread a few
/// frames ahead of the encoder, so frame n+1 is made while x264 encodes frame n.
public final class StoryRenderer {
    public let compositor: StoryCompositor
    public let sound: StorySoundTrack?
    /// Frames made ahead of the encoder.
    public var queueDepth = 3
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

    /// Renders the whole story to `path` (written under a temporary name, renamed at the end).
    /// - Parameters:
    ///   - encoderThreads: threads for x264 (0: x264 chooses).
    ///   - notice: called with a line to tell the user (an encoder that fell back to another).
    ///   - progress: called after each frame is encoded with (frames done, frames in all).
    public func render(to path: String, encoderThreads: Int = 0, notice: (String) -> Void = { _ in },
                       progress: (Int, Int) -> Void = { _, _ in }) throws {
        let hasAudio = sound?.hasAudio ?? false
        let writer = try StoryWriter(path: path, preset: compositor.preset, audio: hasAudio, threads: encoderThreads, metadata: metadata)
        if let line = writer.encoderNotice { notice(line) }
        let total = frameCount
        let queue = FrameQueue(capacity: queueDepth)
        // The compositor is handed to the producing thread: this thread does not touch it again
        // until `finished` says that thread is done.
        nonisolated(unsafe) let compositor = self.compositor
        let finished = DispatchSemaphore(value: 0)
        let producer = Thread {
            defer { finished.signal() }
            for n in 0..<total {
                if queue.isCancelled { return }
                do {
                    let frame = try compositor.frame(n)
                    if !queue.push(.success(frame)) { return }
                } catch {
                    _ = queue.push(.failure(error))
                    return
                }
            }
        }
        producer.stackSize = 1 << 22
        producer.start()
        defer {
            queue.cancel()
            finished.wait()
        }
        for n in 0..<total {
            let frame = try queue.pop().get()
            try writer.appendVideo(frame)
            if hasAudio, let sound {
                let range = firstSample(ofFrame: n) ..< firstSample(ofFrame: n + 1)
                try writer.appendAudio(try sound.samples(range))
            }
            progress(n + 1, total)
        }
        try writer.finish()
    }
}

/// A bounded queue of made frames between the compositing thread and the encoder.
/// Unchecked: every stored property is read and written only while holding `condition`.
final class FrameQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Result<PlanarFrame, Error>] = []
    private let capacity: Int
    private var cancelled = false
    private var producerDone = false

    init(capacity: Int) { self.capacity = max(1, capacity) }

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Waits for room; false when the consumer has gone.
    func push(_ item: Result<PlanarFrame, Error>) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !cancelled { condition.wait() }
        if cancelled { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    func pop() -> Result<PlanarFrame, Error> {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !cancelled { condition.wait() }
        if items.isEmpty { return .failure(RenderError("rendering was cancelled")) }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}

