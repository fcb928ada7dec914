import Foundation
import LentaCore
import Synchronization

/// What the compositors of a story's shapes (`render --also`) share so that each source is
/// decoded once: a photo's layers for every shape are made together, from one decode
/// (`PhotoLayer.make`), by whichever shape's compositor needs the segment first, and handed to
/// the others as they ask; a clip's decoded and graded pictures (`ClipFrames`) are read by every
/// shape's layer. An entry is let go of once every shape has taken it, so only the segments on
/// screen (and those being prepared) are held, as in a render of one shape.
/// The tables live in one `Mutex`; a photo entry's layers are made holding the entry's own, so
/// the shapes that ask while they are made wait on it.
public final class SharedSources: Sendable {
    /// The presets of the shapes, in order: shape `k`'s compositor is the one made with `shape: k`.
    public let presets: [OutputPreset]
    private struct Tables {
        var photos: [Int: PhotoEntry] = [:]
        var clips: [Int: (frames: ClipFrames, taken: Int)] = [:]
    }
    private let tables = Mutex(Tables())

    public init(presets: [OutputPreset]) {
        self.presets = presets
    }

    /// Shape `shape`'s layer for the photo of segment `index`: `make` (the layers of every shape,
    /// in shape order) runs once, for the first shape that asks; the others wait for it.
    func photoLayer(segment index: Int, shape: Int, make: () throws -> [StoryLayer]) throws -> StoryLayer {
        let shapes = presets.count
        let entry = tables.withLock { tables in
            if let entry = tables.photos[index] { return entry }
            let entry = PhotoEntry()
            tables.photos[index] = entry
            return entry
        }
        let made = entry.layers(make: make)
        tables.withLock { tables in
            if entry.taken() >= shapes, tables.photos[index] === entry { tables.photos[index] = nil }
        }
        let layers = try made.get()
        guard shape >= 0, shape < layers.count else { throw RenderError("no layer made for shape \(shape) of segment \(index)") }
        return layers[shape]
    }

    /// The decoded pictures of segment `index`'s clip, made by `make` for the first shape that
    /// asks and shared with the others.
    func clipFrames(segment index: Int, make: () throws -> ClipFrames) throws -> ClipFrames {
        let shapes = presets.count
        return try tables.withLock { tables in
            let frames: ClipFrames
            var taken = 1
            if let entry = tables.clips[index] {
                frames = entry.frames
                taken += entry.taken
            } else {
                frames = try make()
            }
            tables.clips[index] = taken >= shapes ? nil : (frames, taken)
            return frames
        }
    }
}

/// A photo's layers for every shape, made once, by the first shape that asks, holding the
/// entry's lock: the shapes that ask meanwhile wait for the lock and find them made.
private final class PhotoEntry: Sendable {
    private struct Made {
        var layers: Result<[StoryLayer], Error>?
        /// Shapes that took their layer.
        var taken = 0
    }
    private let made = Mutex(Made())

    /// The layers (made by `make` if no shape made them yet); counts the shape as having taken them.
    func layers(make: () throws -> [StoryLayer]) -> Result<[StoryLayer], Error> {
        made.withLock { made in
            let layers = made.layers ?? Result { try make() }
            made.layers = layers
            made.taken += 1
            return layers
        }
    }

    /// How many shapes took their layer.
    func taken() -> Int { made.withLock { $0.taken } }
}
