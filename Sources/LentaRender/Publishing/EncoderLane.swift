import Dispatch
import LentaMedia
import LentaPixels
import Synchronization

/// One output's writer in a render of several shapes, working on its own serial queue: the
/// shapes' encoders run side by side, and beside the planner drawing the next frames, instead of
/// one after the other on the renderer's thread. So each encoder can be given fewer threads of
/// its own (`StoryRenderer.encoderThreads`: on 2 cores, three x264s of one thread each rather
/// than three of two frame threads and a look-ahead thread, some nine threads evicting each
/// other's frames), the encoders being the parallelism. Work is done in the order it is given;
/// the first failure is kept, what follows it is skipped, and it is thrown to the renderer at
/// its next hand-over. At most `depth` frames wait for the encoder.
final class EncoderLane: Sendable {
    private enum Job: Sendable {
        case video(PlanarFrame, PlanarFramePool?)
        case audio(EncodedPacket)
        case finish
    }

    private let writer: Mutex<StoryWriter>
    private let queue: DispatchQueue
    private let room: DispatchSemaphore
    private let failure = Mutex<(any Error)?>(nil)

    init(writer: sending StoryWriter, depth: Int) {
        self.writer = Mutex(writer)
        queue = DispatchQueue(label: "lenta.encoder-lane")
        room = DispatchSemaphore.holding(max(1, depth))
    }

    /// Hands frame `n`'s picture to the encoder; waits while `depth` frames are waiting already.
    func appendVideo(_ frame: PlanarFrame, recycling pool: PlanarFramePool?) throws {
        try check()
        room.wait()
        queue.async { [self] in
            defer { room.signal() }
            run(.video(frame, pool))
        }
    }

    /// Hands a packet of the shared sound to the writer (after the frames handed before it).
    func writeAudio(_ packet: EncodedPacket) throws {
        try check()
        queue.async { [self] in run(.audio(packet)) }
    }

    /// Drains the encoder and finishes the file on the lane's queue; `wait` says when it is done.
    func finish() throws {
        try check()
        queue.async { [self] in run(.finish) }
    }

    /// Waits for everything handed over so far; throws the first failure.
    func wait() throws {
        queue.sync {}
        try check()
    }

    /// Skips whatever is still waiting (the render failed elsewhere) and waits for the job at
    /// work; the writer, dropped unfinished, removes its temporary file.
    func abandon() {
        failure.withLock { $0 = $0 ?? RenderError("rendering was cancelled") }
        queue.sync {}
    }

    private func check() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }

    private func run(_ job: Job) {
        if failure.withLock({ $0 != nil }) { return }
        do {
            try writer.withLock { writer in
                switch job {
                case .video(let frame, let pool): try writer.appendVideo(frame, recycling: pool)
                case .audio(let packet): try writer.writeAudio(packet)
                case .finish: try writer.finish()
                }
            }
        } catch {
            failure.withLock { $0 = $0 ?? error }
        }
    }
}
