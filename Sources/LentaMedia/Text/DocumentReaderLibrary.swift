import CDocumentReaderAPI
import Foundation
import LentaCore

/// The document reader's shared object (`libLentaDocumentReader.so`, the `CDocumentReader` target,
/// linked against Tesseract and ZXing-C++), loaded with `dlopen` the first time a picture may hold
/// text (`LoadableLibrary`), and its functions (`document_reader.h`'s `…_fn` types). lenta does not
/// link them: with what they bring (leptonica, libarchive, OpenMP, image codecs…) they are 58
/// libraries that cost a process ~15 ms of CPU and ~14 MB resident at its start, and most commands
/// never read text.
struct DocumentReaderLibrary: LoadableFunctions {
    static let file = LENTA_DOCUMENT_READER_LIBRARY
    static let symbols = [
        "lenta_text_reader_open", "lenta_text_reader_close", "lenta_read_text", "lenta_text_reader_last_error",
        "lenta_read_codes", "lenta_code_format_name", "lenta_write_code",
    ]
    static let operation = "load the document reader"
    /// The library of this process, loaded on first use; the failure names every file tried.
    static let shared = load()

    let functions: LoadableLibrary.Functions
    var openText: lenta_text_reader_open_fn { functions[0] }
    var closeText: lenta_text_reader_close_fn { functions[1] }
    var readText: lenta_read_text_fn { functions[2] }
    var lastError: lenta_text_reader_last_error_fn { functions[3] }
    var readCodes: lenta_read_codes_fn { functions[4] }
    var formatName: lenta_code_format_name_fn { functions[5] }
    var writeCode: lenta_write_code_fn { functions[6] }
}
