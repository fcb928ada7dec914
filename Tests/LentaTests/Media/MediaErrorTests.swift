import Foundation
import LentaMedia
import LentaTestSupport
import Testing

/// `MediaError` keeps the C status matchable beside the operation, the file and the library's text.
@Suite("Media errors")
struct MediaErrorTests {
    @Test("a file that is not a movie: AVERROR_INVALIDDATA, with the operation, the path and av_strerror's words")
    func invalidData() throws {
        let temp = try TemporaryFolder()
        let path = temp.path("notes.mp4")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("this is not a movie".utf8)))
        #expect {
            _ = try FormatContext(path: path)
        } throws: { error in
            guard let error = error as? MediaError else { return false }
            return error.code == .invalidData && error.code != .endOfFile && error.operation == "open container"
                && error.path == path && error.reason.contains("Invalid data")
                && error.description == "\(path): open container: \(error.reason)"
        }
    }

    @Test("a missing file: AVERROR(ENOENT), and the reason says so")
    func missingFile() throws {
        let temp = try TemporaryFolder()
        let path = temp.path("none.mov")
        #expect {
            _ = try FormatContext(path: path)
        } throws: { error in
            guard let error = error as? MediaError else { return false }
            return error.code == .averror(ENOENT) && error.code?.library == .ffmpeg && error.reason.contains("No such file")
        }
    }

    @Test("check() passes a status of 0 or more through and turns a negative one into the error")
    func check() throws {
        #expect(try LentaMedia.check(7, "count", path: "a.mp4") == 7)
        #expect {
            try LentaMedia.check(MediaError.Code.tryAgain.rawValue, "decode (h264)", path: "a.mp4")
        } throws: { error in
            (error as? MediaError)?.code == .tryAgain && (error as? MediaError)?.operation == "decode (h264)"
        }
    }
}
