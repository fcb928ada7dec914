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

// The items written straight into the output, not boxed one by one into the encoder's tree
// (that boxing was a fifth of writing a 2,000-item scan, issue 31).
extension ScanOutput: PrettyJSONWritable {
    public func writeMembers(_ m: inout PrettyJSONMembers) throws {
        try m.write("items", items)
        try m.write("report", encoding: report)
    }
}
