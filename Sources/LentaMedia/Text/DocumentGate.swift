import LentaCore

/// The document gate (`TextSignals`) judged again for a photo whose scan decided it on a small
/// stored thumbnail (a phone's 160×120 EXIF thumbnail, where a receipt's print is a grey blur):
/// on the photo's own pixels at analysis size (`ReducedPhoto.decode(thumbnails: false)`: a 12 MP
/// JPEG at DCT scale 1/8), with the gate's own thresholds. A few milliseconds a photo, paid once, the
/// first time a story of its lenta is made (`ItemReading`); the photos it opens for are then read.
public enum DocumentGate {
    /// Whether the photo at `path` may hold text or a code, and the longer side of the picture
    /// that was judged on.
    /// - Throws: `MediaError` when the photo cannot be decoded.
    public static func judge(path: String, metadata: MediaMetadata) throws -> (mayHoldText: Bool, side: Int) {
        let (picture, _) = try ReducedPhoto.decode(path: path, metadata: metadata, thumbnails: false)
        return (TextSignals(picture).mayHoldText, max(picture.width, picture.height))
    }
}
