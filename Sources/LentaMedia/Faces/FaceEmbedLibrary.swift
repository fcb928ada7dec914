import CFaceEmbedAPI
import Foundation
import LentaCore

/// The face embedder's shared object (`libLentaFaceEmbed.so`, the `CFaceEmbed` target, linked
/// against dlib, BLAS and LAPACK), loaded with `dlopen` the first time faces are learned, and its
/// three functions (`face_embed.h`'s `…_fn` types). lenta does not link dlib: only `lenta
/// people`, `scan --faces` and a story's first making need it.
/// Loaded once and never closed. The functions are kept as addresses (plain numbers, so the
/// value is `Sendable`) and turned back into their C types where they are called.
struct FaceEmbedLibrary: Sendable {
    /// The file it was loaded from.
    let path: String
    private let openAddress: UInt
    private let closeAddress: UInt
    private let embedAddress: UInt

    var open: lenta_face_embedder_open_fn { unsafeBitCast(openAddress, to: lenta_face_embedder_open_fn.self) }
    var close: lenta_face_embedder_close_fn { unsafeBitCast(closeAddress, to: lenta_face_embedder_close_fn.self) }
    var embed: lenta_face_embed_fn { unsafeBitCast(embedAddress, to: lenta_face_embed_fn.self) }

    /// The library of this process, loaded on first use; the failure names every file tried.
    static let shared: Result<FaceEmbedLibrary, MediaError> = load(from: candidates())

    /// Beside the running executable (SwiftPM builds it there), then `<executable>/../lib/lenta/`
    /// (where `make install` puts it).
    static func candidates(executables: [URL] = PresetLibrary.runningExecutables()) -> [String] {
        var paths: [String] = []
        for executable in executables {
            let folder = executable.deletingLastPathComponent()
            for candidate in [folder, folder.appendingPathComponent("../lib/lenta", isDirectory: true)] {
                let path = candidate.appendingPathComponent(LENTA_FACE_EMBED_LIBRARY).standardizedFileURL.path
                if !paths.contains(path) { paths.append(path) }
            }
        }
        return paths
    }

    /// The first of `paths` that loads and has the three functions.
    static func load(from paths: [String]) -> Result<FaceEmbedLibrary, MediaError> {
        var reasons: [String] = []
        for path in paths {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerrorText())
                continue
            }
            do {
                return .success(FaceEmbedLibrary(
                    path: path,
                    openAddress: try resolve("lenta_face_embedder_open", in: handle),
                    closeAddress: try resolve("lenta_face_embedder_close", in: handle),
                    embedAddress: try resolve("lenta_face_embed", in: handle)))
            } catch {
                reasons.append("\(path): \(error.reason)")
                dlclose(handle)
            }
        }
        return .failure(MediaError("load the face embedder", path: LENTA_FACE_EMBED_LIBRARY,
                                   reason: reasons.isEmpty ? "no folder to look in" : reasons.joined(separator: "; ")))
    }

    private static func resolve(_ name: String, in handle: UnsafeMutableRawPointer) throws(MediaError) -> UInt {
        guard let address = dlsym(handle, name) else {
            throw MediaError("load the face embedder", path: LENTA_FACE_EMBED_LIBRARY, reason: dlerrorText())
        }
        return UInt(bitPattern: address)
    }

    private static func dlerrorText() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
    }
}
