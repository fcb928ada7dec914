import Foundation
import LentaCatalog
import LentaCore

/// A lenta's items as its contact sheet shows them.
public struct SheetItem: Sendable, Equatable {
    public var path: String
    /// Nil for a file the catalog does not know (the sheet reads it).
    public var kind: MediaKind?
    public var time: CaptureTime?
    /// The city or town; nil far from any place.
    public var placeName: String?
    /// Left out of the story (the project's alternates).
    public var isAlternate: Bool
    /// `.document` or `.private` when the catalog learned it shows one (else nil).
    public var sensitive: ContentKind? = nil
}

extension Lentas {
    /// Remembers that lenta `id`'s project was written to `url` (by `lenta project` or `lenta auto`).
    public func rememberProject(id: Int64, at url: URL) throws {
        try catalog.recordProjectFile(lentaID: id, path: url.standardizedFileURL.path)
    }

    /// The project file last written for lenta `id`, when it is still there (a regular file).
    public func rememberedProject(id: Int64) throws -> URL? {
        guard let path = try catalog.projectFile(lentaID: id), FileType(atPath: path) == .regular else { return nil }
        return URL(fileURLWithPath: path)
    }

    /// The items of lenta `id` in sheet order: with a project, its items in story order and then
    /// its alternates (each as the catalog knows it; a path the catalog lacks is shown without
    /// a time); without, the lenta's items in time order.
    public func sheet(id: Int64, project: ProjectFile? = nil, projectDirectory: URL? = nil) throws -> [SheetItem] {
        guard try catalog.lenta(id: id) != nil else { throw Failure("no lenta with id \(id) (lenta list shows them)") }
        let briefs = Self.ordered(try catalog.briefs(ids: try catalog.members(of: id).map(\.itemID)))
        func item(_ brief: ItemBrief, alternate: Bool) -> SheetItem {
            SheetItem(path: brief.path, kind: brief.kind, time: brief.captureTime?.source.isFallback == true ? nil : brief.captureTime,
                      placeName: brief.place.flatMap { $0.isRemote ? nil : $0.city }, isAlternate: alternate)
        }
        guard let project, let directory = projectDirectory else { return try marked(briefs.map { item($0, alternate: false) }, briefs: briefs) }
        let byPath = Dictionary(briefs.map { (URL(fileURLWithPath: $0.path).standardizedFileURL.path, $0) }, uniquingKeysWith: { a, _ in a })
        func named(_ path: String, alternate: Bool) -> SheetItem {
            let url = ProjectPaths.resolve(path, from: directory)
            if let brief = byPath[url.path] { return item(brief, alternate: alternate) }
            return SheetItem(path: url.path, kind: nil, time: nil, placeName: nil, isAlternate: alternate)
        }
        return try marked(project.items.map { named($0.path, alternate: false) } + project.alternates.map { named($0.path, alternate: true) },
                          briefs: briefs)
    }

    /// The items with what the catalog learned they show: a document, personal data.
    func marked(_ items: [SheetItem], briefs: [ItemBrief]) throws -> [SheetItem] {
        let ids = Dictionary(briefs.map { ($0.path, $0.id) }, uniquingKeysWith: { a, _ in a })
        let qualities = try catalog.quality(ids: Array(Set(items.compactMap { ids[$0.path] })))
        return items.map { item in
            var item = item
            if let id = ids[item.path], let q = qualities[id]?.quality, q.content.isSensitive { item.sensitive = q.content }
            return item
        }
    }
}
