import ArgumentParser
import Foundation
import LentaCore

struct Presets: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List output presets (and look presets).",
        discussion: """
            Presets are read from the first of: $LENTA_PRESETS, <lenta's folder>/../share/lenta/presets, \
            <lenta's folder>/presets, and the source tree's presets/ folder that holds an output/ folder.
            """)

    @OptionGroup var output: OutputOptions

    func run() async throws {
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
        let looks = library.lookNames()
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
    var looks: [String]

    static func text(directory: String, presets: [OutputPreset], looks: [String]) -> String {
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
        lines.append(looks.isEmpty ? "Look presets: none installed" : "Look presets: " + looks.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
