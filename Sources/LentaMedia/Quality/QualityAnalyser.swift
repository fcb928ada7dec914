import LentaCore

/// What an item is worth for a story (`ItemQuality`), from a reduced decode: photos through
/// `ReducedPhoto`, clips through `ClipAnalyser`. Never decodes a large photo at full size for
/// this (a HEIF without a thumbnail is the one exception: libheif cannot decode smaller).
public enum QualityAnalyser {
    /// Analyses the file at `path`, whose metadata the scan has just read.
    /// - Parameter contentHash: the file's exact-content hash (the scan computes it).
    /// - Throws: `MediaError` when the picture cannot be decoded.
    public static func analyse(path: String, metadata: MediaMetadata, contentHash: String) throws -> ItemQuality {
        switch metadata.kind {
        case .photo:
            let (picture, source) = try ReducedPhoto.decode(path: path, metadata: metadata)
            let m = PictureMeasures(picture)
            let (content, reasons) = ContentClassifier.classifyPhoto(path: path, metadata: metadata, measures: m)
            return ItemQuality(signature: m.signature, contentHash: contentHash, sharpness: m.sharpness, clipped: m.clipped,
                               crushed: m.crushed, brightness: m.brightness, content: content, contentReasons: reasons, source: source)
        case .video:
            let result = try ClipAnalyser.analyse(path: path, metadata: metadata)
            let frames = result.frames
            // The clip as a whole: its middle keyframe's look, its typical sharpness and exposure.
            let middle = frames[frames.count / 2]
            let mean: (KeyPath<PictureMeasures, Double>) -> Double = { key in frames.map { $0[keyPath: key] }.reduce(0, +) / Double(frames.count) }
            let sharpness = frames.map(\.sharpness).sorted()[frames.count / 2]
            let (content, reasons) = ContentClassifier.classifyClip(path: path, metadata: metadata, frames: frames)
            return ItemQuality(signature: middle.signature, contentHash: contentHash, sharpness: sharpness, clipped: mean(\.clipped),
                               crushed: mean(\.crushed), brightness: mean(\.brightness), content: content, contentReasons: reasons,
                               source: "keyframes", clip: result.activity)
        }
    }
}
