import Foundation

/// How a clip of a resolved story is held steady at render, in its reader's own filter graph
/// (`VideoReader`), worked out once when the story is resolved: vid.stab's transforms found
/// during the clip's analysis (or made for a `"stabilise": true` clip that had none), or
/// libavfilter's `deshake` where this FFmpeg has no vid.stab.
public enum ClipStabilisation: Hashable, Sendable {
    /// vid.stab's relative transforms (`vidstabdetect`'s file), one per decoded frame in order,
    /// and the presentation times of those frames (so a reader that starts at a trim, or seeks,
    /// finds the transform of each frame it decodes).
    case vidStab(transforms: URL, frameTimes: URL)
    /// Frame-to-frame `deshake` (no analysis needed), zoomed in to hide its borders.
    case deshake
}
