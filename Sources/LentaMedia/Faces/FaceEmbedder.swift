import CFaceEmbedAPI
import Foundation
import LentaCore

/// dlib's face detector, 5-point aligner and face-recognition network (through `CFaceEmbed`,
/// loaded on first use: `FaceEmbedLibrary`): the one owner of the loaded models, made by the
/// throwing init and freed by `deinit`. Calls may come from every core at once: the C side
/// gives each its own worker. The C object is kept by its address (a plain number) so that the
/// owner is `Sendable` without an unchecked promise: nothing but this class touches it.
public final class FaceEmbedder: Sendable {
    /// A face in the picture's pixels.
    public struct Face: Sendable, Equatable {
        public var x, y, width, height: Int
        public var score: Double
        public var vector: FaceVector
    }

    public let models: FaceModels
    private let library: FaceEmbedLibrary
    private let address: UInt

    private var embedder: OpaquePointer { OpaquePointer(bitPattern: address)! }

    /// The embedder's shared object this one runs from.
    public var libraryPath: String { library.path }

    /// Throws when the library cannot be loaded (it names the files tried and why) or a model
    /// file cannot be read.
    public init(models: FaceModels) throws(MediaError) {
        let library = try FaceEmbedLibrary.shared.get()
        var status: Int32 = 0
        var error = [CChar](repeating: 0, count: 512)
        guard let embedder = library.open(models.shapePredictor, models.recognition, &status, &error, Int32(error.count)) else {
            throw MediaError("load the face models", path: models.folder.path,
                             reason: "dlib cannot read them (status \(status)): \(Self.text(error))")
        }
        self.library = library
        self.address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(embedder)))
        self.models = models
    }

    deinit { library.close(embedder) }

    /// The C side's NUL-terminated message.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The embedder of the models `FaceModels.locate` finds, loaded once for the process.
    public static func standard() throws(MediaError) -> FaceEmbedder { try loaded.get() }

    private static let loaded: Result<FaceEmbedder, MediaError> = {
        do throws(MediaError) {
            return .success(try FaceEmbedder(models: try FaceModels.locate()))
        } catch {
            return .failure(error)
        }
    }()

    /// Faces at least `minSize` pixels wide in packed 8-bit RGB (`width * 3` bytes a row),
    /// largest first, at most `limit` of them.
    public func faces(inRGB rgb: [UInt8], width: Int, height: Int, minSize: Int, limit: Int = 32) throws(MediaError) -> [Face] {
        guard width > 0, height > 0, rgb.count >= width * height * 3 else { return [] }
        var found = [lenta_face_embedding](repeating: lenta_face_embedding(), count: max(1, limit))
        var error = [CChar](repeating: 0, count: 512)
        let count = rgb.withUnsafeBufferPointer { pixels in
            found.withUnsafeMutableBufferPointer { out in
                library.embed(embedder, pixels.baseAddress, Int32(width), Int32(height), Int32(width * 3), Int32(minSize),
                              out.baseAddress, Int32(limit), &error, Int32(error.count))
            }
        }
        guard count >= 0 else {
            throw MediaError("find faces", path: models.folder.path, reason: "dlib failed (status \(count)): \(Self.text(error))")
        }
        return found.prefix(min(Int(count), limit)).compactMap { face in
            let values = withUnsafeBytes(of: face.vector) { Array($0.bindMemory(to: Float.self)) }
            guard let vector = FaceVector(values) else { return nil }
            return Face(x: Int(face.x), y: Int(face.y), width: Int(face.width), height: Int(face.height), score: Double(face.score), vector: vector)
        }
    }
}
