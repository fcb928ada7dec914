import Foundation
import LentaCore
import LentaMedia

/// Test sound for voice activity: sentences spoken by espeak-ng (a real formant synthesiser, so
/// the detector hears voiced and unvoiced sounds, pitch and pauses between words), and the
/// noises a trip's clips hold — wind (low-passed noise in gusts) and traffic (brown noise, a
/// car's hum swelling as it passes) — mixed at a chosen signal-to-noise ratio. Mono Float32 at
/// 48 kHz; deterministic (the noises are seeded; espeak-ng's output is the same for the same text).
public enum SyntheticSpeech {
    public static let sampleRate = 48_000

    /// espeak-ng, when installed (`make deps` installs it).
    public static let espeak: String? = {
        ["/usr/bin", "/usr/local/bin"].map { "\($0)/espeak-ng" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// `text` spoken, at 48 kHz (espeak-ng speaks at 22.05 kHz; resampled linearly, its sound has
    /// little above 5 kHz). Trailing silence trimmed.
    public static func spoken(_ text: String, voice: String = "en", wordsPerMinute: Int = 160) throws -> [Float] {
        guard let espeak else { throw MediaError("speak", path: "espeak-ng", reason: "espeak-ng is not installed") }
        let folder = try TemporaryFolder()
        let wav = folder.url.appendingPathComponent("s.wav").path
        let result = try LentaCLI.runTool(URL(fileURLWithPath: espeak), ["-v", voice, "-s", "\(wordsPerMinute)", "-w", wav, text])
        guard result.status == 0 else { throw MediaError("speak", path: espeak, reason: result.stderr) }
        let (samples, rate) = try readWAV(path: wav)
        var out = resample(samples, from: rate, to: sampleRate)
        while let last = out.last, abs(last) < 1e-3 { out.removeLast() }
        var head = 0
        while head < out.count, abs(out[head]) < 1e-3 { head += 1 }
        return Array(out[head...])
    }

    /// Mono 16-bit PCM WAV → samples in [−1, 1] and the rate.
    static func readWAV(path: String) throws -> ([Float], Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        func u32(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16 | Int(bytes[o + 3]) << 24 }
        func u16(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 }
        guard bytes.count > 44, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46] else { throw MediaError("read WAV", path: path, reason: "not RIFF") }
        var offset = 12, rate = 22_050, channels = 1
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            var size = u32(offset + 4)
            if id == "fmt " {
                channels = u16(offset + 10)
                rate = u32(offset + 12)
            } else if id == "data" {
                // espeak-ng writing to a file may leave the size unset (0x7ffff…): up to the end.
                size = min(size, bytes.count - offset - 8)
                var samples: [Float] = []
                samples.reserveCapacity(size / 2 / channels)
                var k = offset + 8
                while k + 2 * channels <= offset + 8 + size {
                    samples.append(Float(Int16(bitPattern: UInt16(u16(k)))) / 32768)
                    k += 2 * channels
                }
                return (samples, rate)
            }
            offset += 8 + size + (size & 1)
        }
        throw MediaError("read WAV", path: path, reason: "no data chunk")
    }

    static func resample(_ x: [Float], from: Int, to: Int) -> [Float] {
        guard from != to, !x.isEmpty else { return x }
        let count = Int(Double(x.count) * Double(to) / Double(from))
        return (0..<count).map { i in
            let t = Double(i) * Double(from) / Double(to)
            let a = Int(t), f = Float(t - Double(a))
            return a + 1 < x.count ? x[a] * (1 - f) + x[a + 1] * f : x[min(a, x.count - 1)]
        }
    }

    /// A small deterministic generator (SplitMix64) for the noises.
    struct Noise {
        var state: UInt64
        mutating func next() -> Float {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Float(Double(z >> 11) / Double(1 << 53)) * 2 - 1
        }
    }

    public enum Background: String, Sendable, CaseIterable {
        /// White noise low-passed (a wind-noise-like rumble below ~500 Hz) in gusts of 1–3 s.
        case wind
        /// Brown noise (integrated white) with cars passing: an engine hum (80–140 Hz harmonics)
        /// swelling and fading over a few seconds.
        case traffic
    }

