import Foundation
import LentaCatalog
import LentaCore

/// `lenta scan --json`: the report and every media item under the scanned folders.
public struct ScanOutput: Codable, Sendable {
    public var report: ScanReport
    public var items: [MediaItem]
    public init(report: ScanReport, items: [MediaItem]) {
        self.report = report
        self.items = items
    }
}

extension ScanOutput {
    /// `scan --json`'s text, handed to `consume` in chunks: the items, as `items` hands them over
    /// from the catalog, written one by one as they are read (not gathered, then boxed into the
    /// encoder's tree: issue 31), and the report. The bytes `PrettyJSONEncoder().encode` writes
    /// for a `ScanOutput` of the same items (`ScanOutputStreamTests`). An item is a `MediaItem`,
    /// or the catalog's row written as its `MediaItem` would be (`CatalogItemJSON`).
    public static func write<Item: PrettyJSONObject>(report: ScanReport, items: ((Item) throws -> Void) throws -> Void,
                                                     to consume: @escaping ([UInt8]) throws -> Void) throws {
        try write(report: report, prefetched: nil, items: items, to: consume)
    }

    /// `write`, the items' text as `prefetched` wrote it ahead while the scan ran, if it is still
    /// the catalog's (`CatalogItemJSONPrefetch`: nothing committed since, the same roots), or else
    /// read now through `items`.
    public static func write<Item: PrettyJSONObject>(report: ScanReport, prefetched: CatalogItemJSONPrefetch?,
                                                     items: ((Item) throws -> Void) throws -> Void,
                                                     to consume: @escaping ([UInt8]) throws -> Void) throws {
        try PrettyJSONEncoder.writeObject(to: consume) { m in
            if let prefetched, prefetched.isCurrent(under: report.roots) {
                try m.write("items", writtenElements: prefetched.drain)
            } else {
                try m.write("items", each: items)
            }
            try m.write("report", report)
        }
    }

    /// The items under `roots` written ahead, on another thread, as `write` writes them (the
    /// members of its object are at indent 2); nil on one core (the thread would only take turns
    /// with the scan) and where the catalog cannot be read beside its writer (a copy in memory).
    public static func prefetchItems(of catalog: Catalog, under roots: [String],
                                     cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> CatalogItemJSONPrefetch? {
        guard cores > 1 else { return nil }
        return catalog.prefetchItemJSON(under: roots, memberIndent: 2)
    }
}

// The report written by hand too: through the general encoder, the first cast of each of its
// types to `PrettyJSONWritable` searched the whole binary's conformances (≈ 0.6 ms a run).
extension ScanReport: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        m.write("analysed", analysed)
        m.write("changed", changed)
        m.write("home", home)
        m.write("items", items)
        m.write("lentas", lentas)
        m.write("libraryWarnings", libraryWarnings)
        m.write("livePhotos", livePhotos)
        m.write("located", located)
        m.write("moved", moved)
        m.write("new", new)
        m.write("notMedia", notMedia)
        m.write("removed", removed)
        m.write("roots", roots)
        m.write("unchanged", unchanged)
        try m.write("unreadable", unreadable)
        try m.write("warnings", warnings)
        m.write("withoutDate", withoutDate)
        m.write("withoutPosition", withoutPosition)
    }
}

extension ScanReport.FileWarning: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) {
        m.write("message", message)
        m.write("path", path)
    }
}
