import Foundation
import LentaCore

/// Tells project validation what a referenced file really is, by reading its header.
public enum ProjectMediaInspector {
    @Sendable public static func inspect(_ url: URL) -> ProjectMediaInspection {
        do {
            switch try MetadataProbe.read(path: url.path, modified: 0, now: Date().timeIntervalSince1970) {
            case .notMedia: return .notMedia
            case .media(let metadata):
                let kind: ProjectMediaInspection = metadata.kind == .photo ? .photo : .video(duration: metadata.duration)
                return metadata.colourWarning.map { .warned(kind, [$0]) } ?? kind
            }
        } catch let error as MediaReadError {
            return .unreadable(error.reason)
        } catch {
            return .unreadable("\(error)")
        }
    }
}
