import ArgumentParser
import LentaCore
import LentaMedia
#if canImport(Glibc)
import Glibc
#endif

@main
struct Lenta: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a folder of travel photos and videos into short video stories.",
        discussion: """
            Exit codes: 0 done (warnings allowed), 1 failed, 2 bad usage or bad project file.
            """,
        version: LentaVersion.short,
        subcommands: [Scan.self, List.self, Show.self, New.self, Edit.self, Delete.self, Project.self, Auto.self, Validate.self, Presets.self, Render.self, Frame.self, Map.self, Sheet.self, PeopleCommand.self, Page.self])

    /// The arguments as the shell gave them: a byte that is not UTF-8 (`caf\xE9.mp4`) is kept
    /// as FilePathBytes holds it, not replaced by U+FFFD as `CommandLine.arguments` does.
    static func rawArguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { i in
            guard let argument = CommandLine.unsafeArgv[i] else { return "" }
            return FilePathBytes.string(fromBytes: UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) })
        }
    }

    /// ArgumentParser exits 64 on bad usage; lenta documents 2, as most Unix tools do.
    static func main() {
        // FFmpeg's own log lines never reach lenta's output: every command reports what the
        // libraries return in its own words, through `Terminal`.
        FFmpegLogging.silence()
        let arguments = rawArguments()
        if arguments == ["--version"] {
            print(LentaVersion.report)
            return
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                Terminal.error(fullMessage(for: error))
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}
