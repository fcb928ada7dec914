import CExif
import CHeif
import LentaCore

/// Reads what a file says about itself — kind, size as displayed, orientation, camera,
/// capture time, position, and for movies duration, frame rate and sound — from headers only.
public enum MetadataProbe {
    public enum Outcome: Sendable {
        /// A photo or video, with what could be read of it.
        case media(MediaMetadata)
        /// Not a media file (a text file, a sidecar): not lenta's business.
        case notMedia
    }

    /// Reads `path`. Throws `MediaError` when the file is, or claims by its name to be, a
    /// photo or video that cannot be read; the error says why.
    /// - Parameters:
    ///   - modified: the file's modification time, the last-resort capture time.
    ///   - now: seconds since the epoch; dates more than a day later are refused.
    public static func read(path: String, modified: Double, now: Double) throws -> Outcome {
        try inspect(path: path, modified: modified, now: now).outcome
    }

    /// `read`, and whether a video has a sound track this FFmpeg can decode (the mix plays only
    /// those), learned from the same open of the file.
    static func inspect(path: String, modified: Double, now: Double) throws -> (outcome: Outcome, playableSound: Bool) {
        var playableSound = false
        let file = try RandomAccessFile(path: path)
        let claimsMedia = MediaFormat.mediaExtensions.contains(fileExtension(path))
        if file.size == 0 {
            if claimsMedia { throw MediaError("read", path: path, reason: "the file is empty") }
            return (.notMedia, false)
        }
        let head = try file.read(at: 0, count: FormatSniffer.headerLength)
        guard let format = FormatSniffer.detect(head) else {
            if claimsMedia {
                throw MediaError("recognise", path: path, reason: "the content is not JPEG, HEIF, PNG, WebP, MP4 or QuickTime")
            }
            return (.notMedia, false)
        }
        var metadata = MediaMetadata(format: format)
        var evidence = CaptureEvidence()
        evidence.fileModified = modified
        if format.kind == .photo {
            try readPhoto(file, into: &metadata, evidence: &evidence)
        } else {
            try readVideo(path, into: &metadata, evidence: &evidence, playableSound: &playableSound)
            if evidence.quickTimeDay == nil { evidence.quickTimeDay = try QuickTimeUserData.recordingDate(file) }
        }
        if let warning = metadata.colourWarning { metadata.warnings.append(warning) }
        var resolution = evidence.resolve(now: now)
        if resolution.time?.source.isFallback ?? true, let named = FileNameDate(path: path) {
            // No date inside the file: the name may carry one (read only then: it is rarely needed).
            evidence.fileName = named
            resolution = evidence.resolve(now: now)
        }
        metadata.captureTime = resolution.time
        metadata.warnings += resolution.warnings
        if claimsMedia, let mismatch = extensionMismatch(path, format) { metadata.warnings.append(mismatch) }
        // Whatever a file's text made of a warning, it is shown (and kept in the catalog) cut to
        // the README's 2,000 characters.
        metadata.warnings = metadata.warnings.map { DiagnosticText.value($0, limit: DiagnosticText.maximumMessageCharacters) }
        return (.media(metadata), playableSound)
    }

