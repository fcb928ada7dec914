import CFreeType

/// Regular for captions and labels, bold for titles.
public enum FontWeight: String, Sendable, CaseIterable {
    case regular, bold

    var fontconfigWeight: Int32 { self == .bold ? Int32(FC_WEIGHT_BOLD) : Int32(FC_WEIGHT_REGULAR) }
}
