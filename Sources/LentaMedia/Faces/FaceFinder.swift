import LentaPixels
import Foundation
import LentaCore

/// The faces of a photo (or a clip's keyframes) and their identity vectors: the photo decoded upright at about
/// `analysisSide` pixels on its longer side (JPEG DCT scaling, so a 50-megapixel photo costs
/// little more than a small one), turned to R'G'B', and handed to `FaceEmbedder`. Faces are at
/// least `minimumShare` of the picture's shorter side (dlib's HOG detector sees 80 pixels and up).
public enum FaceFinder {
    /// The long side of the picture faces are looked for in, in pixels.
    public static let analysisSide = 1280
    /// Faces smaller than this share of the shorter side are the background's.
    static let minimumShare = 0.06

    /// The faces of the photo or clip at `path` (as its headers were read: `metadata`), boxes as
    /// shares of the upright picture; a clip's are on a few of the keyframes its analysis
    /// decodes (`ClipAnalyser.faceSamples`), each with its keyframe's time. A clip's worth is
    /// best learned in the same pass (`QualityAnalyser.measure(faces:)`); this is for a clip
    /// whose worth is known already.
    public static func faces(path: String, metadata: MediaMetadata, embedder: FaceEmbedder) throws -> [DetectedFace] {
        if metadata.kind == .video {
            let result = try ClipAnalyser.analyse(path: path, metadata: metadata, faces: embedder, listens: false)
            if let problem = result.faceProblem, result.faces?.isEmpty != false {
                throw MediaError("find faces", path: path, reason: problem)
            }
            return result.faces ?? []
        }
        let photo = try PhotoDecoder(path: path, metadata: metadata)
        let scale = min(1, Double(analysisSide) / Double(max(photo.width, photo.height)))
        return try faces(in: photo.decode(scale: scale), embedder: embedder)
    }

    /// The faces of a decoded picture (BT.709 limited 4:2:0), boxes as shares of it.
    public static func faces(in picture: PlanarFrame, embedder: FaceEmbedder) throws -> [DetectedFace] {
        guard picture.width >= 32, picture.height >= 32 else { return [] }
        return try faces(inRGB: rgb(picture), width: picture.width, height: picture.height, embedder: embedder)
    }

    /// The faces of an upright packed R'G'B' picture (a clip's keyframe), boxes as shares of it.
    static func faces(in picture: AnalysisPicture, time: Double?, embedder: FaceEmbedder) throws -> [DetectedFace] {
        try faces(inRGB: picture.rgb, width: picture.width, height: picture.height, embedder: embedder).map {
            var face = $0
            face.time = time
            return face
        }
    }

    private static func faces(inRGB rgb: [UInt8], width w: Int, height h: Int, embedder: FaceEmbedder) throws -> [DetectedFace] {
        guard w >= 32, h >= 32 else { return [] }
        let found = try embedder.faces(inRGB: rgb, width: w, height: h, minSize: Int(Double(min(w, h)) * minimumShare))
        return found.map { face in
            DetectedFace(box: ProjectRect(x: Double(face.x) / Double(w), y: Double(face.y) / Double(h),
                                          width: Double(face.width) / Double(w), height: Double(face.height) / Double(h)),
                         score: face.score, vector: face.vector)
        }
    }

    /// Packed R'G'B' of a BT.709 limited-range 4:2:0 picture (each chroma sample shared by its 2×2 block).
    static func rgb(_ picture: PlanarFrame) -> [UInt8] {
        let w = picture.width, h = picture.height, cw = picture.chromaWidth
        var out = [UInt8](repeating: 0, count: w * h * 3)
        // BT.709 limited → full-range R'G'B', ×1024 fixed point.
        let ky = 1192, krv = 1836, kgu = -218, kgv = -546, kbu = 2163
        out.withUnsafeMutableBufferPointer { o in
            picture.y.withUnsafeBufferPointer { ys in
            picture.u.withUnsafeBufferPointer { us in
            picture.v.withUnsafeBufferPointer { vs in
                for row in 0..<h {
                    for x in 0..<w {
                        let c = (row / 2) * cw + x / 2
                        let y = (Int(ys[row * w + x]) - 16) * ky
                        let u = Int(us[c]) - 128, v = Int(vs[c]) - 128
                        let i = (row * w + x) * 3
                        o[i] = UInt8(clamping: (y + krv * v + 512) >> 10)
                        o[i + 1] = UInt8(clamping: (y + kgu * u + kgv * v + 512) >> 10)
                        o[i + 2] = UInt8(clamping: (y + kbu * u + 512) >> 10)
                    }
                }
            }
            }
            }
        }
        return out
    }
}
