import Foundation
import LentaMedia

/// Motion Photos as phones write them: a still with an MP4 movie carried in the same file.
public enum SyntheticMotionPhoto {
    /// Where the movie goes and what says so.
    public enum Layout: Sendable {
        /// Google's format 1: a JPEG whose XMP has `GCamera:MotionPhoto` and a
        /// `Container:Directory` (the primary picture, then the `MotionPhoto` item with its
        /// length), the MP4 appended after the JPEG.
        case googleDirectory
        /// Google's older format: `GCamera:MicroVideo` with `GCamera:MicroVideoOffset` (the
        /// movie's distance from the end of the file), the MP4 appended.
        case googleMicroVideo
        /// Samsung: the JPEG, a `MotionPhoto_Data` record holding the MP4, and the `SEFH`
        /// directory with its `SEFT` footer.
        case samsungTrailer
        /// A HEIC with the MP4 in a top-level `mpvd` box after the picture.
        case heifBox
    }

    /// Writes the still (`width`×`height`, with `exif`) and the movie `movie` as one file.
    /// Returns the byte range the movie occupies.
    @discardableResult
    public static func write(width: Int, height: Int, exif: SyntheticExif?, movie: SyntheticVideo, layout: Layout,
                             to path: String) throws -> Range<Int> {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let moviePath = folder + "/.motion-\(UUID().uuidString).mp4"
        defer { unlink(moviePath) }
        try VideoWriter.write(movie, to: moviePath)
        guard let mp4 = FileManager.default.contents(atPath: moviePath).map(Array.init) else {
            throw MediaError("read the motion movie", path: moviePath, reason: "it was not written")
        }

        var still: [UInt8]
        switch layout {
        case .heifBox:
            let heicPath = folder + "/.motion-\(UUID().uuidString).heic"
            defer { unlink(heicPath) }
            try HEICWriter.write(width: width, height: height, exif: exif, options: SyntheticHEICOptions(), to: heicPath)
            guard let heic = FileManager.default.contents(atPath: heicPath).map(Array.init) else {
                throw MediaError("read the HEIC", path: heicPath, reason: "it was not written")
            }
            still = heic
        default:
            still = try StillImageEncoder.jpeg(width: width, height: height)
            if let exif { still = try JPEGSegments.insertingExif(try exif.app1Payload(), into: still) }
        }

        var file: [UInt8]
        let start: Int
        switch layout {
        case .googleDirectory:
            still = try JPEGSegments.insertingXMP(xmp(directoryLength: mp4.count), into: still)
            start = still.count
            file = still + mp4
        case .googleMicroVideo:
            still = try JPEGSegments.insertingXMP(xmp(microVideoOffset: mp4.count), into: still)
            start = still.count
            file = still + mp4
        case .samsungTrailer:
            let name = Array("MotionPhoto_Data".utf8)
            let record: [UInt8] = [0, 0, 0x30, 0x0A] + le32(name.count) + name + mp4
            start = still.count + 8 + name.count
            let directory = Array("SEFH".utf8) + le32(106) + le32(1)
                + [0, 0, 0x30, 0x0A] + le32(record.count) + le32(record.count)
            file = still + record + directory + le32(directory.count) + Array("SEFT".utf8)
        case .heifBox:
            let box = be32(8 + mp4.count) + Array("mpvd".utf8)
            start = still.count + box.count
            file = still + box + mp4
        }
        try AtomicWrite.write(file, to: path, what: "motion photo")
        return start..<(start + mp4.count)
    }

    static func xmp(directoryLength length: Int) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
          xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
          GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="500000">
        <Container:Directory><rdf:Seq>
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li>
        <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="\(length)" Item:Padding="0"/></rdf:li>
        </rdf:Seq></Container:Directory>
        </rdf:Description></rdf:RDF></x:xmpmeta>
        """
    }

    static func xmp(microVideoOffset offset: Int) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
          GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="\(offset)"
          GCamera:MicroVideoPresentationTimestampUs="500000"/>
        </rdf:RDF></x:xmpmeta>
        """
    }

    static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
    static func be32(_ v: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
}
