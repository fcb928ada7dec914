import ArgumentParser
import Foundation
import LentaCore
import LentaLibrary
import LentaMedia
import LentaRender
import LentaText

/// `lenta people …`: who is in the pictures, learned offline (dlib's face models).
struct PeopleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people",
        abstract: "Who is in the pictures: people found by their faces, offline; name, merge, move a face, forget.",
        discussion: """
            Faces are learned once per file (dlib's face detector and face-recognition model, on \
            every core) the first time they are needed: lenta people, a lenta's first story, \
            lenta scan --faces, lenta auto. Face vectors are biometric data: they stay in the \
            catalog, are never printed, and lenta people forget removes them all.
            """,
        subcommands: [PeopleList.self, PeopleSheet.self, PeopleName.self, PeopleMerge.self, PeopleMove.self, PeopleFaces.self,
                      PeopleForget.self],
        defaultSubcommand: PeopleList.self)
}

/// Learns the faces not learned yet, with a progress bar. When they cannot be (no face models),
/// a command that can go on with what the catalog knows warns (`required` false); else it fails.
func learnPeople(_ people: People, required: Bool) throws {
    let bar = Terminal.ProgressBar(label: "Looking for faces")
    defer { bar.finish() }
    do {
        _ = try libraryCall { try people.learn { done, total in bar.update(done, of: total) } }
    } catch let failure as CommandFailure where !required {
        Diagnostics.report(.warning(failure.description + "; showing the people already known"))
    }
}

struct PeopleList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Everyone: id, name, photos, clips, first and last seen.")
    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let people = People(catalog: try catalogOptions.open())
        try learnPeople(people, required: false)
        let list = try libraryCall { try people.list() }
        if output.json { return try JSONOutput.print(list) }
        if list.isEmpty { return print("No people found: lenta scan FOLDER first, or there are no faces in the photos.") }
        var lines = ["  id  name                  photos  clips  first seen  last seen"]
        for p in list {
            let name = (p.name ?? "–").padding(toLength: 20, withPad: " ", startingAt: 0)
            lines.append(String(format: "%4lld  ", p.id) + name + String(format: "  %6d  %5d  ", p.photos, p.clips)
                         + (p.firstSeen?.description ?? "–").padding(toLength: 10, withPad: " ", startingAt: 0) + "  "
                         + (p.lastSeen?.description ?? "–"))
        }
        print(Terminal.printable(lines.joined(separator: "\n")))
    }
}

struct PeopleName: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "name", abstract: "Name a person: lenta people name 3 Anna.")
    @Argument(help: ArgumentHelp("The person's id or current name.", valueName: "person")) var person: String
    @Argument(help: ArgumentHelp("Their name.", valueName: "name")) var name: String
    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let named = try libraryCall { try People(catalog: try catalogOptions.open()).name(person, as: name) }
        print("Person \(named.id) is \(named.name ?? name)")
    }
}

struct PeopleMerge: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "merge", abstract: "One person found as two: lenta people merge 7 3 makes 7's faces 3's.")
    @Argument(help: ArgumentHelp("The person whose faces move (id or name).", valueName: "from")) var from: String
    @Argument(help: ArgumentHelp("The person who keeps them (id or name).", valueName: "into")) var into: String
    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let merged = try libraryCall { try People(catalog: try catalogOptions.open()).merge(from, into: into) }
        print("Merged \(from) into person \(merged.id)" + (merged.name.map { " (\($0))" } ?? "") + ": \(merged.photos) photos, \(merged.clips) clips")
    }
}

struct PeopleMove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move one face to another person, or to a new one (a split): lenta people move FACE --to 3.",
        discussion: "lenta people faces PERSON lists a person's faces with their ids.")
    @Argument(help: ArgumentHelp("The face's id.", valueName: "face")) var face: Int64
    @Option(help: ArgumentHelp("The person it belongs to (id or name); without it, a new person.", valueName: "person"))
    var to: String?
    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let person = try libraryCall { try People(catalog: try catalogOptions.open()).move(face: face, to: to) }
        print("Face \(face) is now person \(person)'s")
    }
}

