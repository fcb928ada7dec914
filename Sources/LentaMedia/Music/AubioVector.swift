import CAubio

/// One aubio sample vector (`fvec_t`): the one owner of it, freed by `deinit`.
final class AubioVector {
    let vector: UnsafeMutablePointer<fvec_t>
    let data: UnsafeMutablePointer<Float>
    let count: Int

    init(count: Int) throws {
        guard count > 0, let vector = new_fvec(UInt32(count)) else {
            // Also NULL when libaubio cannot be opened (it is, on the first call): then say why.
            let failure = lenta_aubio_load_failure().map { "cannot open aubio: " + String(cString: $0) }
            throw MediaError("track beats", path: "", reason: failure ?? "aubio could not allocate \(count) samples")
        }
        guard let data = vector.pointee.data else {
            del_fvec(vector)
            throw MediaError("track beats", path: "", reason: "aubio could not allocate \(count) samples")
        }
        self.vector = vector
        self.data = data
        self.count = count
    }

    /// The vector a detector (onsets, beats) is fed `hopSize` samples at a time through, once
    /// the sizes it is to be made with are usable: all positive, the hop no longer than the window.
    static func hop(windowSize: Int, hopSize: Int, sampleRate: Int, operation: String) throws -> AubioVector {
        guard windowSize > 0, hopSize > 0, hopSize <= windowSize, sampleRate > 0 else {
            throw MediaError(operation, path: "", reason: "window \(windowSize), hop \(hopSize), rate \(sampleRate) are not usable")
        }
        return try AubioVector(count: hopSize)
    }

    deinit { del_fvec(vector) }

    /// Copies `samples` in, padding with silence.
    func fill(_ samples: UnsafeBufferPointer<Float>) {
        for i in 0..<count { data[i] = i < samples.count ? samples[i] : 0 }
    }
}
