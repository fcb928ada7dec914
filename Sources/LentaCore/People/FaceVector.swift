import Foundation

/// A face's identity as dlib's face-recognition network gives it: 128 numbers, so that two
/// faces of one person lie less than `samePerson` apart (Euclidean) and faces of two people
/// further. Stored as 128 little-endian 32-bit floats.
public struct FaceVector: Sendable, Equatable {
    public static let count = 128
    /// The distance dlib's model is made for: below it, one person (99.38 % right on LFW).
    public static let samePerson = 0.6

    public let values: [Float]

    /// Nil unless there are exactly `count` finite numbers.
    public init?(_ values: [Float]) {
        guard values.count == Self.count, values.allSatisfy(\.isFinite) else { return nil }
        self.values = values
    }

    /// Nil for bytes that are not `count` little-endian floats.
    public init?(bytes: Data) {
        guard bytes.count == Self.count * 4 else { return nil }
        var values = [Float](repeating: 0, count: Self.count)
        for i in 0..<Self.count {
            let b = bytes.startIndex + 4 * i
            let bits = UInt32(bytes[b]) | UInt32(bytes[b + 1]) << 8 | UInt32(bytes[b + 2]) << 16 | UInt32(bytes[b + 3]) << 24
            values[i] = Float(bitPattern: bits)
        }
        self.init(values)
    }

    public var bytes: Data {
        var data = Data(capacity: Self.count * 4)
        for value in values {
            let bits = value.bitPattern
            data.append(contentsOf: [UInt8(bits & 0xff), UInt8(bits >> 8 & 0xff), UInt8(bits >> 16 & 0xff), UInt8(bits >> 24)])
        }
        return data
    }

    public func distance(to other: FaceVector) -> Double {
        var sum: Float = 0
        for i in 0..<Self.count {
            let d = values[i] - other.values[i]
            sum += d * d
        }
        return Double(sum.squareRoot())
    }
}
