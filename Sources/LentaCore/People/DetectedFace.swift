/// A face found in a picture: where (a share of the upright picture, 0…1 each way), how sure the
/// detector was, and its identity vector (`FaceVector`). The vector is biometric data: it is
/// kept in the catalog and never written anywhere else.
public struct DetectedFace: Sendable, Equatable {
    public var box: ProjectRect
    /// The detector's score (dlib's HOG: above 0 is a face, higher is surer).
    public var score: Double
    public var vector: FaceVector
    /// A clip's face: the time of the keyframe it is on, in seconds from the clip's start
    /// (nil for a photo's).
    public var time: Double?

    public init(box: ProjectRect, score: Double, vector: FaceVector, time: Double? = nil) {
        self.box = box
        self.score = score
        self.vector = vector
        self.time = time
    }
}
