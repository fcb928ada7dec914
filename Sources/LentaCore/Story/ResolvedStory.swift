import Foundation

/// A project as validation found it, worked out once and handed on: every file it names
/// resolved to an absolute, standardized URL and checked to be a regular file; each item's kind
/// (by content) and what its headers say; every look loaded once, however many items share it;
/// every music file opened as the render opens it. The render, its sound, the title card's route
/// and `lenta auto`'s render key consume this instead of opening the files again.
///
/// Built by `ProjectValidator` (see `ProjectReport.story`) for a project without errors, when the
/// validator checks files and reads media.
public struct ResolvedStory: Equatable, Sendable {
    public var project: ProjectFile
    /// The project file, when the project was read from one.
    public var projectFile: URL?
    /// The folder the project's relative paths start from.
    public var directory: URL
    public var items: [ResolvedItem]
    public var music: [ResolvedMusic]
    /// Every look the items name, loaded once, by the name or path as the project writes it.
    public var looks: [String: ResolvedLook]
    /// Seconds: the title card plus every item, less the overlaps of transitions.
    public var length: Double?
    /// The project's `route` track, read and clipped to the items' capture times (points
    /// logged more than `TravelledTrack.clipMargin` outside them dropped); nil without one.
    public var route: TravelledTrack?
    /// Each item as the route and the chapters see it (one per item, in story order): its
    /// position, the place a person would name there, and its capture time with the offset of
    /// that place when the file had none. Named once, by validation (`ProjectValidator.namePlaces`);
    /// without a gazetteer, no item has a position.
    public var places: [LocatedItem]

    public init(project: ProjectFile, projectFile: URL?, directory: URL, items: [ResolvedItem], music: [ResolvedMusic],
                looks: [String: ResolvedLook], length: Double?, route: TravelledTrack? = nil, places: [LocatedItem]? = nil) {
        self.route = route
        self.places = places ?? items.map { LocatedItem(unnamed: $0.metadata) }
        self.project = project
        self.projectFile = projectFile
        self.directory = directory
        self.items = items
        self.music = music
        self.looks = looks
        self.length = length
    }

    /// Item `index`'s nominal length on the timeline, in seconds: a clip's trim (or its whole
    /// length), a photo's duration (or the project's default).
    public func length(ofItem index: Int) -> Double {
        let resolved = items[index]
        if resolved.isVideo {
            if let trim = resolved.item.trim { return trim.length / resolved.speed }
            return (resolved.motion?.duration ?? resolved.metadata.duration ?? 0) / resolved.speed
        }
        return resolved.item.duration ?? project.photoDuration
    }
}

/// One item of a resolved story.
public struct ResolvedItem: Equatable, Sendable {
    /// The item as the project writes it (its edits).
    public var item: ProjectItem
    /// Its file: absolute, standardized, a regular file when it was checked.
    public var url: URL
    /// What the file's headers say: kind (by content), size as shown, orientation or rotation,
    /// a video's length and frame rate, capture time and position (the title card's route).
    public var metadata: MediaMetadata
    /// Whether what plays has a sound track that can be decoded (only those are mixed): the
    /// file's, or for an item playing its motion, the motion's.
    public var playableSound: Bool
    /// The item's look, loaded (shared with every item naming the same look).
    public var look: ItemLook?
    /// For `motion: true` on a Live or Motion Photo: the motion, which plays as a clip.
    public var motion: ResolvedMotion?
    /// How the clip is held steady at render; nil: as shot (see `ClipStabilisation`).
    public var stabilisation: ClipStabilisation?

    public init(item: ProjectItem, url: URL, metadata: MediaMetadata, playableSound: Bool, look: ItemLook?,
                motion: ResolvedMotion? = nil) {
        self.item = item
        self.url = url
        self.metadata = metadata
        self.playableSound = motion?.playableSound ?? playableSound
        self.look = look
        self.motion = motion
    }

    public var path: String { url.path }
    public var kind: MediaKind { metadata.kind }
    /// A clip: a video, or a photo playing its motion.
    public var isVideo: Bool { kind == .video || motion != nil }
    /// Where the clip's bytes are: the file, or the photo's motion.
    public var source: MediaSource { motion?.source ?? MediaSource(path: url.path) }
    /// Source seconds played per second of the story (a validated `speed`, else 1).
    public var speed: Double { item.speed ?? 1 }
    /// The item's text, drawn over it.
    public var caption: TextOverlay? { item.text }
}

/// One music track of a resolved story.
public struct ResolvedMusic: Equatable, Sendable {
    public var track: MusicTrack
    /// Its file: absolute and standardized.
    public var url: URL
    /// Seconds of sound, when the file says (and it was opened).
    public var duration: Double?

    public init(track: MusicTrack, url: URL, duration: Double? = nil) {
        self.track = track
        self.url = url
        self.duration = duration
    }
}

/// A look loaded once for a story, and the file it came from (a `.cube` file, or a look
/// preset's recipe): editing that file changes the story's render key.
public struct ResolvedLook: Equatable, Sendable {
    public var look: ItemLook
    public var file: URL?

    public init(look: ItemLook, file: URL?) {
        self.look = look
        self.file = file
    }
}
