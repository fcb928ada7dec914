import CFFmpeg
import Foundation
import LentaCore
import LentaPixels

/// A video clip's pictures by time: the frame to show at time t is the one with the greatest
/// presentation time ≤ t, so any frame rate — variable too — is resampled to the story's rate by
/// timestamp, never by counting frames. Pictures come upright (the display matrix's quarter
/// turns applied) in 4:2:0 with their codes as the source stored them — its own matrix, range
/// and transfer, 8-bit or (for deeper sources) 10-bit — for the item's colour table to convert;
/// or, with a `Grader`, graded by it straight from the decoder's frame, with no copy in between.
///
/// Reading forward is sequential (each decoded frame is looked at once); asking for an earlier
/// time, or one more than `seekAhead` past the current frame, seeks to the keyframe before it.
public final class VideoReader {
    public let path: String
    /// The size as shown.
    public let width: Int
    public let height: Int
    public let orientation: PictureOrientation
    /// The video stream's length in seconds, when the container says.
    public let duration: Double?
    /// The stream's colour description as the decoder sees it (the bitstream's own signalling
    /// filled in, which a header-only probe may miss).
    public let colour: ColourDescription

    private let container: FormatContext
    private var frames: StreamFrames?
    private let timeBase: AVRational
    private let startTime: Int64
    private var current: TimedFrame?
    private var upcoming: TimedFrame?
    private var ended = false
    /// The time between the last two frames decoded in order (what `advance` expects next).
    private var step: Rational?
    /// Whether `advance` may let go of a frame it expects to pass over (until a guess misses).
    private var dropsPassedOver = true
    /// libswscale's contexts, one for each reduced size asked (`scale` and `alsoScales`).
    private var scalers: [ScaleContext] = []
    /// Grades a decoded frame straight from the decoder's planes into the picture to hand on,
    /// in place of a copy of them (or their 2×2 means) for the caller to grade: one pass over
    /// the frame, and no picture of the source's codes held. Returns nil to have the frame
    /// handed on as stored (its codes need no table). Called at most once for each frame, while
    /// the decoder's frame is held and before the next one is decoded.
    package typealias Grader = (BorrowedVideoFrame) -> PlanarFrame?
    private let grader: Grader?
    /// The clip's stabilisation, in its own filter graph (nil: shown as shot).
    private let stabiliser: StabilisingFilter?
    /// Seconds past the current frame beyond which seeking is cheaper than decoding through.
    public var seekAhead = Rational(3)
    /// The fraction of its size each picture is handed on at (at most 1): a 2160p clip shown in
    /// a 1080p story is reduced here, once per picture, by an area filter (2×2 averages at
    /// exactly half, else libswscale's; codes and depth kept), so the colour table and the
    /// placement work on a quarter of the pixels.
    public var scale: Double = 1
    /// More fractions each picture is also handed on at, from the same decoded frame
    /// (`timedPictures`): the shapes of one pass that would each reduce a 2160p clip alone get
    /// the picture they would have had (the same bytes), while the others take it whole.
    public var alsoScales: [Double] = []
    /// Pictures above this many pixels (more than 1080p's twice over) are decoded by slices, not
    /// several frames at once (see `DecoderContext`, `decodesBySlices`), and their decoder's
    /// memory handed back.
    static let largePicture = 2 * 1920 * 1080
    /// Whether the clip's pictures are large (see `largePicture`): its decoder's pool then holds
    /// several of them at full size, 12–25 MB each.
    public var hasLargePictures: Bool { Self.isLarge(width: width, height: height) }

    /// Whether pictures of this size are large (see `largePicture`).
    public static func isLarge(width: Int, height: Int) -> Bool { width * height > largePicture }

