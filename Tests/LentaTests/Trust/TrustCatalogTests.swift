#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import LentaAuto
import LentaCatalog
import LentaCore
import LentaTestSupport
import Testing

/// Issue 13, #7: the catalog and the nightly job under a hostile user.
@Suite("Trust: catalog and auto", .serialized)
struct TrustCatalogTests {
    /// #3: a FIFO put in a story's project file fails that story at once, naming what it is,
    /// night after night, instead of hanging every later nightly run.
    @Test func userPutAFIFOInAStoryThatTheNightlyAutoRenders() throws {
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        #expect(try lib.auto(["--plan"]).status == 0)
        let pipe = lib.temp.path("pipe.jpg")
        #expect(mkfifo(pipe, 0o600) == 0)
        try lib.editProject(AutoTests.lisbonName) { $0.items[0].path = pipe }
        for night in 1...2 {
            let run = try #require(try ResolvedStoryTests.run(lib.autoArguments([]), in: lib.temp.url, seconds: 60),
                                   "night \(night): auto hung on a FIFO")
            #expect(run.status == 1, "\(run.output)")
            #expect(run.output.contains("is a named pipe (FIFO), not a regular file"), "\(run.output)")
        }
        #expect(!FileManager.default.fileExists(atPath: lib.video(AutoTests.lisbonName)))
    }

    @Test func userRanAutoDryRunWithoutACatalog() throws {
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        let dry = try lib.auto(["--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("would render"), "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: lib.catalog), "a dry run creates no catalog")
        #expect(!FileManager.default.fileExists(atPath: lib.stories))
    }

    @Test func userRanAutoDryRunOnACatalogThatHasEverything() throws {
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        #expect(try lib.auto(["--plan"]).status == 0)  // the catalog knows the library now
        try lib.add(AutoTests.Shot(name: "lisbon-2.jpg", local: "2024:05:04 18:00:00", offset: "+01:00", point: AutoTests.lisbon))
        let before = try Self.contents(of: lib.catalog)
        let dry = try lib.auto(["--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(try Self.contents(of: lib.catalog) == before, "the catalog file is untouched")
        #expect(try lib.lentas().map(\.photos) == [3], "the new photo was not indexed by the dry run")
    }

    /// The catalog file and its WAL, as bytes.
    static func contents(of catalog: String) throws -> [Data] {
        [catalog, catalog + "-wal"].map { (try? Data(contentsOf: URL(fileURLWithPath: $0))) ?? Data() }
    }

    @Test func userPointedLentaAtAnotherApplicationsDatabase() throws {
        let temp = try TemporaryFolder()
        let path = temp.path("contacts.sqlite")
        _ = try AutoTests.tool("/usr/bin/env", ["python3", "-c",
            "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('create table contacts(name text)'); c.commit()", path])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let scan = try LentaCLI.run(["scan", "--catalog", path, temp.url.path])
        #expect(scan.status == 1)
        #expect(scan.stderr.contains("is not a lenta catalog"), "\(scan.stderr)")
        #expect(scan.stderr.contains("\"contacts\""), "\(scan.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing added to it")
        #expect(throws: (any Error).self) { try Catalog(path: path) }
    }

    @Test func aNewCatalogIsMarkedAsLentas() throws {
        let temp = try TemporaryFolder()
        _ = try Catalog(path: temp.path("catalog.sqlite"))
        let header = try Data(contentsOf: URL(fileURLWithPath: temp.path("catalog.sqlite"))).prefix(72)
        #expect(Array(header[68..<72]) == Array("LNTA".utf8), "PRAGMA application_id, at offset 68 of the header")
        _ = try Catalog(path: temp.path("catalog.sqlite"))  // and opens again
    }

    @Test(.enabled(if: AutoTests.ffprobe != nil))
    func userRanThePlanThroughXargsWithAQuoteInTheFolderName() throws {
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        let stories = lib.temp.path("L'Aquila \"stories\" $HOME")
        let plan = try lib.auto(["--plan"], stories: stories)
        #expect(plan.status == 0, "\(plan.stderr)")
        let file = lib.temp.path("plan.txt")
        try plan.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = LentaCLI.binary.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env.removeValue(forKey: "LENTA_CATALOG")
        // The README's recipe, word for word.
        let ran = try AutoTests.tool("/bin/sh", ["-c", "xargs -d '\\n' -P 4 -I{} sh -c {} < \"$0\"", file], environment: env)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(FileManager.default.fileExists(atPath: stories + "/" + AutoTests.lisbonName + ".mp4"), "\(ran.stderr)")
    }
}
