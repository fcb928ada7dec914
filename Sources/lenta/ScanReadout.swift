import LentaLibrary

/// How a scan's report reads on a terminal (stdout: it is the command's result).
enum ScanReadout {
    static func text(_ r: ScanReport, verbose: Bool) -> String {
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
        lines += r.libraryWarnings.map { Diagnostic.warning($0).line }
        if !r.unreadable.isEmpty {
            lines.append("Unreadable (\(r.unreadable.count)), skipped:")
            lines += r.unreadable.map { "  " + Diagnostic($0).line }
        }
        if !r.warnings.isEmpty {
            if verbose {
                lines.append("Warnings (\(r.warnings.count)):")
                lines += r.warnings.map { "  " + Diagnostic.warning($0.message, about: $0.path).line }
            } else {
                lines.append("\(r.warnings.count) warning\(r.warnings.count == 1 ? "" : "s") (impossible dates, positions at 0°, 0°…); --verbose lists them")
            }
        }
        return lines.joined(separator: "\n")
    }
}
