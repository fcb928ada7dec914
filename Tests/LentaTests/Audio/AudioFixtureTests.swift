import Foundation
import Testing
import LentaCore
import LentaMedia
import LentaRender
import LentaTestSupport

/// Test sound made here: WAV files from a tiny writer, other formats through the `ffmpeg` CLI
/// when it is installed, and measurements on the decoded or mixed samples.
enum AudioFixtures {
    static let rate = 48_000

    // MARK: Making sound

    /// A sine tone, `seconds` long, silent before `onset` seconds (and after `onset + length`
    /// when a length is given). Interleaved, the same on every channel.
    static func tone(hertz: Double, seconds: Double, rate: Int = 48_000, channels: Int = 1, amplitude: Double = 0.5,
                     onset: Double = 0, length: Double? = nil) -> [Float] {
        let count = Int((seconds * Double(rate)).rounded())
        let first = Int((onset * Double(rate)).rounded())
        let last = length.map { first + Int(($0 * Double(rate)).rounded()) } ?? count
        var out = [Float](repeating: 0, count: count * channels)
        for i in first..<min(last, count) {
            let v = Float(amplitude * sin(2 * .pi * hertz * Double(i - first) / Double(rate)))
            for c in 0..<channels { out[i * channels + c] = v }
        }
        return out
    }

    /// A 16-bit PCM WAV; with `channelMask`, a WAVE_FORMAT_EXTENSIBLE one that names its channels.
    static func writeWAV(_ samples: [Float], channels: Int, rate: Int = 48_000, channelMask: UInt32? = nil, to path: String) throws {
        var data = Data()
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = samples.count * 2
        let fmtSize: UInt32 = channelMask == nil ? 16 : 40
        data.append(contentsOf: Array("RIFF".utf8)); u32(4 + (8 + fmtSize) + 8 + UInt32(bytes))
        data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); u32(fmtSize)
        u16(channelMask == nil ? 1 : 0xFFFE); u16(UInt16(channels)); u32(UInt32(rate))
        u32(UInt32(rate * channels * 2)); u16(UInt16(channels * 2)); u16(16)
        if let channelMask {
            u16(22); u16(16); u32(channelMask)
            // KSDATAFORMAT_SUBTYPE_PCM
            data.append(contentsOf: [0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
        }
        data.append(contentsOf: Array("data".utf8)); u32(UInt32(bytes))
        for s in samples { u16(UInt16(bitPattern: quantized(s))) }
        try data.write(to: URL(fileURLWithPath: path))
    }

    static func quantized(_ s: Float) -> Int16 { Int16(max(-32768, min(32767, (Double(s) * 32767).rounded()))) }

    /// The `ffmpeg` CLI, when installed.
    static let ffmpeg: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":")
        return folders.map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
    static var hasFFmpeg: Bool { ffmpeg != nil }

    static func runFFmpeg(_ arguments: [String]) throws {
        try runTool("ffmpeg", ["-v", "error", "-nostdin", "-y"] + arguments)
    }

