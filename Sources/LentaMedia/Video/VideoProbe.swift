import CFFmpeg
import LentaCore

/// What libavformat reads from a movie's header: streams, size, rotation, duration, frame timing
/// and the container's tags. No frame is decoded, so a probe costs a header read.
struct VideoProbe {
    var width: Int?
    var height: Int?
    var rotation: Int = 0
    var duration: Double?
    var frameRate: Double?
    var variableFrameRate: Bool?
    var hasAudio = false
    var colour: ColourDescription?
    var colourWarning: String?
    /// An audio stream this FFmpeg has a decoder for (what the mix can play).
    var hasPlayableAudio = false
    var tags: [String: String] = [:]
    var problems: [String] = []

    init(path: String) throws {
        try self.init(source: MediaSource(path: path))
    }

    init(source: MediaSource) throws {
        let path = source.description
        let container = try FormatContext(source: source)
        try container.withContext { ctx in
            tags = dictionaryEntries(ctx.pointee.metadata)
            if ctx.pointee.duration > 0 { duration = Double(ctx.pointee.duration) / Double(AV_TIME_BASE) }
        }
        var video = try Self.streams(container).first { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO && !Self.isCoverArt($0) }
        if let stream = video, stream.pointee.codecpar.pointee.width == 0 {
            // The header did not give the size (rare for MP4/MOV): look at the first frames.
            try container.findStreamInfo()
            video = try Self.streams(container).first { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO && !Self.isCoverArt($0) }
        }
        hasAudio = try Self.streams(container).contains { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }
        hasPlayableAudio = try container.withContext { ctx in
            var codec: UnsafePointer<AVCodec>? = nil
            return av_find_best_stream(ctx, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0) >= 0
        }
        guard let stream = video else {
            throw MediaError("find video stream", path: path, reason: "the file has no video stream")
        }
        let par = stream.pointee.codecpar.pointee
        rotation = Self.rotation(stream)
        let (colour, colourWarning) = SourceColour.video(par)
        self.colour = colour
        self.colourWarning = colourWarning
        let quarterTurn = abs(rotation) % 180 == 90
        if par.width > 0, par.height > 0 {
            width = Int(quarterTurn ? par.height : par.width)
            height = Int(quarterTurn ? par.width : par.height)
        } else {
            problems.append("the video stream has no picture size")
        }
        if duration == nil, stream.pointee.duration > 0 {
            duration = Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
        }
        timing(stream)
    }

    private static func streams(_ container: FormatContext) throws -> [UnsafeMutablePointer<AVStream>] {
        try container.withContext { ctx in
            (0..<Int(ctx.pointee.nb_streams)).compactMap { ctx.pointee.streams[$0] }
        }
    }

    private static func isCoverArt(_ stream: UnsafeMutablePointer<AVStream>) -> Bool {
        stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0
    }

    /// The display matrix's rotation, as ffprobe prints it (-90 for a phone held upright).
    private static func rotation(_ stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else { return 0 }
        let degrees = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard degrees.isFinite else { return 0 }
        var r = Int(degrees.rounded())
        if r <= -180 { r += 360 } else if r > 180 { r -= 360 }
        return r
    }

    /// Frame rate and whether it varies, from the sample table the demuxer indexed: every frame's
    /// timestamp is known without reading the frames.
    private mutating func timing(_ stream: UnsafeMutablePointer<AVStream>) {
        let count = Int(avformat_index_get_entries_count(stream))
        let timeBase = av_q2d(stream.pointee.time_base)
        if count >= 2, timeBase > 0 {
            var stamps: [Int64] = []
            stamps.reserveCapacity(count)
            for i in 0..<count {
                if let entry = avformat_index_get_entry(stream, Int32(i)) { stamps.append(entry.pointee.timestamp) }
            }
            stamps.sort()
            var durations: [Int64] = []
            durations.reserveCapacity(stamps.count)
            for i in 1..<stamps.count where stamps[i] > stamps[i - 1] { durations.append(stamps[i] - stamps[i - 1]) }
            if !durations.isEmpty {
                let span = Double(stamps[stamps.count - 1] - stamps[0]) * timeBase
                if span > 0 { frameRate = Double(durations.count) / span }
                // Jitter of a few percent is normal; phones in low light vary by far more.
                if durations.count >= 4 {
                    let sorted = durations.sorted()
                    let median = Double(sorted[sorted.count / 2])
                    let outliers = durations.filter { abs(Double($0) - median) > 0.25 * median }.count
                    variableFrameRate = Double(outliers) > 0.05 * Double(durations.count)
                }
            }
        }
        if frameRate == nil {
            let avg = stream.pointee.avg_frame_rate
            if avg.num > 0, avg.den > 0 { frameRate = av_q2d(avg) }
        }
    }
}

/// ISO 6709 positions as QuickTime stores them: `+32.0929+034.8620+028.516/`.
enum ISO6709 {
    static func parse(_ text: String) -> GeoPoint? {
        var numbers: [(sign: Double, digits: String)] = []
        var current: (Double, String)? = nil
        for c in text {
            if c == "+" || c == "-" {
                if let current { numbers.append(current) }
                current = (c == "-" ? -1 : 1, "")
            } else if c.isNumber || c == "." {
                current?.1.append(c)
            } else {
                break
            }
        }
        if let current { numbers.append(current) }
        guard numbers.count >= 2 else { return nil }
        func degrees(_ n: (sign: Double, digits: String), degreeDigits: Int) -> Double? {
            let whole = n.digits.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
            guard let value = Double(n.digits) else { return nil }
            // ±DD.DDD is degrees; ±DDMM.MMM and ±DDMMSS.SSS are sexagesimal.
            switch whole.count - degreeDigits {
            case 2:
                let d = (value / 100).rounded(.towardZero)
                return n.sign * (d + (value - d * 100) / 60)
            case 4:
                let d = (value / 10_000).rounded(.towardZero)
                let m = ((value - d * 10_000) / 100).rounded(.towardZero)
                return n.sign * (d + m / 60 + (value - d * 10_000 - m * 100) / 3600)
            default:
                return n.sign * value
            }
        }
        guard let lat = degrees(numbers[0], degreeDigits: 2), let lon = degrees(numbers[1], degreeDigits: 3) else { return nil }
        let altitude = numbers.count >= 3 ? Double(numbers[2].digits).map { numbers[2].sign * $0 } : nil
        return GeoPoint(latitude: lat, longitude: lon, altitude: altitude)
    }
}
