/// How a picture of another shape is placed in the frame.
public enum FitMode: String, Codable, Sendable, CaseIterable, StrictJSONConvertible {
    /// Fills the frame, cropping the picture to the frame's shape about its centre.
    case fill
    /// Shows all of the picture, with black bars.
    case fit
    /// Shows all of the picture over a blurred, filled copy of itself.
    case blur
}