struct PeopleFaces: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "faces", abstract: "A person's faces: id, file and where in it.")
    @Argument(help: ArgumentHelp("The person (id or name); everyone when left out.", valueName: "person")) var person: String?
    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let faces = try libraryCall { try People(catalog: try catalogOptions.open()).faces(of: person) }
        if output.json { return try JSONOutput.print(faces) }
        print(Terminal.printable(faces.map { face in
            String(format: "%6lld  person %@  %@  at %.2f,%.2f %.2f×%.2f", face.id, face.personId.map { String($0) } ?? "–",
                   face.path, face.box.x, face.box.y, face.box.width, face.box.height)
                + (face.time.map { String(format: " at %.1f s", $0) } ?? "") + (face.byHand ? "  (by hand)" : "")
        }.joined(separator: "\n")))
    }
}

struct PeopleForget: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget", abstract: "Remove every face, face vector, person and name from the catalog. Asks on a terminal; --yes for scripts.")
    @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false
    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        if !yes {
            guard Terminal.stdinIsTerminal else { throw CommandFailure("not forgetting people without --yes (no terminal to ask on)") }
            FileHandle.standardError.write(Data("Forget every face and person (names too)? [y/N] ".utf8))
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else { return print("Kept them.") }
        }
        try libraryCall { try People(catalog: try catalogOptions.open()).forget() }
        print("Forgot every face and person; the catalog file was rewritten without them.")
    }
}

struct PeopleSheet: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sheet", abstract: "A contact sheet of one face per person, headed by their ids and names.")
    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG to write.", valueName: "people.png")) var output: String
    @Option(help: ArgumentHelp("Faces per row.", valueName: "count")) var columns: Int = 6
    @Option(help: ArgumentHelp("A face's side in pixels.", valueName: "pixels")) var cell: Int = 160
    @OptionGroup var catalogOptions: CatalogOptions

    func validate() throws {
        guard output.lowercased().hasSuffix(".png") else { throw ValidationError("-o must end in .png (got \(output)).") }
        guard (1...64).contains(columns) else { throw ValidationError("--columns must be between 1 and 64.") }
        guard (32...1024).contains(cell) else { throw ValidationError("--cell must be between 32 and 1024 pixels.") }
    }

    func run() throws {
        let people = People(catalog: try catalogOptions.open())
        try learnPeople(people, required: false)
        let portraits = try libraryCall { try people.portraits() }
        guard !portraits.isEmpty else { throw CommandFailure("no people found: nothing to draw") }
        // A heading over each row: its people's ids and names.
        let entries = portraits.enumerated().map { i, portrait in
            let row = portraits[(i / columns * columns)..<min(portraits.count, (i / columns + 1) * columns)]
            return ContactSheet.Entry(path: portrait.face.path, isClip: false, day: row.map { p in
                "\(p.person.id)" + (p.person.name.map { " \($0)" } ?? "")
            }.joined(separator: " · "), region: Self.around(portrait.face.box), time: portrait.face.time)
        }
        var unreadable = 0
        let image = ContactSheet(columns: columns, cell: cell).render(entries, text: try? TextEngine.shared()) { path, error in
            unreadable += 1
            Diagnostics.report(.warning("no thumbnail: \(error)", about: path))
        }
        do {
            try PNGExport.write(image, to: output)
        } catch {
            throw CommandFailure(error)
        }
        print("Wrote \(output): \(portraits.count) people" + (unreadable > 0 ? ", \(unreadable) unreadable" : ""))
    }

    /// The face with room for the hair and chin.
    static func around(_ box: ProjectRect) -> ProjectRect {
        let m = 0.3 * max(box.width, box.height)
        let x0 = max(0, box.x - m), y0 = max(0, box.y - m)
        return ProjectRect(x: x0, y: y0, width: min(1, box.x + box.width + m) - x0, height: min(1, box.y + box.height + m) - y0)
    }
}
