import CFaceEmbedAPI
import Foundation
import LentaCore

/// The face identifier's shared object (`libLentaFaceEmbed.so`, the `CFaceEmbed` target, linked
/// against dlib, BLAS and LAPACK), loaded with `dlopen` the first time faces are learned
/// (`LoadableLibrary`), and its three functions (`face_embed.h`'s `…_fn` types). lenta does not
/// link dlib: only `lenta people`, `scan --faces` and a story's first making need it.
/// The functions are kept as addresses (plain numbers, so the value is `Sendable`) and turned
/// back into their C types where they are called.
struct FaceEmbedLibrary: Sendable {
    /// The file it was loaded from.
    let path: String
    private let addresses: [UInt]

    var open: lenta_face_embedder_open_fn { unsafeBitCast(addresses[0], to: lenta_face_embedder_open_fn.self) }
    var close: lenta_face_embedder_close_fn { unsafeBitCast(addresses[1], to: lenta_face_embedder_close_fn.self) }
    var embed: lenta_face_embed_fn { unsafeBitCast(addresses[2], to: lenta_face_embed_fn.self) }

    /// The library of this process, loaded on first use; the failure names every file tried.
    static let shared: Result<FaceEmbedLibrary, MediaError> = LoadableLibrary.load(
        LoadableLibrary.candidates(LENTA_FACE_EMBED_LIBRARY),
        symbols: ["lenta_face_embedder_open", "lenta_face_embedder_close", "lenta_face_embed"],
        operation: "load the face identifier", file: LENTA_FACE_EMBED_LIBRARY
    ).map { FaceEmbedLibrary(path: $0.path, addresses: $0.addresses.map { UInt(bitPattern: $0) }) }
}
