/// What a project's media file turned out to be, as `ProjectValidator.inspectMedia` reports it.
/// LentaCore cannot read media; the command line passes an inspector built on LentaMedia.
public enum ProjectMediaInspection: Hashable, Sendable {
    case photo
    /// A video, with its length in seconds when known.
    case video(duration: Double?)
    /// A file that is not a photo or video (a text file).
    case notMedia
    /// A photo or video that cannot be read, and why.
    case unreadable(String)
    /// What the file is, with warnings about it (a colour description lenta cannot convert).
    indirect case warned(ProjectMediaInspection, [String])
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
