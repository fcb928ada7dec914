import Foundation
import LentaCore

/// What the compositors of a story's shapes (`render --also`) share so that each source is
/// decoded once: a photo's layers for every shape are made together, from one decode
/// (`PhotoLayer.make`), by whichever shape's compositor needs the segment first, and handed to
/// the others as they ask; a clip's decoded and graded pictures (`ClipFrames`) are read by every
/// shape's layer. An entry is let go of once every shape has taken it, so only the segments on
/// screen (and those being prepared) are held, as in a render of one shape.
/// Unchecked: the tables are read and written only while holding `lock`; a photo entry's result
/// is published under its own lock.
public final class SharedSources: @unchecked Sendable {
    /// The presets of the shapes, in order: shape `k`'s compositor is the one made with `shape: k`.
    public let presets: [OutputPreset]
    private let lock = NSLock()
    private var photos: [Int: PhotoEntry] = [:]
    private var clips: [Int: (frames: ClipFrames, taken: Int)] = [:]

    public init(presets: [OutputPreset]) {
        self.presets = presets
    }

    /// Shape `shape`'s layer for the photo of segment `index`: `make` (the layers of every shape,
    /// in shape order) runs once, for the first shape that asks; the others wait for it.
    func photoLayer(segment index: Int, shape: Int, make: () throws -> [StoryLayer]) throws -> StoryLayer {
        let (entry, maker) = lock.withLock { () -> (PhotoEntry, Bool) in
            if let entry = photos[index] { return (entry, false) }
            let entry = PhotoEntry()
            photos[index] = entry
            return (entry, true)
        }
        if maker { entry.publish(Result { try make() }) }
        let made = entry.wait()
        lock.withLock {
            entry.taken += 1
            if entry.taken >= presets.count, photos[index] === entry { photos[index] = nil }
        }
        let layers = try made.get()
        guard shape >= 0, shape < layers.count else { throw RenderError("no layer made for shape \(shape) of segment \(index)") }
        return layers[shape]
    }

    /// The decoded pictures of segment `index`'s clip, made by `make` for the first shape that
    /// asks and shared with the others.
    func clipFrames(segment index: Int, make: () throws -> ClipFrames) throws -> ClipFrames {
        try lock.withLock {
            let frames: ClipFrames
            var taken = 1
            if let entry = clips[index] {
                frames = entry.frames
                taken += entry.taken
            } else {
                frames = try make()
            }
            clips[index] = taken >= presets.count ? nil : (frames, taken)
            return frames
        }
    }
}

/// A photo's layers for every shape, made once; each shape's compositor waits for them.
/// Unchecked: `result` is written once under `condition` and read only under it.
private final class PhotoEntry: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<[StoryLayer], Error>?
    /// Shapes that took their layer (guarded by `SharedSources`' lock).
    var taken = 0

    func publish(_ made: Result<[StoryLayer], Error>) {
        condition.lock()
        result = made
        condition.broadcast()
        condition.unlock()
    }

    func wait() -> Result<[StoryLayer], Error> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result { return result }
            condition.wait()
        }
    }
}
