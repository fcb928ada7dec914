// swift-tools-version:6.0
import PackageDescription

// Released builds put every function in a section of its own (swiftc does so for public ones
// only), so that the linker can lay out the ones a run uses side by side (see `lenta`'s linker
// settings).
let releaseSwift: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]

let package = Package(
    name: "lenta",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lenta", targets: ["lenta"]),
        // OpenCV's face detector as a shared object of its own, which lenta loads with dlopen only
        // when it looks for a face (`FaceDetectLibrary`): linked into lenta, OpenCV's 15 libraries
        // (its own and what they bring) cost every process ~11 MB resident and ~17 ms of CPU at its
        // start (an empty-folder scan: peak 58.5 → 47.1 MB, 76 → 57–62 ms). Built beside lenta
        // (and the test runner); `make install` puts it in PREFIX/lib/lenta/.
        .library(name: "LentaFaceDetect", type: .dynamic, targets: ["CFaceDetect"]),
        // dlib's face detector, aligner and face-vector network (people), loaded the same way
        // (`FaceEmbedLibrary`) when faces are learned: dlib's DNN, BLAS and LAPACK stay out of
        // every other command's start. `make install` puts it in PREFIX/lib/lenta/ too.
        .library(name: "LentaFaceEmbed", type: .dynamic, targets: ["CFaceEmbed"]),
        // WebRTC's and speexdsp's voice activity detectors, loaded the same way (`VoiceDetectLibrary`)
        // the first time a clip's sound is listened to for speech: linked into lenta, the two
        // libraries cost every process 1.5–2 ms of CPU at its start (bench/startup). `make install` puts it in PREFIX/lib/lenta/.
        .library(name: "LentaVoiceDetect", type: .dynamic, targets: ["CVoiceDetect"]),
        // Tesseract and ZXing-C++ likewise (`DocumentReaderLibrary`): linked into lenta, their 58
        // libraries cost every process ~15 ms of CPU and ~14 MB resident at its start; only a
        // picture that may hold text needs them.
        .library(name: "LentaDocumentReader", type: .dynamic, targets: ["CDocumentReader"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // C libraries, each behind a small shim.
        // FFmpeg's libraries, libheif and aubio are opened with dlopen when first called, not
        // linked (linked, they and what they bring cost every process ~30 ms of CPU at its start):
        // each target's header is the library's, and its generated `*_functions.c` defines the
        // functions lenta calls as calls through CSharedLibrary's loader (scripts/library-stubs).
        .target(name: "CSharedLibrary"),
        .target(name: "CFFmpeg", dependencies: ["CSharedLibrary"]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .target(name: "CHeif", dependencies: ["CSharedLibrary"]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "harfbuzz",
            providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfontconfig-dev"])]),
        .target(name: "CAubio", dependencies: ["CSharedLibrary"]),
        // OpenCV's cascade face detector behind a C API (Debian ships no opencv4.pc without the
        // whole of libopencv-dev, so the include path and libraries are named here). Only the
        // LentaFaceDetect library is made of it; Swift sees its header alone, CFaceDetectAPI.
        .target(
            name: "CFaceDetect",
            cxxSettings: [.unsafeFlags(["-I/usr/include/opencv4"])],
            linkerSettings: [
                .linkedLibrary("opencv_objdetect"), .linkedLibrary("opencv_imgproc"), .linkedLibrary("opencv_core"),
                // No Swift in it, so no Swift runtime: swiftc would link its startup object
                // (swiftrt.o, which needs libswiftCore.so: absent where lenta is installed, and a
                // second runtime beside lenta's static one) and -lswiftCore. -nostartfiles drops
                // the first; -static-stdlib takes the second from the archive, of which nothing is used.
                .unsafeFlags(["-nostartfiles", "-static-stdlib"]),
            ]),
        // face_detect.h as a module (no code, nothing linked): the types of the functions
        // FaceDetectLibrary finds in LentaFaceDetect with dlsym.
        .systemLibrary(name: "CFaceDetectAPI"),
        // dlib (Debian's libdlib-dev 19.24) behind a C API, one C++ file; linked as CFaceDetect is.
        .target(
            name: "CFaceEmbed",
            cxxSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))],
            linkerSettings: [
                .linkedLibrary("dlib"), .linkedLibrary("blas"), .linkedLibrary("lapack"),
                .unsafeFlags(["-nostartfiles", "-static-stdlib"]),
            ]),
        // face_embed.h as a module: the types of the functions FaceEmbedLibrary finds with dlsym.
        .systemLibrary(name: "CFaceEmbedAPI"),
        // WebRTC's voice activity detector (where people speak in a clip) and speexdsp's, the peer
        // it was measured against (for the tests only), behind a C API, one C file; linked as
        // CFaceDetect is. (WebRTC's pkg-config flags are for its C++ headers, which it does not use.)
        .target(
            name: "CVoiceDetect",
            linkerSettings: [
                .linkedLibrary("webrtc_audio_processing"), .linkedLibrary("speexdsp"),
                .unsafeFlags(["-nostartfiles", "-static-stdlib"]),
            ]),
        // voice_detect.h as a module: the types of the functions VoiceDetectLibrary finds with dlsym.
        .systemLibrary(name: "CVoiceDetectAPI"),
        // Tesseract's C API and ZXing-C++ behind one C API (document_reader.h), built into the
        // LentaDocumentReader library alone; Swift sees its header, CDocumentReaderAPI.
        .target(
            name: "CDocumentReader",
            linkerSettings: [
                .linkedLibrary("tesseract"), .linkedLibrary("ZXing"),
                .unsafeFlags(["-nostartfiles", "-static-stdlib"]),  // as CFaceDetect: no Swift runtime
            ]),
        .systemLibrary(name: "CDocumentReaderAPI"),

        // The renderer's hottest per-pixel loops in C: the fixed-point resampler's AVX2 form,
        // chosen at run time (the 256-bit instructions only in functions marked for AVX2, so the
        // rest runs anywhere), and the crossfade's mix. Optimised in debug builds too (the tests).
        .target(name: "CPixelKernels", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),

        .target(name: "LentaCore", swiftSettings: releaseSwift),
        // What a picture is in memory: the plane and picture types, the resamplers, the colour
        // grade and its tables, blends; with LentaMedia and LentaText the only Swift that touches
        // raw pointers. Its per-pixel loops are SIMD code that -Onone makes 20–50× slower: debug
        // builds (and so the tests, which render hundreds of frames) optimise it.
        .target(
            name: "LentaPixels", dependencies: ["CPixelKernels", "LentaCore"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))] + releaseSwift),
        .target(
            name: "LentaMedia",
            dependencies: ["LentaCore", "LentaPixels", "CFFmpeg", "CExif", "CHeif", "CJPEG", "CAubio", "CFaceDetectAPI", "CFaceEmbedAPI", "CVoiceDetectAPI", "CDocumentReaderAPI"],
            swiftSettings: releaseSwift),
        .target(
            name: "LentaCatalog",
            // GRDBSQLite: the C API, for reading `scan --json`'s rows in place (CatalogItemJSON).
            dependencies: ["LentaCore", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift")],
            swiftSettings: releaseSwift),
        .target(
            name: "LentaPlaces", dependencies: ["LentaCore"],
            resources: [.copy("Resources")], swiftSettings: releaseSwift),
        .target(name: "LentaText", dependencies: ["LentaCore", "CFreeType"], swiftSettings: releaseSwift),
        .target(name: "LentaMaps", dependencies: ["LentaCore", "LentaText"], resources: [.copy("Resources")], swiftSettings: releaseSwift),
        .target(
            name: "LentaRender", dependencies: ["LentaCore", "LentaMedia", "LentaPixels", "LentaText", "LentaMaps", "LentaStories"],
            // Its per-frame loops (compositing, captions, audio mix) are as slow at -Onone as
            // LentaPixels' are: debug builds optimise this target too.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))] + releaseSwift),
        .target(
            name: "LentaAuto", dependencies: ["LentaCore", "LentaMedia", "LentaCatalog", "LentaLibrary", "LentaRender"],
            swiftSettings: releaseSwift),
        .target(name: "LentaStories", dependencies: ["LentaCore"], swiftSettings: releaseSwift),
        .target(
            name: "LentaLibrary", dependencies: ["LentaCore", "LentaMedia", "LentaCatalog", "LentaPlaces", "LentaStories", "LentaText"],
            swiftSettings: releaseSwift),
        .executableTarget(
            name: "lenta",
            dependencies: [
                "LentaCore", "LentaMedia", "LentaCatalog", "LentaLibrary", "LentaStories", "LentaPlaces", "LentaRender", "LentaAuto",
                "LentaText", "LentaMaps",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["HotFunctions.order"],
            swiftSettings: releaseSwift,
            // Released builds are linked by lld with packed relative relocations (DT_RELR, glibc
            // 2.36+): 17 KB of them instead of gold's 2.1 MB .rela.dyn, which stayed resident.
            // The functions runs use are laid out first, side by side (HotFunctions.order, made
            // by scripts/hot-functions): scattered among the rest, each drew its neighbours into
            // memory with it, as the kernel maps a file's pages 64 KB at a time.
            linkerSettings: [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                                           "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/lenta/HotFunctions.order",
                                           "-Xlinker", "--no-warn-symbol-ordering"],
                                          .when(configuration: .release))]),

        .target(name: "LentaTestSupport", dependencies: ["LentaCore", "LentaMedia", "LentaPixels", "LentaLibrary", "LentaRender"]),
        .testTarget(
            name: "LentaTests",
            dependencies: ["LentaCore", "LentaMedia", "LentaCatalog", "LentaLibrary", "LentaStories", "LentaPlaces", "LentaRender",
                           "LentaAuto", "LentaText", "LentaMaps", "LentaPixels", "LentaTestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based"),
                           // The people tests read the catalog's raw bytes to prove `people forget` left no vector.
                           .product(name: "GRDB", package: "GRDB.swift")],
            // Read and re-recorded in the source tree (`Golden.folder`), not bundled.
            exclude: ["Goldens"]),
        .testTarget(name: "LentaPlacesTests", dependencies: ["LentaCore", "LentaPlaces"]),
    ],
    swiftLanguageModes: [.v6]
)
