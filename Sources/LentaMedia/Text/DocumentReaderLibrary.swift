import CDocumentReaderAPI
import Foundation
import LentaCore

/// The document reader's shared object (`libLentaDocumentReader.so`, the `CDocumentReader` target,
/// linked against Tesseract and ZXing-C++), loaded with `dlopen` the first time a picture may hold
/// text (`LoadableLibrary`), and its functions (`document_reader.h`'s `…_fn` types). lenta does not
/// link them: with what they bring (leptonica, libarchive, OpenMP, image codecs…) they are 58
/// libraries that cost a process ~15 ms of CPU and ~14 MB resident at its start, and most commands
/// never read text. The functions are kept as addresses (plain numbers, so the value is `Sendable`)
/// and turned back into their C types where they are called.
struct DocumentReaderLibrary: Sendable {
    /// The file it was loaded from.
    let path: String
    private let addresses: [UInt]

    var openText: lenta_text_reader_open_fn { function(0) }
    var closeText: lenta_text_reader_close_fn { function(1) }
    var readText: lenta_read_text_fn { function(2) }
    var lastError: lenta_text_reader_last_error_fn { function(3) }
    var readCodes: lenta_read_codes_fn { function(4) }
    var formatName: lenta_code_format_name_fn { function(5) }
    var writeCode: lenta_write_code_fn { function(6) }

    private static let symbols = [
        "lenta_text_reader_open", "lenta_text_reader_close", "lenta_read_text", "lenta_text_reader_last_error",
        "lenta_read_codes", "lenta_code_format_name", "lenta_write_code",
    ]

    /// The library of this process, loaded on first use; the failure names every file tried.
    static let shared: Result<DocumentReaderLibrary, MediaError> = LoadableLibrary.load(
        LoadableLibrary.candidates(LENTA_DOCUMENT_READER_LIBRARY), symbols: symbols,
        operation: "load the document reader", file: LENTA_DOCUMENT_READER_LIBRARY
    ).map { DocumentReaderLibrary(path: $0.path, addresses: $0.addresses.map { UInt(bitPattern: $0) }) }

    private func function<Function>(_ index: Int) -> Function {
        unsafeBitCast(addresses[index], to: Function.self)
    }
}
