import Foundation

extension ProjectValidation {
    /// `motion: true` needs a Live or Motion Photo; the item then is a clip of its motion, so the
    /// checks that follow (trim, duration, volume, its length) treat it as a video.
    func checkMotion(_ item: ProjectItem, file: URL?, facts: inout ItemFacts, at path: Path) {
        guard !facts.broken else { return }
        let name = item.path.split(separator: "/").last.map(String.init) ?? item.path
        if facts.kind == .video {
            error(path, "\(name) is a video; motion is for Live and Motion Photos")
            return
        }
        guard let file, let inspect = validator.inspectMotion else {
            // Unchecked: whether it is a photo or a clip is not known.
            facts.kind = nil
            return
        }
        switch inspect(file) {
        case .none:
            error(path, "\(name) has no motion (not a Live or Motion Photo)")
        case .motion(let motion):
            facts.kind = .video
            facts.mediaDuration = motion.duration
            facts.motion = motion
        case .unreadable(let reason):
            error(path, "\(name): its motion cannot be read: \(reason)")
            facts.broken = true
        }
    }
}