    /// Up to this many processors every clip is decoded by slices, not only large ones: the
    /// encoder keeps them all busy, so frame threads (each with its own context and pictures)
    /// buy no speed, only memory — 25 MB at the peak of bench/clips for its 1080p H.264 clips,
    /// the same CPU. With more, smaller pictures are decoded several frames at once, so a clip
    /// of one slice (as x264 writes them) is not decoded by one thread while the rest wait.
    static let fewProcessors = 4

    /// Whether the decoder's threads share each frame's slices rather than decoding several frames.
    static func decodesBySlices(width: Int, height: Int) -> Bool {
        isLarge(width: width, height: height) || ProcessInfo.processInfo.activeProcessorCount <= fewProcessors
    }

    /// What the decoder's frame threads may hold: each decodes a frame of its own into a picture
    /// of its own (and keeps its own context's tables), so their memory grows with their number.
    static let frameThreadBytes = 48 << 20

    /// Pictures' worth of memory one frame thread adds: the picture it decodes into and its own
    /// context's tables (an estimate on the safe side; only machines of more than
    /// `fewProcessors` decode by frames, so it was not measured on the two-core machine).
    static let picturesPerFrameThread = 2

    /// The frame threads a clip of this size is decoded with: those asked for (0: one per
    /// processor and one more, as FFmpeg chooses), no more than `frameThreadBytes` holds, so that
    /// `--threads 16` costs no more memory than 8 threads at 1080p (4 for a 10-bit clip). The
    /// output is the same for any count.
    package static func frameThreads(_ requested: Int, width: Int, height: Int, bytesPerSample: Int) -> Int {
        let wanted = requested > 0 ? requested : ProcessInfo.processInfo.activeProcessorCount + 1
        let picture = width * height * 3 / 2 * bytesPerSample
        return max(1, min(wanted, frameThreadBytes / max(1, picturesPerFrameThread * picture)))
    }

    public convenience init(path: String, threads: Int = 0) throws {
        try self.init(source: MediaSource(path: path), threads: threads)
    }

    /// Opens a source: a whole file, or a byte range of one (the movie inside a Motion Photo).
    public convenience init(source: MediaSource, threads: Int = 0) throws {
        try self.init(source: source, threads: threads, grader: nil)
    }

    /// Opens a source whose pictures `grader` grades where it can (see `Grader`), held steady by
    /// `stabilisation` (see `StabilisingFilter`) before they are graded or reduced.
    package init(source: MediaSource, threads: Int = 0, grader: Grader?, stabilisation: ClipStabilisation? = nil) throws {
        self.grader = grader
        let path = source.description
        self.path = path
        container = try FormatContext(source: source)
        // Only the picture read is probed (the header names it; a file whose header does not
        // has every stream probed, as before).
        if let chosen = try container.streams().first(where: { $0.type == AVMEDIA_TYPE_VIDEO && !$0.isCoverArt }) {
            try container.findStreamInfo(keeping: chosen.index)
        } else {
            try container.findStreamInfo()
        }
        let streams = try container.streams()
        guard let stream = streams.first(where: { $0.type == AVMEDIA_TYPE_VIDEO && !$0.isCoverArt }) else {
            throw MediaError("find video stream", path: path, reason: "the file has no video stream")
        }
        timeBase = stream.timeBase
        startTime = stream.startTime ?? 0
        stabiliser = try stabilisation.map { try StabilisingFilter($0, timeBase: stream.timeBase, path: path) }
        orientation = PictureOrientation(displayMatrixRotation: stream.rotation)
        let size = try container.withContext { ctx -> (Int, Int, Double?, ColourDescription, Int) in
            guard let s = ctx.pointee.streams[stream.index] else { return (0, 0, nil, .bt709, 1) }
            let par = s.pointee.codecpar.pointee
            var seconds: Double? = nil
            if s.pointee.duration > 0 { seconds = Double(s.pointee.duration) * av_q2d(s.pointee.time_base) }
            else if ctx.pointee.duration > 0 { seconds = Double(ctx.pointee.duration) / Double(AV_TIME_BASE) }
            let depth = av_pix_fmt_desc_get(AVPixelFormat(rawValue: par.format)).map { Int($0.pointee.comp.0.depth) } ?? 8
            return (Int(par.width), Int(par.height), seconds, SourceColour.video(par).0, depth > 8 ? 2 : 1)
        }
        guard size.0 > 0, size.1 > 0 else { throw MediaError("read video size", path: path, reason: "the stream has no picture size") }
        let slicesOnly = Self.decodesBySlices(width: size.0, height: size.1)
        frames = try StreamFrames(container: container, stream: stream.index,
                                  threads: slicesOnly ? threads : Self.frameThreads(threads, width: size.0, height: size.1, bytesPerSample: size.4),
                                  slicesOnly: slicesOnly)
        width = orientation.swapsAxes ? size.1 : size.0
        height = orientation.swapsAxes ? size.0 : size.1
        duration = size.2
        colour = size.3
        guard timeBase.num > 0, timeBase.den > 0 else {
            throw MediaError("read video timing", path: path, reason: "the stream has no time base")
        }
    }

