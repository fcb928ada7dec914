import Foundation
import LentaCatalog
import LentaCore
import LentaMedia
import LentaPlaces
import LentaStories

/// Scans folders into the catalog: reads only files that are new or whose size or modification
/// time changed, finds moved files by content, forgets files that are gone, and writes in
/// batches so an interrupted scan keeps what it had done.
public final class LibraryScanner {
    public struct Options: Sendable {
        public var folders: [String]
        /// Seconds since the epoch: capture dates more than a day later are refused.
        public var now: Double
        /// Files read between two catalog transactions.
        public var batchSize: Int
        /// New grouping rules to keep in the catalog and regroup by; nil keeps the stored ones.
        public var grouping: GroupingOptions?
        public init(folders: [String], now: Double = Date().timeIntervalSince1970, batchSize: Int = 256,
                    grouping: GroupingOptions? = nil) {
            self.folders = folders
            self.now = now
            self.batchSize = batchSize
            self.grouping = grouping
        }
    }

    /// Called after each file that had to be read: (files read, files to read).
    public typealias Progress = @Sendable (Int, Int) -> Void

    private let catalog: Catalog

    public init(catalog: Catalog) {
        self.catalog = catalog
        FFmpegLogging.silence()
    }

    private enum Reading: Sendable {
        case media(ScannedFile)
        case notMedia
        /// Why, in words; and the error, when one was thrown.
        case unreadable(String, (any Error)? = nil)
    }

    public func scan(_ options: Options, progress: Progress? = nil) throws -> ScanReport {
        var report = ScanReport()
        var walker = FolderWalker()
        var found: [String: FoundFile] = [:]
        var order: [String] = []
        for folder in options.folders {
            guard let root = Self.absolute(folder) else {
                report.unreadable.append(UnreadableFile(path: folder, reason: "no such file or folder"))
                continue
            }
            if !report.roots.contains(root) { report.roots.append(root) }
            for file in walker.files(under: root) where found[file.path] == nil {
                found[file.path] = file
                order.append(file.path)
            }
        }
        report.unreadable += walker.problems
        guard !report.roots.isEmpty else { return report }

        let known = try catalog.stamps(under: report.roots)
        var toRead: [FoundFile] = []
        for path in order {
            guard let file = found[path] else { continue }
            if let item = known.items[path], item.stamp == file.stamp {
                report.unchanged += 1
            } else if let old = known.unreadable[path], old.stamp == file.stamp {
                report.unreadable.append(UnreadableFile(path: path, reason: old.reason))
            } else {
                toRead.append(file)
            }
        }
        // Files that vanished from their path are candidates for a move until the end.
        var gone: [String: [(id: Int64, path: String)]] = [:]
        for (path, item) in known.items where found[path] == nil {
            gone["\(item.stamp.size):\(item.fingerprint)", default: []].append((item.id, path))
        }
        for key in gone.keys { gone[key]?.sort { $0.path < $1.path } }

        var done = 0
        var measured: [String: ItemAnalysis.Measured] = [:]
        for start in stride(from: 0, to: toRead.count, by: max(1, options.batchSize)) {
            let chunk = Array(toRead[start..<min(start + options.batchSize, toRead.count)])
            let before = done, total = toRead.count
            let readings = Self.read(chunk, now: options.now, measured: &measured) { finished in
                progress?(before + finished, total)
            }
            done += chunk.count
            var batch = CatalogBatch()
            for (file, reading) in zip(chunk, readings) {
                switch reading {
                case .notMedia:
                    report.notMedia += 1
                case .unreadable(let reason, let error):
                    let problem = UnreadableFile(path: file.path, reason: reason, error: error)
                    report.unreadable.append(problem)
                    batch.unreadable.append((problem, file.stamp))
                case .media(let scanned):
                    report.warnings += scanned.metadata.warnings.map { .init(path: file.path, message: $0) }
                    let key = "\(scanned.size):\(scanned.fingerprint)"
                    if known.items[file.path] != nil {
                        report.changed += 1
                        batch.stored.append(scanned)
                    } else if var candidates = gone[key], !candidates.isEmpty {
                        let origin = candidates.removeFirst()
                        gone[key] = candidates
                        report.moved += 1
                        batch.moved.append((origin.id, scanned))
                    } else {
                        report.new += 1
                        batch.stored.append(scanned)
                    }
                }
            }
            try catalog.record(batch, scannedAt: options.now)
        }
        let removed = gone.values.flatMap { $0.map(\.path) }.sorted()
        let vanishedUnreadable = known.unreadable.keys.filter { found[$0] == nil }
        try catalog.remove(paths: removed + vanishedUnreadable)
        report.removed = removed.count
        if report.new + report.changed + report.moved + report.removed > 0 {
            // A still and its movie are one item: pairs are rebuilt, so a half whose other half
            // is gone stands on its own again.
            report.livePhotos = try catalog.pairLivePhotos()
        }
        // Photos a catalog from before quality was learned never measured. Clips wait for a story.
        report.analysed = try ItemAnalysis.analyse(try catalog.itemsAwaitingQuality().filter { ItemAnalysis.measuredByScan($0.metadata.kind) },
                                                   in: catalog, batchSize: options.batchSize)

        (report.items, report.withoutDate, report.withoutPosition) = try catalog.counts(under: report.roots)
        report.unreadable.sort { $0.path < $1.path }
        try locateAndGroup(options, &report)
        report.libraryWarnings += LocationWarning.messages(total: report.items, withPosition: report.items - report.withoutPosition)
        return report
    }

