import CFFmpeg
import Foundation
import LentaCore

/// A small upright picture of an item for a contact sheet, decoded as scan's quality analysis
/// decodes (never a large photo at full size): a photo by `ReducedPhoto` (JPEG DCT scaling,
/// HEIF's stored thumbnail), a clip by its first keyframe alone (or the keyframe at a time: a
/// face on the people sheet), reduced on decode. At most
/// `ItemQuality.analysisSide` pixels on the longer side, so memory per item is fixed.
public enum ItemThumbnail {
    public static func decode(path: String) throws -> RGBAImage { try decodeWithMetadata(path: path).picture }

    /// The thumbnail and what the file's headers say (a clip's length); a clip's is its keyframe
    /// at or before `time` seconds from its start when given, else its first.
    public static func decodeWithMetadata(path: String, at time: Double? = nil) throws -> (picture: RGBAImage, metadata: MediaMetadata) {
        guard case .media(let metadata) = try MetadataProbe.read(path: path, modified: 0, now: Date().timeIntervalSince1970) else {
            throw MediaError("make a thumbnail", path: path, reason: "not a photo or video")
        }
        let picture: AnalysisPicture
        if metadata.kind == .video {
            picture = try keyframe(path: path, at: time)
        } else {
            picture = try ReducedPhoto.decode(path: path, metadata: metadata).picture
        }
        var rgba = [UInt8](repeating: 255, count: picture.width * picture.height * 4)
        for i in 0..<(picture.width * picture.height) {
            rgba[4 * i] = picture.rgb[3 * i]; rgba[4 * i + 1] = picture.rgb[3 * i + 1]; rgba[4 * i + 2] = picture.rgb[3 * i + 2]
        }
        return (RGBAImage(width: picture.width, height: picture.height, pixels: rgba), metadata)
    }

    /// The first keyframe that decodes within 64 video packets, from the start or from the
    /// keyframe at or before `time`.
    static func keyframe(path: String, at time: Double? = nil) throws -> AnalysisPicture {
        let container = try FormatContext(path: path)
        let streams = try container.streams()
        guard let stream = streams.first(where: { $0.type == AVMEDIA_TYPE_VIDEO && !$0.isCoverArt }) else {
            throw MediaError("make a thumbnail", path: path, reason: "the file has no video stream")
        }
        let decoder = try container.decoder(stream: stream.index, threads: 1)
        if let time, time > 0, stream.timeBase.num > 0 {
            let stamp = (stream.startTime ?? 0) + Int64(time * Double(stream.timeBase.den) / Double(stream.timeBase.num))
            try? container.seek(stream: stream.index, to: stamp)  // unseekable: from the start
        }
        let packet = try CodecPacket()
        let frame = try CodecFrame()
        var packets = 0
        while packets < 64, try container.readPacket(into: packet) {
            defer { packet.unreference() }
            guard Int(packet.pointer.pointee.stream_index) == stream.index else { continue }
            packets += 1
            guard packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 else { continue }
            decoder.flush()
            guard (try? decoder.send(packet)) == true else { continue }
            _ = try? decoder.send(nil)
            var got = false
            while !got, (try? decoder.receive(into: frame)) == .frame { got = true }
            guard got else { continue }
            defer { frame.unreference() }
            return try ReducedPhoto.analysisPicture(from: frame, path: path).oriented(PictureOrientation(displayMatrixRotation: stream.rotation))
        }
        throw MediaError("make a thumbnail", path: path, reason: "no keyframe decodes in its first 64 video packets")
    }
}
