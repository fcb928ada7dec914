import Synchronization

/// Frames the encoder is done with, kept to be drawn over again: a render then allocates (and
/// the kernel zeroes) no new 3 MB frame per frame once a few are in circulation. A frame taken
/// from the pool holds the pixels of an earlier frame: only for a drawer that writes every
/// pixel. Frames are values, so one still shared elsewhere (a still photo's cached frame) is
/// copied on its first write, never changed under its other owner.
public final class PlanarFramePool: Sendable {
    private let kept = Mutex<[PlanarFrame]>([])
    private let reusedCount = Mutex(0)
    /// At most this many frames wait in the pool; more are let go. The encoder gives one back per
    /// frame and the compositor takes one (two in a transition), so a few suffice, and each kept
    /// 2160p frame is 12 MB of peak memory.
    public let capacity: Int

    public init(capacity: Int = 2) {
        self.capacity = max(0, capacity)
    }

    /// A `width` × `height` frame to draw every pixel of: a kept one (the longest kept, whose
    /// last other owner has most likely let go of it), else a new black one.
    public func take(width: Int, height: Int) -> PlanarFrame {
        let reused = kept.withLock { frames -> PlanarFrame? in
            guard let i = frames.firstIndex(where: { $0.width == width && $0.height == height }) else { return nil }
            return frames.remove(at: i)
        }
        guard let reused else { return PlanarFrame(width: width, height: height) }
        reusedCount.withLock { $0 += 1 }
        return reused
    }

    /// How many frames `take` has handed out again.
    package var reuses: Int { reusedCount.withLock { $0 } }

    /// Keeps `frame` for a later `take` (or lets it go when the pool is full).
    public func give(_ frame: PlanarFrame) {
        kept.withLock { frames in
            if frames.count < capacity { frames.append(frame) }
        }
    }
}
