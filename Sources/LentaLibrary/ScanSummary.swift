/// The human summary of a scan, as the command prints it.
public struct ScanSummary {
    public var report: ScanReport
    public var verbose: Bool

    public init(report: ScanReport, verbose: Bool) {
        self.report = report
        self.verbose = verbose
    }

    public var text: String {
        let r = report
        var lines: [String] = []
        lines.append("\(r.items) media file\(r.items == 1 ? "" : "s") in \(r.roots.joined(separator: ", "))")
        lines.append("  new \(r.new) · changed \(r.changed) · moved \(r.moved) · removed \(r.removed) · unchanged \(r.unchanged) · unreadable \(r.unreadable.count)")
        lines.append("  without a capture date: \(r.withoutDate) · without a position: \(r.withoutPosition)")
        if let live = r.livePhotos, live > 0 {
            lines.append("  Live Photos: \(live) (each still and its movie are one item)")
        }
        if let lentas = r.lentas {
            lines.append("  lentas: \(lentas)" + (r.home.map { " · home: \($0)" } ?? " · no home town found (every group away from home is a trip)"))
        }
        lines += r.libraryWarnings.map { "Warning: \($0)" }
        if !r.unreadable.isEmpty {
            lines.append("Unreadable (\(r.unreadable.count)), skipped:")
            lines += r.unreadable.map { "  \($0.path): \($0.reason)" }
        }
        if !r.warnings.isEmpty {
            if verbose {
                lines.append("Warnings (\(r.warnings.count)):")
                lines += r.warnings.map { "  \($0.path): \($0.message)" }
            } else {
                lines.append("\(r.warnings.count) warning\(r.warnings.count == 1 ? "" : "s") (impossible dates, positions at 0°, 0°…); --verbose lists them")
            }
        }
        return lines.joined(separator: "\n")
    }
}
