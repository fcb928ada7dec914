import CFaceEmbedAPI

/// The face identifier's shared object (`libLentaFaceEmbed.so`, the `CFaceEmbed` target, linked
/// against dlib, BLAS and LAPACK), loaded with `dlopen` the first time faces are learned
/// (`LoadableLibrary`), and its three functions (`face_embed.h`'s `…_fn` types). lenta does not
/// link dlib: only `lenta people`, `scan --faces` and a story's first making need it.
typealias FaceEmbedLibrary = LoadableLibrary.Loaded<FaceEmbedFunctions>

struct FaceEmbedFunctions: LoadableFunctions {
    static let file = LENTA_FACE_EMBED_LIBRARY
    static let operation = "load the face identifier"
    let open = Symbol<lenta_face_embedder_open_fn>("lenta_face_embedder_open")
    let close = Symbol<lenta_face_embedder_close_fn>("lenta_face_embedder_close")
    let embed = Symbol<lenta_face_embed_fn>("lenta_face_embed")
}
