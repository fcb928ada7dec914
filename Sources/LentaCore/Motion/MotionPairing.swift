/// How a Live Photo's still finds its movie: side by side in one folder under the same base name
/// (`IMG_1234.HEIC` and `IMG_1234.MOV`), and either the same content identifier or — when one of
/// them has none — taken within a few seconds of each other. Different identifiers are never a
/// pair. The scan pairs the catalog's items by this rule, and the render finds a still's movie
/// beside it by the same rule.
public enum MotionPairing {
    /// A still or a movie as pairing sees it.
    public struct Candidate: Sendable {
        public var id: Int64
        /// Absolute path.
        public var path: String
        public var kind: MediaKind
        public var contentIdentifier: String?
        public var captureTime: CaptureTime?
        /// Seconds (movies).
        public var duration: Double?

        public init(id: Int64, path: String, kind: MediaKind, contentIdentifier: String?, captureTime: CaptureTime?,
                    duration: Double?) {
            self.id = id
            self.path = path
            self.kind = kind
            self.contentIdentifier = contentIdentifier
            self.captureTime = captureTime
            self.duration = duration
        }

        public init(id: Int64, path: String, metadata: MediaMetadata) {
            self.init(id: id, path: path, kind: metadata.kind, contentIdentifier: metadata.contentIdentifier,
                      captureTime: metadata.captureTime, duration: metadata.duration)
        }
    }

    /// What made two files one Live Photo.
    public enum Match: String, Codable, Sendable, CaseIterable {
        case contentIdentifier = "content-identifier"
        case nameAndTime = "name-and-time"
    }

    public struct Pair: Hashable, Sendable {
        public var stillID: Int64
        public var movieID: Int64
        public var match: Match
        public init(stillID: Int64, movieID: Int64, match: Match) {
            self.stillID = stillID
            self.movieID = movieID
            self.match = match
        }
    }

    /// A still and a movie named alike are one moment when taken this close together (an
    /// iPhone's movie starts about 1.5 s before the shutter).
    public static let nameMatchSeconds = 3.0
    /// A movie longer than this is a clip of its own, not a Live Photo's motion (they last
    /// about 3 s), unless the content identifiers say otherwise.
    public static let nameMatchLongestMovie = 6.0

    /// Whether `still` and `movie` are one Live Photo, and why.
    public static func match(still: Candidate, movie: Candidate) -> Match? {
        guard still.kind == .photo, movie.kind == .video,
              folder(still.path) == folder(movie.path), stem(still.path) == stem(movie.path) else { return nil }
        if let a = still.contentIdentifier, let b = movie.contentIdentifier {
            return a.lowercased() == b.lowercased() ? .contentIdentifier : nil
        }
        guard let duration = movie.duration, duration <= nameMatchLongestMovie,
              let apart = secondsApart(still.captureTime, movie.captureTime), apart <= nameMatchSeconds else { return nil }
        return .nameAndTime
    }

    /// Pairs among `items`, each item in at most one pair: matches by content identifier first,
    /// then the closest in time, then by path, so the result does not depend on the input order.
    public static func pairs(_ items: [Candidate]) -> [Pair] {
        var movies: [String: [Candidate]] = [:]
        for item in items where item.kind == .video { movies[key(item.path), default: []].append(item) }
        guard !movies.isEmpty else { return [] }
        var edges: [(pair: Pair, apart: Double, still: String, movie: String)] = []
        for still in items where still.kind == .photo {
            for movie in movies[key(still.path)] ?? [] {
                guard let match = match(still: still, movie: movie) else { continue }
                let apart = secondsApart(still.captureTime, movie.captureTime) ?? .infinity
                edges.append((Pair(stillID: still.id, movieID: movie.id, match: match), apart, still.path, movie.path))
            }
        }
        edges.sort {
            let a = ($0.pair.match == .contentIdentifier ? 0 : 1, $0.apart), b = ($1.pair.match == .contentIdentifier ? 0 : 1, $1.apart)
            if a != b { return a < b }
            return ($0.still, $0.movie) < ($1.still, $1.movie)
        }
        var usedStills = Set<Int64>(), usedMovies = Set<Int64>()
        var result: [Pair] = []
        for edge in edges where !usedStills.contains(edge.pair.stillID) && !usedMovies.contains(edge.pair.movieID) {
            usedStills.insert(edge.pair.stillID)
            usedMovies.insert(edge.pair.movieID)
            result.append(edge.pair)
        }
        return result.sorted { $0.stillID < $1.stillID }
    }

    /// Seconds between two capture times on one clock: instants when both are known, else wall
    /// clocks. Nil when they cannot be compared, or one is only a file's modification time.
    static func secondsApart(_ a: CaptureTime?, _ b: CaptureTime?) -> Double? {
        guard let a, let b, !a.source.isFallback, !b.source.isFallback else { return nil }
        if let x = a.utc, let y = b.utc { return abs(x - y) }
        if let x = a.local, let y = b.local { return abs(x.secondsSinceEpochAsUTC - y.secondsSinceEpochAsUTC) }
        return nil
    }

    /// The folder of a path (without the last slash).
    public static func folder(_ path: String) -> Substring {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return path[..<slash]
    }

    /// A file name without its extension, case folded: `IMG_1234.HEIC` → `img_1234`.
    public static func stem(_ path: String) -> String {
        let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name.lowercased() }
        return name[..<dot].lowercased()
    }

    /// Folder and stem: a still and its movie share it.
    private static func key(_ path: String) -> String { folder(path) + "/" + stem(path) }
}
