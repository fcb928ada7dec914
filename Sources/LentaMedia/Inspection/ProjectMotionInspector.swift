import Foundation
import LentaCore

/// Tells project validation whether a photo has motion, by reading it and looking beside it.
public enum ProjectMotionInspector {
    @Sendable public static func inspect(_ url: URL) -> ProjectMotionInspection {
        do {
            guard case .media(let metadata) = try MetadataProbe.read(path: url.path, modified: 0, now: Date().timeIntervalSince1970),
                  let motion = try PhotoMotion.of(stillAt: url.path, metadata: metadata) else { return .none }
            return .motion(ResolvedMotion(source: motion.source, duration: motion.duration, playableSound: motion.playableSound))
        } catch let error as MediaError {
            return .unreadable(error.reason)
        } catch {
            return .unreadable("\(error)")
        }
    }
}
