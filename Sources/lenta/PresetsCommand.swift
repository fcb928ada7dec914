import ArgumentParser
import Foundation
import LentaCore

struct Presets: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List output presets and look presets.",
        discussion: """
            Presets are read from the first of: $LENTA_PRESETS, <lenta's folder>/../share/lenta/presets, \
            <lenta's folder>/presets, and the source tree's presets/ folder that holds an output/ folder.
            """)

    @OptionGroup var output: OutputOptions

    func run() throws {
        let library = PresetLibrary.standard
        guard let directory = library.directory else {
            throw CommandFailure("no presets found (searched \(library.searchedDescription))")
        }
        let presets: [OutputPreset]
        do {
            presets = try library.outputPresets()
        } catch {
            throw CommandFailure("\(error)")
        }
        let looks: [PresetsOutput.Look]
        do {
            looks = try library.looks().map { PresetsOutput.Look(name: $0.name, description: $0.recipe.description) }
        } catch {
            throw CommandFailure("\(error)")
        }
        if output.json {
            try JSONOutput.print(PresetsOutput(directory: directory.path, output: presets, looks: looks))
            return
        }
        print(PresetsOutput.text(directory: directory.path, presets: presets, looks: looks))
    }
}

/// What `lenta presets --json` prints.
struct PresetsOutput: Encodable {
    var directory: String
    var output: [OutputPreset]
    var looks: [Look]

    /// A look preset: its name (what an item's `look` says) and what it does.
    struct Look: Encodable {
        var name: String
        var description: String
    }

    static func text(directory: String, presets: [OutputPreset], looks: [Look]) -> String {
        var lines = ["Output presets (\(directory)/output):"]
        let nameWidth = presets.map(\.name.count).max() ?? 0
        for preset in presets {
            let size = "\(preset.width)×\(preset.height)"
            var line = "  " + preset.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            line += "  " + size.padding(toLength: 9, withPad: " ", startingAt: 0)
            line += "  \(preset.fps) fps  H.264 \(preset.video.profile) crf \(preset.video.crf) \(preset.video.preset)"
            line += ", AAC \(preset.audio.bitrate / 1000) kb/s"
            if let description = preset.description { line += "  — \(description)" }
            lines.append(line)
        }
        lines.append("")
        if looks.isEmpty {
            lines.append("Look presets: none installed")
        } else {
            lines.append("Look presets (\(directory)/looks; or give an item the path of a .cube file):")
            let lookWidth = looks.map(\.name.count).max() ?? 0
            for look in looks {
                lines.append("  " + look.name.padding(toLength: lookWidth, withPad: " ", startingAt: 0) + "  — " + look.description)
            }
        }
        return lines.joined(separator: "\n")
    }
}
