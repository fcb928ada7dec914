import LentaPixels
import Foundation
import LentaCore
@testable import LentaMedia
import Testing

/// dlib's face identifier as lenta loads it: where its library and models are looked for, and
/// what a missing or wrong file gives.
@Suite struct FaceEmbedderTests {
    @Test func theModelsAreLookedForInTheDocumentedOrder() throws {
        let executable = URL(fileURLWithPath: "/opt/lenta/bin/lenta")
        let paths = FaceModels.searchPaths(environment: ["LENTA_MODELS": "/srv/models"], executables: [executable]).map(\.path)
        #expect(paths == ["/srv/models", "/opt/lenta/share/lenta/models", FaceModels.sourceTree.path])
        #expect(LoadableLibrary.candidates("libLentaFaceEmbed.so", executables: [executable])
            == ["/opt/lenta/bin/libLentaFaceEmbed.so", "/opt/lenta/lib/lenta/libLentaFaceEmbed.so"])
    }

    @Test func modelsThatAreNotModelsAreAMediaErrorNamingThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lenta-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a model".utf8).write(to: folder.appendingPathComponent(FaceModels.shapePredictorName))
        try Data("not a model".utf8).write(to: folder.appendingPathComponent(FaceModels.recognitionName))
        #expect(try FaceModels.locate(environment: ["LENTA_MODELS": folder.path], executables: []).folder.path == folder.path)
        do {
            _ = try FaceEmbedder(models: FaceModels(folder: folder))
            Issue.record("loaded models that are not")
        } catch {
            #expect(error.operation == "load the face models")
            #expect(error.reason.contains(FaceModels.shapePredictorName), "\(error.reason)")
        }
    }

    @Test(.enabled(if: RealFaces.available, RealFaces.skipped))
    func aPictureWithoutFacesHasNoneAndAFaceHasOneVector() throws {
        let embedder = try FaceEmbedder.standard()
        let grey = PlanarFrame(width: 640, height: 480, colour: YUVColour(y: 120, u: 128, v: 128))
        #expect(try FaceFinder.faces(in: grey, embedder: embedder).isEmpty)
        let path = RealFaces.folder.appendingPathComponent("obama.jpg").path
        guard case .media(let metadata) = try MetadataProbe.read(path: path, modified: 0, now: 0) else { throw MediaError("read", path: path, reason: "") }
        let faces = try FaceFinder.faces(path: path, metadata: metadata, embedder: embedder)
        #expect(faces.count == 1)
        if let face = faces.first {
            // Where the face is in the portrait (upper middle), and a vector of unit-ish length.
            #expect(face.box.x > 0.3 && face.box.x + face.box.width < 0.75 && face.box.y < 0.3, "\(face.box)")
            let length = face.vector.values.map { Double($0 * $0) }.reduce(0, +).squareRoot()
            #expect(length > 0.2 && length < 2, "\(length)")
        }
    }
}