    /// Names the places of new items, completes their offsets, and regroups the lentas — only
    /// when something changed, so a rescan of an unchanged folder stays cheap.
    private func locateAndGroup(_ options: Options, _ report: inout ScanReport) throws {
        let lentas = Lentas(catalog: catalog)
        var changed = report.new + report.changed + report.moved + report.removed > 0
        if let grouping = options.grouping, grouping != (try lentas.groupingOptions()) {
            try lentas.setGroupingOptions(grouping)
            changed = true
        }
        let awaiting = try catalog.itemsAwaitingPlaces()
        if !awaiting.isEmpty {
            if awaiting.contains(where: { $0.metadata.location != nil }) {
                do {
                    report.located = try PlaceLocator(gazetteer: try Gazetteer.bundled()).update(catalog, items: awaiting)
                } catch let error as DataFileError {
                    report.libraryWarnings.append("places could not be named: \(error)")
                }
            } else {
                // No position to name: the gazetteer (some 40 ms to read and index) is not needed.
                try PlaceLocator.markUnplaced(awaiting, in: catalog)
            }
            changed = true
        }
        guard changed else { return }
        let result = try lentas.regroup()
        report.home = result.home.map { "\($0.city) (\($0.days) days of photos)" }
        report.lentas = try catalog.lentas().count
    }

    /// A file's metadata and identity, read before its pixels are measured.
    private enum Probed: Sendable {
        case media(ScannedFile, contentHash: String)
        case done(Reading)
    }

    /// Reads files on every core; results come back in the order of `files`. First metadata and
    /// content hashes, then the pixels of each photo whose content was not measured before
    /// (`measured`, by content hash, keeps them for the rest of the scan: a copy is measured
    /// once; its path-dependent verdicts are not). Clips are left for a story (`ItemAnalysis`).
    /// `onEach` is told how many of `files` are read so far.
    private static func read(_ files: [FoundFile], now: Double, measured: inout [String: ItemAnalysis.Measured],
                             onEach: @Sendable (Int) -> Void) -> [Reading] {
        let probes = WorkerPool().map(files.count) { i in probe(files[i], now: now) }
        // Which files to measure: the first file of each content not measured yet.
        var toMeasure: [Int] = []
        var leaders: Set<String> = []
        var waiting: Set<Int> = []
        for (i, p) in probes.enumerated() {
            guard case .media(let scanned, let hash) = p else { continue }
            if !ItemAnalysis.measuredByScan(scanned.metadata.kind) {
                waiting.insert(i)
            } else if measured[hash] == nil, leaders.insert(hash).inserted {
                toMeasure.append(i)
            }
        }
        // Largest first: the cores hand out work in this order, so no core is left alone at the end.
        toMeasure.sort { i, j in
            guard case .media(let a, _) = probes[i], case .media(let b, _) = probes[j] else { return i < j }
            return (ItemAnalysis.cost(a.metadata), j) > (ItemAnalysis.cost(b.metadata), i)
        }
        let measuring = toMeasure
        let measurements = WorkerPool().map(measuring.count, finished: { onEach(files.count - measuring.count + $0) }) { k in
            guard case .media(let scanned, _) = probes[measuring[k]] else { return ItemAnalysis.Measured?.none }
            return ItemAnalysis.measure(path: scanned.path, metadata: scanned.metadata)
        }
        if toMeasure.isEmpty && !files.isEmpty { onEach(files.count) }
        var results: [Int: ItemAnalysis.Measured] = [:]
        for (k, i) in measuring.enumerated() { results[i] = measurements[k] }
        var readings: [Reading] = []
        readings.reserveCapacity(files.count)
        for (i, p) in probes.enumerated() {
            switch p {
            case .done(let reading):
                readings.append(reading)
            case .media(let scanned, _) where waiting.contains(i):
                readings.append(.media(scanned))
            case .media(var scanned, let hash):
                if let own = results[i] { measured[hash] = own }
                (scanned.quality, scanned.qualityProblem) = ItemAnalysis.verdict(measured[hash], path: scanned.path,
                                                                                 metadata: scanned.metadata, contentHash: hash)
                readings.append(.media(scanned))
            }
        }
        return readings
    }

    /// Metadata, the sampled fingerprint, and the content hash that finds exact duplicates.
    private static func probe(_ file: FoundFile, now: Double) -> Probed {
        do {
            switch try MetadataProbe.read(path: file.path, modified: file.stamp.modified, now: now) {
            case .notMedia:
                return .done(.notMedia)
            case .media(let metadata):
                let (identity, contentHash) = Fingerprint.identityAndContent(path: file.path, size: file.stamp.size, kind: metadata.kind)
                guard let fingerprint = identity else {
                    return .done(.unreadable("the file could not be read to the end"))
                }
                let scanned = ScannedFile(path: file.path, size: file.stamp.size, modified: file.stamp.modified,
                                          fingerprint: fingerprint, metadata: metadata)
                guard let content = contentHash else {
                    var unhashed = scanned
                    unhashed.qualityProblem = "the file could not be read to the end"
                    return .done(.media(unhashed))
                }
                return .media(scanned, contentHash: content)
            }
        } catch let error as MediaError {
            return .done(.unreadable("\(error.operation): \(error.reason)", error))
        } catch {
            return .done(.unreadable("\(error)", error))
        }
    }

    /// The roots a scan of `folders` reads under, as its report lists them: each one's real
    /// path (`absolute`), once, in order; one that does not exist is none.
    public static func roots(of folders: [String]) -> [String] {
        var roots: [String] = []
        for folder in folders {
            if let root = absolute(folder), !roots.contains(root) { roots.append(root) }
        }
        return roots
    }

    /// The absolute, symlink-free form of a path, or nil when it does not exist.
    static func absolute(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
