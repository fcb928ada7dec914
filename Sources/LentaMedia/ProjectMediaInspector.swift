import Foundation
import LentaCore

/// Tells project validation what a referenced file really is, by reading its header.
public enum ProjectMediaInspector {
    @Sendable public static func inspect(_ url: URL) -> ProjectMediaInspection {
        do {
            switch try MetadataProbe.read(path: url.path, modified: 0, now: Date().timeIntervalSince1970) {
            case .notMedia: return .notMedia
            case .media(let metadata): return metadata.kind == .photo ? .photo : .video(duration: metadata.duration)
            }
        } catch let error as MediaError {
            return .unreadable(error.reason)
        } catch {
            return .unreadable("\(error)")
        }
    }
}
