/// What a project's media file turned out to be, as `ProjectValidator.inspectMedia` reports it.
/// LentaCore cannot read media; the command line passes an inspector built on LentaMedia.
public enum ProjectMediaInspection: Hashable, Sendable {
    /// A photo or video, with what its headers say, and whether it has a sound track that can
    /// be decoded (the mix plays only those).
    case media(MediaMetadata, playableSound: Bool)
    /// A file that is not a photo or video (a text file).
    case notMedia
    /// A photo or video that cannot be read, and why.
    case unreadable(String)

    /// A photo known only by its kind.
    public static var photo: ProjectMediaInspection { .media(MediaMetadata(format: .jpeg), playableSound: false) }

    /// A video known only by its kind and length.
    public static func video(duration: Double?) -> ProjectMediaInspection {
        var metadata = MediaMetadata(format: .mp4)
        metadata.duration = duration
        return .media(metadata, playableSound: false)
    }
}

/// What a music file turned out to be, as `ProjectValidator.inspectSound` reports it: opened as
/// the render opens it.
public enum ProjectSoundInspection: Hashable, Sendable {
    /// Sound that can be decoded, lasting `duration` seconds when the file says.
    case sound(duration: Double?)
    /// Not sound that can be played, and why.
    case unplayable(String)
}

extension ProjectItem {
    /// Photo or video as the file name's extension says, nil for any other name.
    public var kindByExtension: MediaKind? { ProjectMediaNames.kind(ofPath: path) }
}

enum ProjectMediaNames {
    static let photoExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif", "avif", "png", "webp"]
    static let videoExtensions: Set<String> = ["mp4", "mov", "m4v", "3gp", "3g2", "qt"]

    static func kind(ofPath path: String) -> MediaKind? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        if photoExtensions.contains(ext) { return .photo }
        if videoExtensions.contains(ext) { return .video }
        return nil
    }
}
