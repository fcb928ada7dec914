import Foundation
import LentaCore

/// A photo's motion as a clip: where its bytes are — a Live Photo's movie beside the still, or
/// the movie a Motion Photo carries inside its own file — how long it lasts, and whether it has
/// sound. Found from the files alone (the render has no catalog), by the rule the scan pairs by.
public struct PhotoMotion: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A Live Photo: the movie is another file, matched as `MotionPairing` says.
        case livePhoto(MotionPairing.Match)
        /// A Motion Photo: the movie is inside the photo's file.
        case embedded(EmbeddedMotion.Origin)
    }

    public var source: MediaSource
    public var kind: Kind
    /// Seconds, when the movie's header says.
    public var duration: Double?
    /// A sound track this FFmpeg can decode (what the mix plays).
    public var playableSound: Bool

    /// The motion of the still at `path`, whose metadata `MetadataProbe` read; nil when it has
    /// none. Throws `MediaError` when the photo says it has motion that cannot be read.
    public static func of(stillAt path: String, metadata: MediaMetadata) throws -> PhotoMotion? {
        guard metadata.kind == .photo else { return nil }
        if let embedded = metadata.embeddedMotion {
            let source = MediaSource(path: path, byteRange: embedded.byteRange)
            let probe = try VideoProbe(source: source)
            return PhotoMotion(source: source, kind: .embedded(embedded.origin), duration: probe.duration,
                               playableSound: probe.hasPlayableAudio)
        }
        let still = MotionPairing.Candidate(id: 0, path: path, metadata: metadata)
        for moviePath in siblings(of: path) {
            guard let (outcome, playableSound) = try? MetadataProbe.inspect(path: moviePath, modified: 0, now: Date().timeIntervalSince1970),
                  case .media(let movie) = outcome,
                  let match = MotionPairing.match(still: still, movie: MotionPairing.Candidate(id: 1, path: moviePath, metadata: movie))
            else { continue }
            return PhotoMotion(source: MediaSource(path: moviePath), kind: .livePhoto(match), duration: movie.duration,
                               playableSound: playableSound)
        }
        return nil
    }

    /// Movie files in the still's folder under the same base name, in name order.
    static func siblings(of path: String) -> [String] {
        let folder = String(MotionPairing.folder(path))
        let stem = MotionPairing.stem(path)
        let videoExtensions = MediaFormat.mediaExtensions.subtracting(["jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif", "avif", "png", "webp"])
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "/" : folder)) ?? []
        return names.sorted().compactMap { name in
            let candidate = folder + "/" + name
            guard candidate != path, MotionPairing.stem(candidate) == stem,
                  videoExtensions.contains(MetadataProbe.fileExtension(candidate)) else { return nil }
            return candidate
        }
    }
}