    /// The picture to show at `time` seconds from the start of the clip, as stored.
    /// - Throws: `MediaError` when the clip has no picture at all or cannot be decoded, or the
    ///   reader's grader graded it.
    public func picture(at time: Rational) throws -> SourcePicture {
        guard case .stored(let picture) = try timedFrame(at: time).picture else {
            throw MediaError("decode video", path: path, reason: "the picture was graded as it was decoded")
        }
        return picture
    }

    /// The 8-bit picture to show at `time` (codes as stored): for reading back what lenta wrote.
    /// - Throws: `MediaError` for a deeper clip, or as `picture(at:)`.
    public func frame(at time: Rational) throws -> PlanarFrame {
        guard case .eightBit(let frame) = try picture(at: time) else {
            throw MediaError("decode video", path: path, reason: "the clip has more than 8 bits per code")
        }
        return frame
    }

    /// The picture to show at `time` seconds from the start of the clip, with its own timestamp
    /// (the same for every `time` it is shown at, so callers can reuse work done on it).
    /// - Throws: `MediaError` when the clip has no picture at all or cannot be decoded.
    package func timedFrame(at time: Rational) throws -> (time: Rational, picture: ClipPicture) {
        let (time, pictures) = try timedPictures(at: time)
        guard let picture = pictures.first else { throw MediaError("decode video", path: path, reason: "no picture at \(time.doubleValue) s") }
        return (time, picture)
    }

    /// As `timedFrame(at:)`, the picture at `scale` and then one at each of `alsoScales`, in order.
    package func timedPictures(at time: Rational) throws -> (time: Rational, pictures: [ClipPicture]) {
        if let current, time < current.time || time - current.time > seekAhead {
            try seek(to: time)
        } else if current == nil, upcoming == nil, !ended {
            try seek(to: time)
        }
        try advance(to: time)
        if let held = current, held.frame == nil, held.pictures == nil {
            // A frame let go of as passed over is the one to show after all (timestamps that
            // are not evenly spaced): decoded again, and no frame is let go of from now on.
            dropsPassedOver = false
            try seek(to: time)
            try advance(to: time)
        }
        if current != nil {
            return try shown(&current)
        }
        return try shown(&upcoming)
    }

    /// The picture of a decoded frame, made (graded, where the grader takes it) when it is first
    /// shown; the decoder's frame is then let go of, so its pool reuses the buffers instead of
    /// growing by a whole picture.
    private func shown(_ timed: inout TimedFrame?) throws -> (time: Rational, pictures: [ClipPicture]) {
        guard var made = timed else {
            throw MediaError("decode video", path: path, reason: "the clip has no picture there")
        }
        if made.pictures == nil, let frame = made.frame {
            made.pictures = try ([scale] + alsoScales).map { try picture(of: frame, scale: $0) }
            made.frame = nil
            timed = made
        }
        guard let pictures = made.pictures else { throw MediaError("decode video", path: path, reason: "no picture at \(made.time.doubleValue) s") }
        return (made.time, pictures)
    }

