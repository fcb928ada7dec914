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
