import Dispatch
import Foundation
import LentaMedia
import LentaPixels
import Synchronization

/// One output's writer in a render of several shapes, working on its own thread: the
/// shapes' encoders run side by side, and beside the planner drawing the next frames, instead of
/// one after the other on the renderer's thread. So each encoder can be given fewer threads of
/// its own (`StoryRenderer.encoderThreads`: on 2 cores, three x264s of one thread each rather
/// than three of two frame threads and a look-ahead thread each, fed one after another), the
/// encoders being the parallelism. Work is done in the order it is given;
/// the first failure is kept, what follows it is skipped, and it is thrown to the renderer at
/// its next hand-over. At most `depth` frames wait for the encoder. Its own `Thread`, not a
/// dispatch queue: a thread made here keeps the process's priority (`nice lenta render …`);
/// libdispatch's workers on Linux do not, and under load a pass niced up waited for lanes left at 0.
final class EncoderLane: Sendable {
    private enum Job: Sendable {
        case video(PlanarFrame, PlanarFramePool?)
        case audio(EncodedPacket)
        case finish
        case stop
    }

    /// The writer, until the lane stops (then let go of there, so an unfinished file is removed
    /// before `wait` or `abandon` returns).
    private let writer: Mutex<StoryWriter?>
    private let jobs = Mutex<[Job]>([])
    private let arrived = DispatchSemaphore(value: 0)
    private let room: DispatchSemaphore
    private let ended = DispatchSemaphore(value: 0)
    private let stopping = Mutex(false)
    private let failure = Mutex<(any Error)?>(nil)

    init(writer: sending StoryWriter, depth: Int) {
        self.writer = Mutex(writer)
        room = DispatchSemaphore.holding(max(1, depth))
        let thread = Thread { [self] in work() }
        thread.stackSize = 1 << 22
        thread.start()
    }

    /// Hands the next picture to the encoder; waits while `depth` frames are waiting already.
    func appendVideo(_ frame: PlanarFrame, recycling pool: PlanarFramePool?) throws {
        try check()
        room.wait()
        give(.video(frame, pool))
    }

    /// Hands a packet of the shared sound to the writer (after the frames handed before it).
    func writeAudio(_ packet: EncodedPacket) throws {
        try check()
        give(.audio(packet))
    }

    /// Drains the encoder and finishes the file on the lane's thread; `wait` says when it is done.
    func finish() throws {
        try check()
        give(.finish)
    }

    /// Waits for everything handed over so far and stops the lane; throws the first failure.
    func wait() throws {
        stop()
        try check()
    }

    /// Skips whatever is still waiting (the render failed elsewhere), waits for the job at work
    /// and stops the lane; the writer, let go of unfinished, removes its temporary file.
    func abandon() {
        failure.withLock { $0 = $0 ?? RenderError("rendering was cancelled") }
        stop()
    }

    private func stop() {
        let first = stopping.withLock { stopping in
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        give(.stop)
        ended.wait()
    }

    private func give(_ job: Job) {
        jobs.withLock { $0.append(job) }
        arrived.signal()
    }

    private func check() throws {
        if let error = failure.withLock({ $0 }) { throw error }
    }

    private func work() {
        while true {
            arrived.wait()
            let job = jobs.withLock { $0.removeFirst() }
            if case .video = job { room.signal() }
            if case .stop = job {
                writer.withLock { $0 = nil }
                ended.signal()
                return
            }
            run(job)
        }
    }

    private func run(_ job: Job) {
        if failure.withLock({ $0 != nil }) { return }
        do {
            try writer.withLock { writer in
                guard let writer else { return }
                switch job {
                case .video(let frame, let pool): try writer.appendVideo(frame, recycling: pool)
                case .audio(let packet): try writer.writeAudio(packet)
                case .finish: try writer.finish()
                case .stop: break
                }
            }
        } catch {
            failure.withLock { $0 = $0 ?? error }
        }
    }
}
