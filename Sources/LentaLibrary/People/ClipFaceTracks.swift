import LentaCore

/// A clip's faces, one for each person seen on the keyframes looked at (`ClipAnalyser.faceSamples`),
/// so a clip is one item of a person however long they are in it. Keyframes are taken in time
/// order; a face joins the track of the nearest face within `threshold` that is not on its
/// keyframe already (two faces of one picture are two people), else starts a track. Each track
/// keeps its largest face: the most pixels, the surest vector. A person whose look changes past
/// the threshold within the clip keeps two tracks, and grouping may still put both with them:
/// they are on different keyframes (`FaceGrouping` keeps a clip's keyframes apart).
public enum ClipFaceTracks {
    public static func distinct(_ faces: [DetectedFace], threshold: Double = FaceGrouping.threshold) -> [DetectedFace] {
        let timed = faces.enumerated().filter { $0.element.time != nil }
            .sorted { ($0.element.time ?? 0, $0.offset) < ($1.element.time ?? 0, $1.offset) }.map(\.element)
        var tracks: [(faces: [DetectedFace], best: DetectedFace)] = []
        for face in timed {
            var nearest: (distance: Double, track: Int)?
            for (k, track) in tracks.enumerated() where !track.faces.contains(where: { $0.time == face.time }) {
                let d = track.faces.map { $0.vector.distance(to: face.vector) }.min() ?? .infinity
                if d <= threshold, d < (nearest?.distance ?? .infinity) { nearest = (d, k) }
            }
            if let k = nearest?.track {
                tracks[k].faces.append(face)
                if area(face) > area(tracks[k].best) { tracks[k].best = face }
            } else {
                tracks.append(([face], face))
            }
        }
        return faces.filter { $0.time == nil } + tracks.map(\.best)
    }

    private static func area(_ face: DetectedFace) -> Double { face.box.width * face.box.height }
}
