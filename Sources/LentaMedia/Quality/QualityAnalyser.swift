import LentaCore

/// What an item is worth for a story (`ItemQuality`), from a reduced decode: photos through
/// `ReducedPhoto`, clips through `ClipAnalyser`. Never decodes a large photo at full size for
/// this (a HEIF without a thumbnail is the one exception: libheif cannot decode smaller).
///
/// Two steps: `measure` looks at the content (the costly part, the same for byte-identical
/// files), `quality` adds what the path and metadata say (a screenshot's name, a scan's name).
/// The scan measures each distinct content once and reuses it for exact copies.
public enum QualityAnalyser {
    /// What the pixels of a file showed; a pure function of its bytes.
    public struct Measurement: Sendable {
        enum Kind: Sendable {
            /// `side`: the longer side of the picture measured (and gated).
            case photo(PictureMeasures, text: TextSignals, source: String, side: Int)
            case clip(ClipAnalyser.Result)
        }
        let kind: Kind

        /// A clip's faces, when they were looked for with its keyframes (`measure(faces:)`).
        public var faces: [DetectedFace]? {
            if case .clip(let result) = kind { return result.faces }
            return nil
        }

        /// Why a clip's faces could not all be looked for, if they could not.
        public var faceProblem: String? {
            if case .clip(let result) = kind { return result.faceProblem }
            return nil
        }
    }

    /// Analyses the file at `path`, whose metadata the scan has just read.
    /// - Parameter contentHash: the file's exact-content hash (the scan computes it).
    /// - Throws: `MediaError` when the picture cannot be decoded.
    public static func analyse(path: String, metadata: MediaMetadata, contentHash: String) throws -> ItemQuality {
        quality(of: try measure(path: path, metadata: metadata), path: path, metadata: metadata, contentHash: contentHash)
    }

    /// Decodes the file small and measures it; a clip's faces too when `faces` is given (from
    /// the keyframes decoded to measure it; a photo's are found by `FaceFinder` at another size).
    /// - Throws: `MediaError` when the picture cannot be decoded.
    public static func measure(path: String, metadata: MediaMetadata, faces: FaceEmbedder? = nil) throws -> Measurement {
        switch metadata.kind {
        case .photo:
            let (picture, source) = try ReducedPhoto.decode(path: path, metadata: metadata)
            // The measures and the document gate read one luma, worked out once.
            let luma = picture.luma
            return Measurement(kind: .photo(PictureMeasures(picture, luma: luma), text: TextSignals(picture, luma: luma), source: source,
                                               side: max(picture.width, picture.height)))
        case .video:
            return Measurement(kind: .clip(try ClipAnalyser.analyse(path: path, metadata: metadata, faces: faces)))
        }
    }

    /// The item's quality from its content's measurement and what its path and metadata say.
    public static func quality(of measurement: Measurement, path: String, metadata: MediaMetadata, contentHash: String) -> ItemQuality {
        switch measurement.kind {
        case .photo(let m, let text, let source, let side):
            let (content, reasons) = ContentClassifier.classifyPhoto(path: path, metadata: metadata, measures: m)
            // Whether it is read for text and codes (`DocumentReader`) before a story may show it.
            return ItemQuality(signature: m.signature, contentHash: contentHash, sharpness: m.sharpness, clipped: m.clipped,
                               crushed: m.crushed, brightness: m.brightness, content: content, contentReasons: reasons, source: source,
                               textGate: text.mayHoldText, gateSide: side)
        case .clip(let result):
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
