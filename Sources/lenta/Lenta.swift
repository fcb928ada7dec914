import ArgumentParser

@main
struct Lenta: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a folder of travel photos and videos into short video stories.",
        discussion: """
            Exit codes: 0 done (warnings allowed), 1 failed, 2 bad usage or bad project file.
            """,
        version: LentaVersion.current,
        subcommands: [Scan.self])
}