    /// Lets go of the decoder and its pictures now (nothing can be read after), and hands what it
    /// held back to the system. glibc keeps freed memory in its arenas, and returns it by itself
    /// only from an arena's top: a decoder closed after the next clip's opened above it (a
    /// transition shows both) leaves a hole below the live one that would stay resident for
    /// the rest of that clip (22 MB of a 1080p H.264 decoder's under a 2160p HEVC clip, measured).
    public func close() {
        frames = nil
        current = nil
        upcoming = nil
        ended = true
        scalers = []
        returnFreedMemory()
    }

    /// Decodes forward until the next frame starts after `time`. No decoded frame is held while
    /// the next one is decoded, so the decoder's pool never needs a picture more than its own
    /// (25 MB at 2160p 10-bit): the frame that will most likely be shown (the next is due a whole
    /// step after it, past `time`) is made into its picture first, and one that will most likely
    /// be passed over (decoding through to a seek's time, a 60 fps clip in a 30 fps story) is let
    /// go of. A guess that let go of the frame to show is caught by `timedFrame`.
    private func advance(to time: Rational) throws {
        while true {
            if upcoming == nil, !ended {
                if let held = current, held.frame != nil, let step {
                    if held.time + step > time {
                        _ = try shown(&current)
                    } else if dropsPassedOver {
                        current?.frame = nil
                    }
                }
                try decodeNext()
            }
            guard let next = upcoming, next.time <= time else { return }
            current = next
            upcoming = nil
        }
    }

    private func decodeNext() throws {
        guard let frames else {
            throw MediaError("decode video", path: path, reason: "the clip was closed")
        }
        let frame = try CodecFrame()
        while true {
            guard try frames.next(into: frame) else {
                ended = true
                return
            }
            let stamp = frame.pointer.pointee.best_effort_timestamp
            guard stamp != lenta_av_nopts_value() else { frame.unreference(); continue }
            let t = Rational((stamp - startTime) * Int64(timeBase.num), Int64(timeBase.den))
            // Frames that do not move forward (duplicates after a seek) are skipped.
            if let current, t <= current.time { frame.unreference(); continue }
            if let current { step = t - current.time }
            upcoming = TimedFrame(time: t, frame: try stabiliser?.filter(frame, stamp: stamp) ?? frame)
            return
        }
    }

    private func seek(to time: Rational) throws {
        let target = (time * Rational(Int64(timeBase.den), Int64(timeBase.num))).floor + startTime
        guard let frames else {
            throw MediaError("seek video", path: path, reason: "the clip was closed")
        }
        try frames.seek(to: max(target, startTime))
        stabiliser?.reset()
        current = nil
        upcoming = nil
        ended = false
        try decodeNext()
        // A first frame after the time asked (no keyframe before it) still shows.
        if let first = upcoming, time < first.time {
            current = first
            upcoming = nil
        }
    }

    /// A decoded frame's picture, upright: graded by `grader` straight from the decoder's planes
    /// where it takes them, else as stored.
    private func picture(of frame: CodecFrame, scale: Double) throws -> ClipPicture {
        if let grader, let lent = lentFrame(frame, scale: scale), let graded = withExtendedLifetime(frame, { grader(lent) }) {
            return .graded(orientation.apply(to: graded))
        }
        return .stored(orientation.apply(to: try sourcePicture(frame, scale: scale)))
    }

    /// The decoder's frame lent to the grader, when it is handed on whole or exactly halved (other
    /// reductions are libswscale's) and, for a turned clip, has even sides: then each 2×2 block
    /// stays a block when turned, with the same samples and chroma, so grading and then turning
    /// gives the bytes that turning and then grading would.
    private func lentFrame(_ frame: CodecFrame, scale: Double) -> BorrowedVideoFrame? {
        let size = Self.reducedSize(frame.width, frame.height, scale: scale)
        let halved = size.width != frame.width || size.height != frame.height
        if halved, size.width * 2 != frame.width || size.height * 2 != frame.height { return nil }
        guard let lent = frame.borrowedVideoFrame(halved: halved),
              orientation == .upright || (lent.width % 2 == 0 && lent.height % 2 == 0) else { return nil }
        return lent
    }

