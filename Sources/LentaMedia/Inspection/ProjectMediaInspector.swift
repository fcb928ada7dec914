import Foundation
import LentaCore

/// Tells project validation what a referenced file really is, by reading its header — once:
/// what it learns is kept in the resolved story for the render.
public enum ProjectMediaInspector {
    @Sendable public static func inspect(_ url: URL) -> ProjectMediaInspection {
        do {
            let (outcome, playableSound) = try MetadataProbe.inspect(path: url.path, modified: 0, now: Date().timeIntervalSince1970)
            switch outcome {
            case .notMedia: return .notMedia
            case .media(let metadata):
                if metadata.kind == .photo, let w = metadata.width, let h = metadata.height,
                   let tooLarge = PhotoMemoryBudget.refusal(format: metadata.format, width: w, height: h, held: metadata.heldDecodeBytes ?? 0) {
                    return .unreadable(tooLarge)
                }
                return .media(metadata, playableSound: playableSound)
            }
        } catch let error as MediaError {
            return .unreadable(error.reason)
        } catch {
            return .unreadable("\(error)")
        }
    }

    /// Opens a music file as the render does (container, audio stream, decoder).
    @Sendable public static func inspectSound(_ url: URL) -> ProjectSoundInspection {
        do {
            let decoder = try AudioDecoder(path: url.path)
            return .sound(duration: decoder.duration)
        } catch let error as MediaError {
            return .unplayable(error.reason)
        } catch {
            return .unplayable("\(error)")
        }
    }
}
