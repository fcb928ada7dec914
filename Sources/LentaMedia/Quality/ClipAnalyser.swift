import CFFmpeg
import LentaCore

/// Learns how a clip changes along its length, within a fixed budget: the bits the encoder spent
/// each second (from the sizes of its frames, read from the container's index — MP4/MOV sample
/// tables — without reading the frames) and a decode of a few keyframes spread over the clip,
/// each found by seeking and decoded alone, reduced to analysis size, where scene changes,
/// darkness and blur are measured. Only a container without an index is read packet by packet.
/// The budget is in pixels, so it is the same on every machine and every run: a 4K clip gets
/// fewer keyframes than a 720p one.
///
/// When faces are being learned (`lenta people`, a story's first making, `scan --faces`), a few
/// of the same keyframes are also reduced to `FaceFinder.analysisSide` (the 256-pixel analysis
/// picture is too small for the detector) and their faces found, from the same decode: no second
/// pass over the file.
package enum ClipAnalyser {
    /// Decoded keyframe pixels per clip, at most: a 4K clip gets 7 keyframes (its decodes are most of
    /// what a phone library's first scan costs), a 1080p one 24.
    static let pixelBudget = 60_000_000
    static let maximumSamples = 24
    static let minimumSamples = 4
    /// Seconds between keyframes decoded, at least (beyond `minimumSamples`): a clip's look does
    /// not change faster than this where a story would cut it, and its motion is read each
    /// second from the bits anyway.
    static let sampleSpacing = 2.0
    /// Keyframes faces are looked for on, at most, spread over those decoded: a face costs
    /// tenths of a second, and a person in a clip is in most of it.
    static let faceSamples = 4

    package struct Result: Sendable {
        var activity: ClipActivity
        /// The measures of each decoded keyframe, in time order.
        var frames: [PictureMeasures]
        /// The faces on the keyframes looked at, each with its keyframe's time (nil: faces were
        /// not looked for).
        package var faces: [DetectedFace]?
        /// Why faces could not be looked for on some keyframe (dlib failed), if it could not.
        package var faceProblem: String?
    }

    /// Which of `wanted` keyframes faces are looked for on: `faceSamples` of them, each in the
    /// middle of its share of the clip.
    static func faceSampleIndices(wanted: Int) -> Set<Int> {
        let n = min(faceSamples, max(1, wanted))
        return Set((0..<n).map { Int((Double($0) + 0.5) * Double(wanted) / Double(n)) })
    }

    /// - Parameters:
    ///   - embedder: when given, faces are found on a few of the keyframes decoded (`faceSamples`).
    ///   - listens: whether the sound is decoded too (its loudness and speech); a pass for faces
    ///     alone, over a clip whose worth is known already, does not.
    package static func analyse(path: String, metadata: MediaMetadata, faces embedder: FaceEmbedder? = nil,
                                listens: Bool = true) throws -> Result {
        let container = try FormatContext(path: path)
        let streams = try container.streams()
        guard let stream = streams.first(where: { $0.type == AVMEDIA_TYPE_VIDEO && !$0.isCoverArt }) else {
            throw MediaError("find video stream", path: path, reason: "the file has no video stream")
        }
        let decoder = try container.decoder(stream: stream.index, threads: 1, skipLoopFilter: true)
        let orientation = PictureOrientation(displayMatrixRotation: stream.rotation)
        let timeBase = av_q2d(stream.timeBase)
        let start = stream.startTime ?? 0
        let duration = max(metadata.duration ?? 0, 0.001)
        let pixels = max(1, (metadata.width ?? 1920) * (metadata.height ?? 1080))
        let wanted = max(minimumSamples, min(maximumSamples, pixelBudget / pixels, Int(duration / sampleSpacing)))
        let step = duration / Double(wanted)
        let faceIndices = embedder == nil ? [] : faceSampleIndices(wanted: wanted)
        var faces: [DetectedFace] = []
        var faceProblem: String?

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

        func count(time: Double, size: Int, key: Bool) {
            let bucket = min(bits.count - 1, max(0, Int(time / bucketSeconds)))
            allBits[bucket] += Double(size) * 8 / bucketSeconds
            if !key { bits[bucket] += Double(size) * 8 / bucketSeconds }
        }
        /// Decodes the keyframe in `packet` alone and measures it.
        func sample(time: Double) {
            guard (try? decoder.decodeAlone(packet, into: frame)) == true else { return }
            defer { frame.unreference() }
            guard let picture = try? ReducedPhoto.analysisPicture(from: frame, path: path).oriented(orientation) else { return }
            if let embedder, faceIndices.contains(samples.count) {
                // The same decoded frame, reduced to a size faces can be found at.
                do {
                    let large = try ReducedPhoto.analysisPicture(from: frame, path: path, side: FaceFinder.analysisSide).oriented(orientation)
                    faces += try FaceFinder.faces(in: large, time: max(0, time), embedder: embedder)
                } catch let error as MediaError {
                    faceProblem = faceProblem ?? "\(error.operation): \(error.reason)"
                } catch {
                    faceProblem = faceProblem ?? String(describing: error)
                }
            }
            let luma = picture.luma
            let measures = PictureMeasures(picture, luma: luma)
            let change = previousLuma.map { PictureMeasures.change($0, luma) } ?? 0
            previousLuma = luma
            samples.append(ClipActivity.Sample(time: max(0, time), change: change, sharpness: measures.sharpness,
                                               brightness: measures.brightness, crushed: measures.crushed))
            frames.append(measures)
            nextSampleTime = time + step * 0.75
        }

        // A sample table (MP4/MOV, AVI) lists every frame with its size; Matroska's cues list
        // keyframes only, without sizes, and MPEG-TS has none: those are read through.
        let index = try container.indexEntries(stream: stream.index)
        if index.count >= 2, index.allSatisfy({ $0.size > 0 }) {
            var keyframes: [Int64] = []
            for entry in index {
                let time = Double(entry.timestamp - start) * timeBase
                count(time: time, size: entry.size, key: entry.isKeyframe)
                if entry.isKeyframe { keyframes.append(entry.timestamp) }
            }
            packets = index.count
            keyframes.sort()
            for stamp in keyframes where samples.count < wanted {
                let time = Double(stamp - start) * timeBase
                guard time + 1e-6 >= nextSampleTime else { continue }
                // Seek to the keyframe and take the stream's next packet: the keyframe itself.
                guard (try? container.seek(stream: stream.index, to: stamp)) != nil else { continue }
                var found = false
                while !found, try container.readPacket(into: packet) {
                    if Int(packet.pointer.pointee.stream_index) == stream.index { found = true } else { packet.unreference() }
                }
                guard found else { break }
                defer { packet.unreference() }
                guard packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 else { continue }
                sample(time: time)
            }
        } else {
            while try container.readPacket(into: packet) {
                defer { packet.unreference() }
                let p = packet.pointer.pointee
                guard Int(p.stream_index) == stream.index else { continue }
                packets += 1
                let stamp = p.pts != lenta_av_nopts_value() ? p.pts : p.dts
                guard stamp != lenta_av_nopts_value() else { continue }
                let time = Double(stamp - start) * timeBase
                let key = p.flags & AV_PKT_FLAG_KEY != 0
                count(time: time, size: Int(p.size), key: key)
                guard key, time + 1e-6 >= nextSampleTime, samples.count < wanted else { continue }
                sample(time: time)
            }
        }
        guard packets > 0 else { throw MediaError("analyse clip", path: path, reason: "the video stream holds no packets") }
        guard !frames.isEmpty else { throw MediaError("analyse clip", path: path, reason: "no keyframe could be decoded") }
        if bits.allSatisfy({ $0 == 0 }) { bits = allBits }
        let sound = listens ? listen(path: path, buckets: bits.count, bucketSeconds: bucketSeconds) : nil
        // Only with the clip's worth (a pass for faces alone keeps the worth it had).
        let jitter = listens ? JitterSampler.measure(path: path, duration: duration, frameRate: metadata.frameRate) : nil
        return Result(activity: ClipActivity(samples: samples, bitsPerBucket: bits, bucketSeconds: bucketSeconds,
                                             loudness: sound?.loudness, speech: sound?.speech, jitter: jitter),
                      frames: frames, faces: embedder == nil ? nil : faces, faceProblem: faceProblem)
    }

    /// The sound's energy (RMS of both channels, 0…1) in each bucket and where people speak,
    /// decoded in one pass over the sound alone (the demuxer skips the video's bytes); nil for a
    /// clip without sound or whose sound cannot be decoded (the clip is still analysed by its
    /// pictures). Speech is nil when the detector could not run.
    static func listen(path: String, buckets: Int, bucketSeconds: Double) -> (loudness: [Double], speech: [Utterance]?)? {
        guard buckets > 0, (try? AudioDecoder.hasAudioStream(path: path)) == true,
              let decoder = try? AudioDecoder(path: path) else { return nil }
        let speech = (try? VoiceActivityDetector(sampleRate: AudioDecoder.sampleRate)).map { SpeechFinder(detector: $0) }
        var sums = [Double](repeating: 0, count: buckets), counts = [Int](repeating: 0, count: buckets)
        let perBucket = max(1, Int((bucketSeconds * Double(AudioDecoder.sampleRate)).rounded()))
        var sample = 0
        while true {
            guard let chunk = try? decoder.read(upTo: AudioDecoder.sampleRate / 4), !chunk.isEmpty else { break }
            speech?.feed(stereo: chunk)
            var i = 0
            while i + 1 < chunk.count {
                let bucket = sample / perBucket
                guard bucket < buckets else { break }
                let l = Double(chunk[i]), r = Double(chunk[i + 1])
                sums[bucket] += (l * l + r * r) / 2
                counts[bucket] += 1
                sample += 1
                i += 2
            }
            if sample / perBucket >= buckets { break }
        }
        guard counts.contains(where: { $0 > 0 }) else { return nil }
        return (zip(sums, counts).map { $1 > 0 ? min(1, ($0 / Double($1)).squareRoot()) : 0 }, speech?.utterances())
    }
}
