import Foundation
import LentaCatalog
import LentaCore
import LentaMedia

/// The items of a story that show a document or personal data: only a person puts them there
/// (`lenta project` and `lenta auto` leave them out), and they are told what each shows before
/// the story is shared (`IMG_0042.jpg: warning: a passport's machine-readable zone; this story
/// will show it`). What an item is comes from the catalog when the file is in it (read first
/// if it awaits reading); a file the catalog does not hold is analysed and read there and then.
public enum SensitiveItems {
    /// An item of the story and what was found in it.
    public struct Finding: Sendable, Equatable {
        /// The item's path as the project writes it.
        public var path: String
        public var content: ContentKind
        public var reasons: [String]

        /// `a passport's machine-readable zone; this story will show it`.
        public var warning: String {
            let kinds: Set<String> = ["receipt", "ticket", "slide", "handwritten note", "page", "whiteboard"]
            let what = content == .private ? (reasons.first ?? "personal data")
                : reasons.first.map { kinds.contains($0) ? "a \($0)" : "a document (\($0))" } ?? "a document"
            return "\(what); this story will show it"
        }
    }

    /// The findings among `project`'s items (relative paths against `folder`), in story order.
    /// - Parameter catalog: where items are looked up first; nil analyses every photo.
    /// - Parameter unread: told of each photo that may hold text and could not be read (its path
    ///   as the project writes it, and why), as `lenta project` tells of them.
    public static func find(in project: ProjectFile, folder: URL, catalog: Catalog?,
                            unread: ((_ path: String, _ error: any Error) -> Void)? = nil) throws -> [Finding] {
        let paths = project.items.map { $0.path.hasPrefix("/") ? $0.path : folder.appendingPathComponent($0.path).standardizedFileURL.path }
        // The catalog's items (its item rows do not carry their quality: it is fetched apart),
        // read first, all at once, when they await reading.
        var known: [String: Int64] = [:]
        if let catalog {
            for path in Set(paths) { if let item = try catalog.item(path: path) { known[path] = item.id } }
            let written = Dictionary(zip(paths, project.items.map(\.path)), uniquingKeysWith: { first, _ in first })
            try ItemReading.read(among: Array(Set(known.values)), in: catalog, unread: { path, error in unread?(written[path] ?? path, error) })
        }
        let stored = try catalog?.quality(ids: Array(Set(known.values))) ?? [:]
        var findings: [Finding] = []
        var engine: Result<DocumentReader.Engine, Error>?
        for (item, path) in zip(project.items, paths) {
            var quality: ItemQuality?
            if let id = known[path] {
                quality = stored[id]?.quality
            } else if Self.isRegularFile(path), let metadata = try? probe(path), metadata.kind == .photo,
                      let analysed = try? QualityAnalyser.analyse(path: path, metadata: metadata, contentHash: "") {
                // A phone's JPEG is gated on its small thumbnail: judged again larger, as at a story.
                let gated = ItemReading.judgedAgain(analysed, path: path, metadata: metadata)
                quality = gated
                if gated.awaitsReading {
                    let reader = engine ?? Result { try DocumentReader.Engine() }
                    engine = reader
                    let photo = MediaItem(id: 0, path: path, size: 0, modified: 0, fingerprint: "", metadata: metadata, quality: gated)
                    let read = ItemReading.reading(photo, engine: reader)
                    quality = read?.quality
                    if let error = read?.unread { unread?(item.path, error) }
                }
            }
            if let quality, quality.content.isSensitive {
                findings.append(Finding(path: item.path, content: quality.content, reasons: quality.contentReasons))
            }
        }
        return findings
    }

    /// Only a regular file is opened: a named pipe or a device in a hand-written project would
    /// block the read (the validator has already said what is wrong with it).
    static func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
    }

    static func probe(_ path: String) throws -> MediaMetadata? {
        guard case .media(let metadata) = try MetadataProbe.read(path: path, modified: 0, now: Date().timeIntervalSince1970) else { return nil }
        return metadata
    }
}
