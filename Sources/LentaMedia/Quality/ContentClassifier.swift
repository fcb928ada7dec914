import LentaCore

/// Tells photos from screenshots, screen recordings and documents: by what the file says (no
/// camera, a PNG from a phone, EXIF UserComment "Screenshot", its name, a screen's exact size)
/// and by what it looks like (few colours, large flat areas, text-like hard edges on white).
enum ContentClassifier {
    /// Words in file names that phones, desktops and scanner apps give captures and scans.
    static let screenshotNames = ["screenshot", "screen shot", "screen_shot", "bildschirmfoto", "capture d’écran",
                                  "capture d'écran", "schermafbeelding", "captura de pantalla", "снимок экрана", "スクリーンショット"]
    static let recordingNames = ["rpreplay", "screenrecord", "screen recording", "screen_recording", "screenrecording",
                                 "bildschirmaufnahme"]
    /// Whole words (a name's runs of letters) that name a scan or a paper.
    static let documentWords: Set<String> = ["scan", "scanned", "document", "doc", "receipt", "invoice", "ticket", "boardingpass"]

    /// Screen sizes in pixels (either way round) of common phones, tablets and displays.
    static let screenSizes: Set<[Int]> = [
        [750, 1334], [828, 1792], [1080, 1920], [1125, 2436], [1170, 2532], [1179, 2556], [1242, 2208], [1242, 2688],
        [1284, 2778], [1290, 2796], [1206, 2622], [1320, 2868], [640, 1136],
        [720, 1280], [720, 1600], [1080, 2160], [1080, 2220], [1080, 2280], [1080, 2340], [1080, 2400], [1080, 2412],
        [1440, 2560], [1440, 2960], [1440, 3040], [1440, 3088], [1440, 3120], [1440, 3200],
        [1536, 2048], [1620, 2160], [1640, 2360], [1668, 2224], [1668, 2388], [2048, 2732],
        [768, 1366], [800, 1280], [900, 1440], [1050, 1680], [1200, 1920], [1600, 2560],
        [1800, 2880], [1964, 3024], [2234, 3456], [2160, 3840], [1440, 3440],
    ]

    static func isScreenSized(_ width: Int?, _ height: Int?) -> Bool {
        guard let width, let height else { return false }
        return screenSizes.contains([min(width, height), max(width, height)])
    }

    static func nameContains(_ path: String, _ words: [String]) -> String? {
        let name = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        return words.first { name.contains($0) }
    }

    /// A document word among the runs of letters of the file's name ("Scan 2024-05-03.jpg",
    /// "scan0001.jpg"; not "Scandinavia.jpg").
    static func documentWord(_ path: String) -> String? {
        let name = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        let stem = name.split(separator: ".").dropLast().joined(separator: ".")
        let words = stem.split { !$0.isLetter }.map(String.init)
        return words.first { documentWords.contains($0) }
    }

    /// Whether the picture looks like a screen: most of it flat, in a few colours.
    static func looksLikeScreen(_ m: PictureMeasures) -> Bool {
        m.flatShare >= 0.45 && m.topColourShare >= 0.6
    }

    /// Whether it looks like a page: mostly bright and colourless, with text's hard edges.
    static func looksLikePage(_ m: PictureMeasures) -> Bool {
        m.brightness >= 0.6 && m.saturation <= 0.05 && m.hardEdgeShare >= 0.02 && m.topColourShare >= 0.5
    }

    /// What a still picture is, and the evidence. What the file says comes first (a screenshot's
    /// UserComment or name, a scan's name, a camera-less PNG of a screen's size); then its look:
    /// a colourless white page with text is a document, a flat picture in few colours with no
    /// camera is a screenshot. A camera's picture is never called a screenshot by its look alone.
    static func classifyPhoto(path: String, metadata: MediaMetadata, measures m: PictureMeasures) -> (ContentKind, [String]) {
        let hasCamera = metadata.make != nil || metadata.model != nil
        var evidence: [String] = []
        if let comment = metadata.userComment, comment.lowercased().contains("screenshot") {
            evidence.append("EXIF UserComment \"\(comment)\"")
        }
        if let word = nameContains(path, screenshotNames) { evidence.append("named \"\(word)\"") }
        if !evidence.isEmpty { return (.screenshot, evidence) }
        if let word = documentWord(path), !hasCamera || looksLikePage(m) {
            return (.document, ["named \"\(word)\""] + (looksLikePage(m) ? ["white page with hard-edged text"] : []))
        }
        let screenSized = isScreenSized(metadata.width, metadata.height)
        var weak: [String] = []
        if !hasCamera {
            if metadata.format == .png { weak.append("PNG with no camera") }
            if screenSized { weak.append("screen-sized (\(metadata.width ?? 0)×\(metadata.height ?? 0)) with no camera") }
            if metadata.format == .png && screenSized { return (.screenshot, weak) }
        }
        if looksLikePage(m) { return (.document, ["white page with hard-edged text"]) }
        if !hasCamera && looksLikeScreen(m) { return (.screenshot, weak + ["few colours and large flat areas"]) }
        return (.photo, [])
    }

    /// What a clip is, and the evidence: a screen recording by its name, or a screen-sized clip
    /// with no camera whose frames look like a screen.
    static func classifyClip(path: String, metadata: MediaMetadata, frames: [PictureMeasures]) -> (ContentKind, [String]) {
        if let word = nameContains(path, recordingNames) { return (.screenRecording, ["named \"\(word)\""]) }
        let hasCamera = metadata.make != nil || metadata.model != nil
        if !hasCamera, isScreenSized(metadata.width, metadata.height), !frames.isEmpty,
           frames.filter(looksLikeScreen).count * 2 > frames.count {
            return (.screenRecording, ["screen-sized with no camera", "frames with few colours and large flat areas"])
        }
        return (.photo, [])
    }
}
