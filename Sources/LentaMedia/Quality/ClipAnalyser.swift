import CFFmpeg
import LentaCore

/// Learns how a clip changes along its length, within a fixed budget: one pass over its packets
/// (the bits the encoder spent each second, read from packet sizes without decoding) and a
/// decode of a few keyframes spread over the clip (each decoded alone, reduced to analysis
/// size), where scene changes, darkness and blur are measured. The budget is in pixels, so it is
/// the same on every machine and every run: a 4K clip gets fewer keyframes than a 720p one.
enum ClipAnalyser {
    /// Decoded keyframe pixels per clip, at most.
    static let pixelBudget = 120_000_000
    static let maximumSamples = 24
    static let minimumSamples = 4

    struct Result {
        var activity: ClipActivity
        /// The measures of each decoded keyframe, in time order.
        var frames: [PictureMeasures]
    }

    static func analyse(path: String, metadata: MediaMetadata) throws -> Result {
        let container = try FormatContext(path: path)
        let streams = try container.streams()
        guard let stream = streams.first(where: { $0.type == AVMEDIA_TYPE_VIDEO && !$0.isCoverArt }) else {
            throw MediaError("find video stream", path: path, reason: "the file has no video stream")
        }
        let decoder = try container.decoder(stream: stream.index, threads: 1)
        let orientation = PictureOrientation(displayMatrixRotation: stream.rotation)
        let timeBase = av_q2d(stream.timeBase)
        let start = stream.startTime ?? 0
        let duration = max(metadata.duration ?? 0, 0.001)
        let pixels = max(1, (metadata.width ?? 1920) * (metadata.height ?? 1080))
        let wanted = max(minimumSamples, min(maximumSamples, pixelBudget / pixels))
        let step = duration / Double(wanted)

        let bucketSeconds = max(1, (duration / Double(ClipActivity.maximumBuckets)).rounded(.up))
        // Bits of the frames between keyframes (where motion costs); every frame's too, for
        // clips made of keyframes only (MJPEG, ProRes, some cameras' intra modes).
        var bits = [Double](repeating: 0, count: max(1, Int((duration / bucketSeconds).rounded(.up))))
        var allBits = bits
        var samples: [ClipActivity.Sample] = []
        var frames: [PictureMeasures] = []
        var previousLuma: [Double]? = nil
        var nextSampleTime = 0.0
        let packet = try CodecPacket()
        let frame = try CodecFrame()
        var packets = 0
        while try container.readPacket(into: packet) {
            defer { packet.unreference() }
            let p = packet.pointer.pointee
            guard Int(p.stream_index) == stream.index else { continue }
            packets += 1
            let stamp = p.pts != lenta_av_nopts_value() ? p.pts : p.dts
            guard stamp != lenta_av_nopts_value() else { continue }
            let time = Double(stamp - start) * timeBase
            let bucket = min(bits.count - 1, max(0, Int(time / bucketSeconds)))
            allBits[bucket] += Double(p.size) * 8 / bucketSeconds
            if p.flags & AV_PKT_FLAG_KEY == 0 { bits[bucket] += Double(p.size) * 8 / bucketSeconds }
            guard p.flags & AV_PKT_FLAG_KEY != 0, time + 1e-6 >= nextSampleTime, samples.count < wanted else { continue }
            // Each chosen keyframe is decoded on its own: send it, drain, forget.
            decoder.flush()
            guard (try? decoder.send(packet)) == true else { continue }
            _ = try? decoder.send(nil)
            var got = false
            while !got, (try? decoder.receive(into: frame)) == .frame { got = true }
            decoder.flush()
            guard got else { continue }
            defer { frame.unreference() }
            guard let picture = try? ReducedPhoto.analysisPicture(from: frame, path: path).oriented(orientation) else { continue }
            let measures = PictureMeasures(picture)
            let luma = picture.luma
            let change = previousLuma.map { PictureMeasures.change($0, luma) } ?? 0
            previousLuma = luma
            samples.append(ClipActivity.Sample(time: max(0, time), change: change, sharpness: measures.sharpness,
                                               brightness: measures.brightness, crushed: measures.crushed))
            frames.append(measures)
            nextSampleTime = time + step * 0.75
        }
        guard packets > 0 else { throw MediaError("analyse clip", path: path, reason: "the video stream holds no packets") }
        guard !frames.isEmpty else { throw MediaError("analyse clip", path: path, reason: "no keyframe could be decoded") }
        if bits.allSatisfy({ $0 == 0 }) { bits = allBits }
        return Result(activity: ClipActivity(samples: samples, bitsPerBucket: bits, bucketSeconds: bucketSeconds), frames: frames)
    }
}