    /// The size a stored picture is handed on at: `scale` of it, at least one pixel.
    private static func reducedSize(_ width: Int, _ height: Int, scale: Double) -> (width: Int, height: Int) {
        guard scale < 1 else { return (width, height) }
        let s = max(scale, 1e-4)
        return (max(1, Int((Double(width) * s).rounded())), max(1, Int((Double(height) * s).rounded())))
    }

    /// The decoded frame as 4:2:0 with its codes as stored: yuv420p/yuvj420p and yuv420p10le
    /// at full size are copied, at half size averaged by `HalvedPicture`; other layouts and
    /// reduced sizes go through libswscale with the same matrix and range on both sides (so
    /// codes keep their meaning), deeper ones to 10 bits.
    /// R'G'B' frames become BT.709 limited Y'CbCr, as the colour table reads R'G'B' sources.
    private func sourcePicture(_ frame: CodecFrame, scale: Double) throws -> SourcePicture {
        let f = frame.pointer.pointee
        let size = Self.reducedSize(frame.width, frame.height, scale: scale)
        let reducing = size.width != frame.width || size.height != frame.height
        if !reducing, let planar = frame.planarFrame() { return .eightBit(planar) }
        if !reducing, let deep = frame.deepPlanarFrame() { return .deep(deep) }
        // Exactly half (a 2160p clip filling a 1080p story): 2×2 averages, a fraction of libswscale's time.
        if reducing, size.width * 2 == frame.width, size.height * 2 == frame.height, let halved = HalvedPicture.make(from: frame) {
            return halved
        }
        let descriptor = av_pix_fmt_desc_get(frame.format)
        let depth = descriptor.map { Int($0.pointee.comp.0.depth) } ?? 8
        let isRGB = descriptor.map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0 } ?? false
        let target = depth > 8 ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
        let fits = { (s: ScaleContext) in
            s.sourceWidth == frame.width && s.sourceHeight == frame.height && s.sourceFormat == frame.format
                && s.destinationWidth == size.width && s.destinationHeight == size.height && s.destinationFormat == target
        }
        var scaler = scalers.first(where: fits)
        if scaler == nil {
            // Reducing: the area filter, as photos are reduced; repacking alone: bicubic chroma.
            let filter = reducing ? SWS_AREA : SWS_BICUBIC
            let s = try ScaleContext(from: (frame.width, frame.height, frame.format), to: (size.width, size.height, target),
                                     flags: Int32(filter) | Int32(SWS_ACCURATE_RND) | Int32(SWS_BITEXACT), path: path)
            let full = f.color_range == AVCOL_RANGE_JPEG
            s.setColourspace(source: .bt709, sourceFullRange: isRGB || full, destination: .bt709, destinationFullRange: isRGB ? false : full)
            // Only the sizes of this frame's kind are kept (a stream that changes size midway).
            scalers = scalers.filter { $0.sourceWidth == frame.width && $0.sourceHeight == frame.height && $0.sourceFormat == frame.format } + [s]
            scaler = s
        }
        guard let scaler else { throw MediaError("convert video frame", path: path, reason: "no scaler") }
        // Reduced straight into the picture's planes when their rows keep libswscale's 16-byte
        // steps (1080p and most sizes): no frame in between, no copy.
        let sampleBytes = depth > 8 ? 2 : 1
        if (size.width * sampleBytes) % 16 == 0, (((size.width + 1) / 2) * sampleBytes) % 16 == 0 {
            if depth > 8 {
                let (y, u, v) = try Self.planes(UInt16.self, scaler, frame, width: size.width, height: size.height)
                return .deep(DeepPlanarFrame(width: size.width, height: size.height, bitDepth: 10, y: y, u: u, v: v))
            }
            let (y, u, v) = try Self.planes8(scaler, frame, width: size.width, height: size.height)
            return .eightBit(PlanarFrame(width: size.width, height: size.height, y: y, u: u, v: v))
        }
        let converted = try scaler.convert(frame)
        if let planar = converted.planarFrame() { return .eightBit(planar) }
        if let deep = converted.deepPlanarFrame() { return .deep(deep) }
        throw MediaError("convert video frame", path: path, reason: "libswscale gave no 4:2:0 picture")
    }
}

