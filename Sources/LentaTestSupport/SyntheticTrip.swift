import Foundation
import LentaCore

/// A three-day trip as a phone leaves it, with what a story must leave out: bursts (frames a
/// second apart, one sharpest), blurred twins, exact copies, a screenshot, a scanned ticket and
/// a dark frame, across days and places (Lisbon, Sintra, Porto), and a clip. Each file says what
/// should become of it.
public struct SyntheticTrip {
    public enum Fate: Equatable, Sendable {
        /// A good picture: in the story unless the length has no room.
        case candidate
        /// One frame of burst `name`: exactly one frame of each burst is in the story.
        case burst(String)
        /// Must be left out, for this reason.
        case rejected(AlternateReason)
    }

    public struct Shot: Sendable {
        public var name: String
        public var local: String  // "2024:05:03 10:00:00"
        public var point: GeoPoint
        public var day: Int
        public var fate: Fate
        fileprivate var picture: @Sendable () -> SyntheticPicture
        fileprivate var format: String = "jpeg"
        fileprivate var copyOf: String?
    }

    public static let lisbon = GeoPoint(latitude: 38.7075, longitude: -9.1364)
    public static let sintra = GeoPoint(latitude: 38.7979, longitude: -9.3906)
    public static let porto = GeoPoint(latitude: 41.1496, longitude: -8.6109)

    public private(set) var shots: [Shot] = []
    /// The clip: `porto-clip.mp4`, on day 3.
    public static let clipName = "porto-clip.mp4"

    public init() {
        func add(_ name: String, _ local: String, _ point: GeoPoint, _ day: Int, _ fate: Fate,
                 format: String = "jpeg", copyOf: String? = nil, _ picture: @escaping @Sendable () -> SyntheticPicture) {
            shots.append(Shot(name: name, local: local, point: point, day: day, fate: fate, picture: picture, format: format, copyOf: copyOf))
        }
        // Day 1, Lisbon: scenes through the day, a burst, an exact copy, a screenshot of a map.
        for (k, hour) in [9, 10, 11, 13, 15, 17, 19].enumerated() {
            add("lisbon-\(k).jpg", String(format: "2024:05:03 %02d:00:00", hour), Self.lisbon, 1, .candidate) { .scene(seed: 100 + k) }
        }
        for f in 0..<4 {
            // The third frame is the sharp one; the others are shaken.
            add("lisbon-burst-\(f).jpg", "2024:05:03 12:00:0\(f)", Self.lisbon, 1, .burst("tram")) {
                let frame = SyntheticPicture.scene(seed: 150, shift: 3 * f)
                return f == 2 ? frame : frame.blurred(radius: 1 + f % 2)
            }
        }
        add("lisbon-1 copy.jpg", "2024:05:03 10:00:00", Self.lisbon, 1, .rejected(.duplicate), copyOf: "lisbon-1.jpg") { .scene(seed: 101) }
        add("IMG_0420.PNG", "2024:05:03 14:05:00", Self.lisbon, 1, .rejected(.screenshot), format: "png") { .screenshot(seed: 4) }
        // Day 2, Sintra: scenes, a blurred twin a few minutes after its sharp shot, a dark frame, a ticket.
        for (k, hour) in [9, 10, 12, 14, 16, 18].enumerated() {
            add("sintra-\(k).jpg", String(format: "2024:05:04 %02d:00:00", hour), Self.sintra, 2, .candidate) { .scene(seed: 200 + k) }
        }
        add("sintra-blurred.jpg", "2024:05:04 10:04:00", Self.sintra, 2, .rejected(.blurred)) { SyntheticPicture.scene(seed: 201).blurred(radius: 4) }
        add("sintra-pocket.jpg", "2024:05:04 13:10:00", Self.sintra, 2, .rejected(.dark)) { SyntheticPicture.scene(seed: 260).darkened(to: 0.03) }
        add("scan-ticket.jpg", "2024:05:04 11:20:00", Self.sintra, 2, .rejected(.document)) { .document(seed: 3, width: 620, height: 877) }
        // Day 3, Porto: scenes, another burst, the clip.
        for (k, hour) in [10, 11, 13, 15, 17].enumerated() {
            add("porto-\(k).jpg", String(format: "2024:05:05 %02d:00:00", hour), Self.porto, 3, .candidate) { .scene(seed: 300 + k) }
        }
        for f in 0..<3 {
            add("porto-burst-\(f).jpg", "2024:05:05 16:30:0\(f)", Self.porto, 3, .burst("river")) {
                let frame = SyntheticPicture.scene(seed: 350, shift: 4 * f)
                return f == 0 ? frame : frame.blurred(radius: f)
            }
        }
    }

    /// Writes the trip into `folder`: 640×480 JPEGs from a phone (make, model, time, offset,
    /// GPS), the screenshot as a camera-less PNG of a phone screen's size, the ticket as a
    /// camera-less scan, and a 6 s clip.
    public func write(to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for shot in shots {
            let path = folder + "/" + shot.name
            if let original = shot.copyOf {
                try FileManager.default.copyItem(atPath: folder + "/" + original, toPath: path)
                continue
            }
            let hasCamera = shot.fate != .rejected(.screenshot) && shot.fate != .rejected(.document)
            let exif = SyntheticExif(make: hasCamera ? "Google" : nil, model: hasCamera ? "Pixel 8" : nil,
                                     dateTimeOriginal: shot.local, offsetTimeOriginal: "+01:00", gps: hasCamera ? shot.point : nil)
            if shot.format == "png" {
                try SyntheticMedia.png(shot.picture(), exif: exif, to: path)
            } else {
                try SyntheticMedia.jpeg(shot.picture(), exif: exif, to: path)
            }
        }
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 10, seconds: 6,
                                                creationTime: "2024-05-05T13:00:00.000000Z", location: Self.porto),
                                 to: folder + "/" + Self.clipName)
    }

    /// The files that must not be in the story, with the reason each must be listed under.
    public var rejects: [String: AlternateReason] {
        Dictionary(uniqueKeysWithValues: shots.compactMap { shot in
            if case .rejected(let reason) = shot.fate { return (shot.name, reason) }
            return nil
        })
    }

    /// Burst name → its frames.
    public var bursts: [String: [String]] {
        shots.reduce(into: [:]) { result, shot in
            if case .burst(let name) = shot.fate { result[name, default: []].append(shot.name) }
        }
    }
}