    /// Runs a command-line tool found on PATH (ffmpeg, heif-enc), throwing with its message when it fails.
    static func runTool(_ name: String, _ arguments: [String]) throws {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":")
        guard let tool = folders.map({ "\($0)/\(name)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw AudioFixtureError("\(name) is not installed")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw AudioFixtureError("\(name) \(arguments.joined(separator: " ")): \(message)") }
    }

    /// A `seconds`-long synthetic movie (SyntheticPattern frames at 30 fps) whose sound is silent
    /// but for a `hertz` beep starting exactly at `beepAt` seconds: the video made by
    /// LentaTestSupport, the sound a WAV encoded to AAC by the ffmpeg CLI (with its edit list).
    static func beepClip(seconds: Double, beepAt: Double, hertz: Double = 1000, in folder: TemporaryFolder, name: String) throws -> String {
        let video = folder.path("\(name)-video.mp4"), wav = folder.path("\(name)-beep.wav"), out = folder.path("\(name).mp4")
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, frameRate: 30, seconds: seconds), to: video)
        try writeWAV(tone(hertz: hertz, seconds: seconds, channels: 2, amplitude: 0.5, onset: beepAt, length: 0.2), channels: 2, to: wav)
        try runFFmpeg(["-i", video, "-i", wav, "-map", "0:v", "-map", "1:a", "-c:v", "copy", "-c:a", "aac", "-b:a", "160k", out])
        return out
    }

    // MARK: Reading it back

    /// Every sample of the file, decoded in uneven chunks.
    static func decodeAll(_ path: String, chunk: Int = 1777) throws -> [Float] {
        let decoder = try AudioDecoder(path: path)
        var out: [Float] = []
        while true {
            let part = try decoder.read(upTo: chunk)
            if part.isEmpty { return out }
            out += part
        }
    }

    /// The whole mix, asked for in chunks of `chunk` samples as the renderer would.
    static func mixAll(_ mixer: AudioMixer, chunk: Int = 1600) throws -> [Float] {
        var out: [Float] = []
        out.reserveCapacity(mixer.sampleCount * 2)
        var n = 0
        while n < mixer.sampleCount {
            let end = min(mixer.sampleCount, n + chunk)
            out += try mixer.samples(n..<end)
            n = end
        }
        return out
    }

    static func channel(_ interleaved: [Float], _ c: Int) -> [Float] {
        stride(from: c, to: interleaved.count, by: 2).map { interleaved[$0] }
    }

    static func rms(_ x: ArraySlice<Float>) -> Double {
        guard !x.isEmpty else { return 0 }
        return (x.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(x.count)).squareRoot()
    }

    static func rms(_ x: [Float], seconds range: ClosedRange<Double>) -> Double {
        rms(x[index(range.lowerBound, x)..<index(range.upperBound, x)])
    }

    private static func index(_ t: Double, _ x: [Float]) -> Int { max(0, min(x.count, Int(t * Double(rate)))) }

    /// The amplitude of the `hertz` component of `x` over `range` seconds (Goertzel).
    static func amplitude(of hertz: Double, in x: [Float], seconds range: ClosedRange<Double>) -> Double {
        let slice = x[index(range.lowerBound, x)..<index(range.upperBound, x)]
        let w = 2 * Double.pi * hertz / Double(rate)
        var re = 0.0, im = 0.0
        for (k, v) in slice.enumerated() {
            re += Double(v) * cos(w * Double(k))
            im -= Double(v) * sin(w * Double(k))
        }
        return 2 * (re * re + im * im).squareRoot() / Double(slice.count)
    }

    /// The frequency of a steady tone over `range` seconds, from its rising zero crossings
    /// (interpolated between samples).
    static func frequency(of x: [Float], seconds range: ClosedRange<Double>) -> Double {
        let from = index(range.lowerBound, x), to = index(range.upperBound, x)
        var crossings: [Double] = []
        for i in from..<(to - 1) where x[i] <= 0 && x[i + 1] > 0 {
            crossings.append(Double(i) + Double(-x[i]) / Double(x[i + 1] - x[i]))
        }
        guard let first = crossings.first, let last = crossings.last, crossings.count > 1 else { return 0 }
        return Double(crossings.count - 1) * Double(rate) / (last - first)
    }

    /// The first sample whose magnitude exceeds `threshold`, at or after `from`.
    static func onset(_ x: [Float], threshold: Float, from: Int = 0) -> Int? {
        guard from < x.count else { return nil }
        return (from..<x.count).first { abs(x[$0]) > threshold }
    }

    /// The largest difference between neighbouring samples of one channel (a click shows as a jump).
    static func maxJump(_ x: [Float]) -> Float {
        guard x.count > 1 else { return 0 }
        var m: Float = 0
        for i in 1..<x.count { m = max(m, abs(x[i] - x[i - 1])) }
        return m
    }

    /// The lag (in samples, within ±`maxLag`) at which `x[start...]` best matches `reference`.
    static func bestLag(_ x: [Float], start: Int, reference: [Float], maxLag: Int) -> Int {
        var best = 0, bestScore = -Double.infinity
        for lag in -maxLag...maxLag {
            var score = 0.0
            for k in reference.indices {
                let i = start + k + lag
                guard i >= 0, i < x.count else { continue }
                score += Double(x[i]) * Double(reference[k])
            }
            if score > bestScore { bestScore = score; best = lag }
        }
        return best
    }

    // MARK: Stories

    /// The timeline the renderer builds: photos by duration, clips by trim length.
    static func timeline(_ project: ProjectFile, fps: Int = 30) -> StoryTimeline {
        StoryTimeline(project: project, fps: Rational(Int64(fps))) { i in
            let item = project.items[i]
            if let trim = item.trim { return trim.length }
            return item.duration ?? project.photoDuration
        }
    }

    /// A small JPEG the mixer will treat as a (silent) photo.
    static func photo(in folder: TemporaryFolder, name: String = "photo.jpg") throws -> String {
        let path = folder.path(name)
        if !FileManager.default.fileExists(atPath: path) {
            try SyntheticMedia.jpeg(width: 32, height: 24, exif: nil, to: path)
        }
        return name
    }
}

struct AudioFixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

@Suite("Audio fixtures")
struct AudioFixtureTests {
    @Test("the WAV writer's files decode to what was written, sample for sample")
    func wavRoundTrip() throws {
        let folder = try TemporaryFolder()
        let left = AudioFixtures.tone(hertz: 440, seconds: 0.5, amplitude: 0.6)
        let right = AudioFixtures.tone(hertz: 660, seconds: 0.5, amplitude: 0.3)
        var stereo: [Float] = []
        for i in left.indices { stereo += [left[i], right[i]] }
        try AudioFixtures.writeWAV(stereo, channels: 2, to: folder.path("s.wav"))
        let decoded = try AudioFixtures.decodeAll(folder.path("s.wav"))
        #expect(decoded.count == stereo.count)
        let worst = zip(decoded, stereo).map { abs($0 - Float(AudioFixtures.quantized($1)) / 32768) }.max() ?? 1
        #expect(worst < 1e-6)
    }

    @Test("the measurements find a tone's frequency and amplitude")
    func measurements() {
        let x = AudioFixtures.tone(hertz: 1000, seconds: 1, amplitude: 0.4)
        #expect(abs(AudioFixtures.frequency(of: x, seconds: 0.1...0.9) - 1000) < 0.1)
        #expect(abs(AudioFixtures.amplitude(of: 1000, in: x, seconds: 0.1...0.9) - 0.4) < 0.002)
        #expect(abs(AudioFixtures.rms(x, seconds: 0.1...0.9) - 0.4 / 2.0.squareRoot()) < 0.002)
    }
}