extension VideoReader {
    /// The 4:2:0 planes of `frame` converted by `scaler`, written where they are kept.
    fileprivate static func planes<T: FixedWidthInteger>(_ type: T.Type, _ scaler: ScaleContext, _ frame: CodecFrame,
                                                         width: Int, height: Int) throws -> ([T], [T], [T]) {
        let chroma = ((width + 1) / 2) * ((height + 1) / 2)
        let size = MemoryLayout<T>.stride
        var u: [T] = [], v: [T] = []
        let y = try [T](unsafeUninitializedCapacity: width * height) { yPlane, yCount in
            u = try [T](unsafeUninitializedCapacity: chroma) { uPlane, uCount in
                v = try [T](unsafeUninitializedCapacity: chroma) { vPlane, vCount in
                    try convert(scaler, frame, width: width, sampleBytes: size, into: (yPlane.baseAddress, uPlane.baseAddress, vPlane.baseAddress))
                    vCount = chroma
                }
                uCount = chroma
            }
            yCount = width * height
        }
        return (y, u, v)
    }

    /// `planes` for 8-bit pictures, into a frame's aligned planes.
    fileprivate static func planes8(_ scaler: ScaleContext, _ frame: CodecFrame, width: Int, height: Int) throws
        -> (PlaneSamples, PlaneSamples, PlaneSamples) {
        let chroma = ((width + 1) / 2) * ((height + 1) / 2)
        var u = PlaneSamples(), v = PlaneSamples()
        let y = try PlaneSamples(unsafeUninitializedCount: width * height) { yPlane in
            u = try PlaneSamples(unsafeUninitializedCount: chroma) { uPlane in
                v = try PlaneSamples(unsafeUninitializedCount: chroma) { vPlane in
                    try convert(scaler, frame, width: width, sampleBytes: 1, into: (yPlane.baseAddress, uPlane.baseAddress, vPlane.baseAddress))
                }
            }
        }
        return (y, u, v)
    }

    /// `frame` converted by `scaler` into three packed planes of `width` samples a row.
    private static func convert<T>(_ scaler: ScaleContext, _ frame: CodecFrame, width: Int, sampleBytes: Int,
                                   into planes: (UnsafeMutablePointer<T>?, UnsafeMutablePointer<T>?, UnsafeMutablePointer<T>?)) throws {
        guard let yBase = planes.0, let uBase = planes.1, let vBase = planes.2 else {
            throw MediaError("convert video frame", path: scaler.path, reason: "no memory for the picture")
        }
        try scaler.convert(frame, into: (UnsafeMutableRawPointer(yBase), UnsafeMutableRawPointer(uBase), UnsafeMutableRawPointer(vBase)),
                           strides: (width * sampleBytes, (width + 1) / 2 * sampleBytes, (width + 1) / 2 * sampleBytes))
    }
}

/// A decoded frame by its time from the clip's start, and — once shown — its picture instead.
private struct TimedFrame {
    let time: Rational
    var frame: CodecFrame?
    /// At `scale`, then at each of `alsoScales`.
    var pictures: [ClipPicture]?

    init(time: Rational, frame: CodecFrame) {
        self.time = time
        self.frame = frame
    }
}
