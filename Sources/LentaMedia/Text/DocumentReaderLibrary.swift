import CDocumentReaderAPI

/// The document reader's shared object (`libLentaDocumentReader.so`, the `CDocumentReader` target,
/// linked against Tesseract and ZXing-C++), loaded with `dlopen` the first time a picture may hold
/// text (`LoadableLibrary`), and its functions (`document_reader.h`'s `…_fn` types). lenta does not
/// link them: with what they bring (leptonica, libarchive, OpenMP, image codecs…) they are 58
/// libraries that cost a process ~15 ms of CPU and ~14 MB resident at its start, and most commands
/// never read text.
typealias DocumentReaderLibrary = LoadableLibrary.Loaded<DocumentReaderFunctions>

struct DocumentReaderFunctions: LoadableFunctions {
    static let file = LENTA_DOCUMENT_READER_LIBRARY
    static let operation = "load the document reader"
    let openText = Symbol<lenta_text_reader_open_fn>("lenta_text_reader_open")
    let closeText = Symbol<lenta_text_reader_close_fn>("lenta_text_reader_close")
    let readText = Symbol<lenta_read_text_fn>("lenta_read_text")
    let lastError = Symbol<lenta_text_reader_last_error_fn>("lenta_text_reader_last_error")
    let readCodes = Symbol<lenta_read_codes_fn>("lenta_read_codes")
    let formatName = Symbol<lenta_code_format_name_fn>("lenta_code_format_name")
    let writeCode = Symbol<lenta_write_code_fn>("lenta_write_code")
}