    /// `seconds` of background noise, RMS about 0.1.
    public static func background(_ kind: Background, seconds: Double, seed: UInt64 = 1) -> [Float] {
        let n = Int(seconds * Double(sampleRate))
        var rng = Noise(state: seed)
        var out = [Float](repeating: 0, count: n)
        let rate = Float(sampleRate)
        switch kind {
        case .wind:
            // Two one-pole low-passes (~400 Hz), gust envelope from a slow random walk.
            let a: Float = exp(-2 * .pi * 400 / rate)
            var y1: Float = 0, y2: Float = 0, gust: Float = 0.5, target: Float = 0.5, hold = 0
            for i in 0..<n {
                if hold == 0 { target = 0.2 + 0.8 * abs(rng.next()); hold = Int((1 + 2 * abs(rng.next())) * rate) }
                hold -= 1
                gust += (target - gust) * (1 / (0.5 * rate))
                y1 = a * y1 + (1 - a) * rng.next()
                y2 = a * y2 + (1 - a) * y1
                out[i] = y2 * gust
            }
        case .traffic:
            var brown: Float = 0
            let period = 4.0  // a car every 4 s
            var phase: Float = 0
            for i in 0..<n {
                brown = 0.995 * brown + 0.05 * rng.next()
                let t = Double(i) / Double(sampleRate)
                let into = t.truncatingRemainder(dividingBy: period) / period  // 0…1 through a pass
                let swell = Float(exp(-pow((into - 0.5) * 5, 2)))
                // The pitch falls as the car goes by (Doppler).
                let f = Float(110 * (1.08 - 0.16 * into))
                phase += 2 * .pi * f / rate
                if phase > 2 * .pi { phase -= 2 * .pi }
                let hum = sin(phase) + 0.5 * sin(2 * phase) + 0.3 * sin(3 * phase)
                out[i] = brown + 0.3 * swell * hum
            }
        }
        let rms = (out.reduce(0) { $0 + $1 * $1 } / Float(max(1, n))).squareRoot()
        return rms > 0 ? out.map { $0 * 0.1 / rms } : out
    }

    /// `speech` over `noise` at `snr` dB (speech power taken over its voiced frames), scaled to
    /// peak at most 0.9; and the noise alone as it is in the mix.
    public static func mix(speech: [Float], noise: [Float], snr: Double) -> (mixed: [Float], noise: [Float]) {
        let n = max(speech.count, noise.count)
        let truth = voiced(speech)
        var speechPower: Float = 0, frames = 0
        for (k, on) in truth.enumerated() where on {
            for i in k * frame..<min(speech.count, (k + 1) * frame) { speechPower += speech[i] * speech[i] }
            frames += 1
        }
        speechPower /= Float(max(1, frames * frame))
        let noisePower = noise.reduce(0) { $0 + $1 * $1 } / Float(max(1, noise.count))
        var gain = noisePower > 0 ? (speechPower / noisePower / Float(pow(10, snr / 10))).squareRoot() : 0
        var out = (0..<n).map { i in (i < speech.count ? speech[i] : 0) + (i < noise.count ? noise[i] * gain : 0) }
        let peak = out.map(abs).max() ?? 0
        if peak > 0.9 {
            out = out.map { $0 * 0.9 / peak }
            gain *= 0.9 / peak
        }
        return (out, noise.map { $0 * gain })
    }

    /// 30 ms frames.
    public static let frame = 1440

    /// Which 30 ms frames of clean speech hold a voice: energy within 35 dB of the loudest frame's.
    public static func voiced(_ speech: [Float]) -> [Bool] {
        let frames = speech.count / frame
        let energy = (0..<frames).map { k in speech[k * frame..<(k + 1) * frame].reduce(0) { $0 + $1 * $1 } / Float(frame) }
        let loudest = energy.max() ?? 0
        return energy.map { loudest > 0 && $0 > loudest * pow(10, -3.5) }
    }

    /// Sentences placed at `starts` (seconds) in `seconds` of silence; the utterances they make.
    public static func sentences(_ texts: [String], at starts: [Double], seconds: Double) throws -> (sound: [Float], utterances: [Utterance]) {
        var out = [Float](repeating: 0, count: Int(seconds * Double(sampleRate)))
        var spans: [Utterance] = []
        for (text, start) in zip(texts, starts) {
            let s = try spoken(text)
            let at = Int(start * Double(sampleRate))
            for i in 0..<s.count where at + i < out.count { out[at + i] = s[i] }
            spans.append(Utterance(start, start + Double(s.count) / Double(sampleRate)))
        }
        return (out, spans)
    }

    /// Mono samples as stereo interleaved (what `AudioDecoder` gives and `SpeechFinder` takes).
    public static func stereo(_ mono: [Float]) -> [Float] {
        var out = [Float](repeating: 0, count: mono.count * 2)
        for i in mono.indices { out[2 * i] = mono[i]; out[2 * i + 1] = mono[i] }
        return out
    }

    /// Writes mono samples as a 16-bit PCM WAV at 48 kHz.
    public static func writeWAV(_ samples: [Float], to path: String) throws {
        var d = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: Array("RIFF".utf8)); u32(36 + samples.count * 2); d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(1); u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(samples.count * 2)
        for s in samples { u16(Int(UInt16(bitPattern: Int16(max(-32768, min(32767, (s * 32767).rounded())))))) }
        try d.write(to: URL(fileURLWithPath: path))
    }
}
