/// How lines shorter than the widest sit in the layout box.
public enum TextAlignment: String, Sendable, CaseIterable {
    case left, centre, right
}