    private static func readPhoto(_ file: RandomAccessFile, into metadata: inout MediaMetadata, evidence: inout CaptureEvidence) throws {
        let container: PhotoContainer
        var displayedByContainer = false
        switch metadata.format {
        case .jpeg: container = try JPEGContainer.read(file)
        case .png: container = try PNGContainer.read(file)
        case .webp: container = try WebPContainer.read(file)
        case .heif, .avif:
            let image = try HeifContext(reading: file.path).primaryImage()
            container = PhotoContainer(storedWidth: image.width, storedHeight: image.height, exif: try image.exifBlock(), xmp: image.xmpPacket())
            displayedByContainer = true
            let (colour, warning) = image.colour()
            metadata.colour = colour
            metadata.colourWarning = warning
        default:
            throw MediaError("read", path: file.path, reason: "not a photo format")
        }
        if let problem = container.problem { throw MediaError("read \(metadata.format.rawValue)", path: file.path, reason: problem) }
        if let w = container.storedWidth, let h = container.storedHeight, w <= 0 || h <= 0 {
            throw MediaError("read \(metadata.format.rawValue)", path: file.path, reason: "the picture is \(w)×\(h) pixels")
        }
        if metadata.colour == nil {
            let (colour, warning) = SourceColour.icc(container.icc)
            metadata.colour = colour
            metadata.colourWarning = warning
        }
        if metadata.format == .jpeg, let cut = try JPEGCompleteness.warning(file) { metadata.warnings.append(cut) }

        var fields = ExifFields()
        if let bytes = container.exif {
            if let block = ExifBlock(bytes: bytes), !block.isEmpty {
                fields = ExifFields(block)
            } else {
                metadata.warnings.append("EXIF block could not be parsed; dates and position unknown")
            }
        }
        metadata.make = fields.make
        metadata.model = fields.model
        metadata.software = fields.software
        metadata.userComment = fields.userComment
        metadata.contentIdentifier = fields.contentIdentifier
        evidence.dateTimeOriginal = fields.dates.dateTimeOriginal
        evidence.dateTimeDigitized = fields.dates.dateTimeDigitized
        evidence.dateTime = fields.dates.dateTime
        evidence.gpsDate = fields.dates.gpsDate
        evidence.gpsTimeOfDay = fields.dates.gpsTimeOfDay
        metadata.location = fields.position
        if let problem = fields.positionProblem { metadata.warnings.append(problem) }
        let xmpPacket = container.xmp.flatMap(XMPPacket.init(bytes:))
        let motion = try MotionPhotoLocator.locate(file, format: metadata.format, xmp: xmpPacket)
        metadata.warnings += motion.problems
        if var embedded = motion.motion {
            // The movie's header, read in place: a movie that cannot be read is no motion.
            do {
                let probe = try VideoProbe(source: MediaSource(path: file.path, byteRange: embedded.byteRange))
                embedded.duration = probe.duration
                embedded.hasAudio = probe.hasAudio
                metadata.embeddedMotion = embedded
            } catch let error as MediaError {
                metadata.warnings.append("the Motion Photo's movie (bytes \(embedded.offset)–\(embedded.byteRange.upperBound)) "
                    + "cannot be read (\(error.operation): \(error.reason)); the motion is ignored")
            }
        }
        if let xmp = xmpPacket {
            evidence.xmpDateTimeOriginal = xmp.value("exif:DateTimeOriginal")
            evidence.xmpDateCreated = xmp.value("photoshop:DateCreated")
            evidence.xmpCreateDate = xmp.value("xmp:CreateDate")
            if metadata.location == nil, fields.positionProblem == nil, let point = xmp.position, point.isPlausible {
                metadata.location = point
            }
        }
        evidence.iptcDateCreated = container.photoshop.flatMap(IPTCRecords.dateCreated(photoshopSegment:))

        if let o = fields.orientation {
            if (1...8).contains(o) { metadata.orientation = o } else {
                metadata.warnings.append("EXIF orientation \(o) is not 1–8; shown as stored")
            }
        }
        // HEIF's own transform boxes already turned the picture; its EXIF orientation is informative only.
        let quarterTurn = !displayedByContainer && (5...8).contains(metadata.orientation ?? 1)
        metadata.heldDecodeBytes = container.heldCoefficientBytes
        metadata.width = quarterTurn ? container.storedHeight : container.storedWidth
        metadata.height = quarterTurn ? container.storedWidth : container.storedHeight
    }

    private static func readVideo(_ path: String, into metadata: inout MediaMetadata, evidence: inout CaptureEvidence,
                                  playableSound: inout Bool) throws {
        let probe = try VideoProbe(path: path)
        playableSound = probe.hasPlayableAudio
        metadata.width = probe.width
        metadata.height = probe.height
        metadata.rotation = probe.rotation
        metadata.duration = probe.duration
        metadata.frameRate = probe.frameRate
        metadata.variableFrameRate = probe.variableFrameRate
        metadata.hasAudio = probe.hasAudio
        metadata.colour = probe.colour
        metadata.colourWarning = probe.colourWarning
        metadata.warnings += probe.problems
        let tags = probe.tags
        metadata.make = tags["com.apple.quicktime.make"] ?? tags["make"]
        metadata.model = tags["com.apple.quicktime.model"] ?? tags["model"]
        metadata.contentIdentifier = tags["com.apple.quicktime.content.identifier"].flatMap { $0.isEmpty ? nil : $0 }
        metadata.slowMotion = SlowMotionTags(containerTags: tags)
        evidence.appleCreationDate = tags["com.apple.quicktime.creationdate"]
        evidence.quickTimeDay = tags["date"]
        evidence.creationTime = tags["creation_time"]
        if let text = tags["com.apple.quicktime.location.ISO6709"] ?? tags["location"] {
            if let point = ISO6709.parse(text), point.isPlausible {
                metadata.location = point
            } else {
                metadata.warnings.append("location '\(DiagnosticText.value(text))' is not a usable position (0°, 0° or unreadable); treated as missing")
            }
        }
    }

    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    private static func extensionMismatch(_ path: String, _ format: MediaFormat) -> String? {
        let ext = fileExtension(path)
        let expected: [MediaFormat: Set<String>] = [
            .jpeg: ["jpg", "jpeg", "jpe", "jfif"], .heif: ["heic", "heif", "hif"], .avif: ["avif", "heif"],
            .png: ["png"], .webp: ["webp"],
            .mp4: ["mp4", "m4v", "mov", "3gp"], .mov: ["mov", "qt", "mp4"], .m4v: ["m4v", "mp4"], .threeGP: ["3gp", "3g2", "mp4"],
        ]
        guard let names = expected[format], !names.contains(ext) else { return nil }
        return "named .\(ext) but the content is \(format.rawValue.uppercased())"
    }
}
