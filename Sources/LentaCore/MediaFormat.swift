/// Whether an item is a still picture or a moving one.
public enum MediaKind: String, Codable, Sendable, CaseIterable {
    case photo
    case video
}

/// The container a file really is, recognised from its first bytes rather than its name.
public enum MediaFormat: String, Codable, Sendable, CaseIterable {
    case jpeg, heif, avif, png, webp
    case mp4, mov, m4v, threeGP = "3gp"

    public var kind: MediaKind {
        switch self {
        case .jpeg, .heif, .avif, .png, .webp: return .photo
        case .mp4, .mov, .m4v, .threeGP: return .video
        }
    }

    /// File name extensions people give this format; a file with one of these that turns out to
    /// be something else (or nothing) is reported rather than silently skipped.
    public static let mediaExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif", "avif", "png", "webp",
        "mp4", "mov", "m4v", "3gp", "3g2", "qt",
    ]
}
