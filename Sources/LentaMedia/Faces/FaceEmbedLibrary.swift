import CFaceEmbedAPI
import Foundation
import LentaCore

/// The face identifier's shared object (`libLentaFaceEmbed.so`, the `CFaceEmbed` target, linked
/// against dlib, BLAS and LAPACK), loaded with `dlopen` the first time faces are learned
/// (`LoadableLibrary`), and its three functions (`face_embed.h`'s `…_fn` types). lenta does not
/// link dlib: only `lenta people`, `scan --faces` and a story's first making need it.
struct FaceEmbedLibrary: LoadableFunctions {
    static let file = LENTA_FACE_EMBED_LIBRARY
    static let symbols = ["lenta_face_embedder_open", "lenta_face_embedder_close", "lenta_face_embed"]
    static let operation = "load the face identifier"
    /// The library of this process, loaded on first use; the failure names every file tried.
    static let shared = load()

    let functions: LoadableLibrary.Functions
    var open: lenta_face_embedder_open_fn { functions[0] }
    var close: lenta_face_embedder_close_fn { functions[1] }
    var embed: lenta_face_embed_fn { functions[2] }
}
