import ArgumentParser
import Foundation
import LentaCore
import LentaMaps
import LentaMedia
import LentaPlaces

struct Presets: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List output presets and look presets.",
        discussion: """
            Presets are read from the first of: $LENTA_PRESETS, <lenta's folder>/../share/lenta/presets, \
            <lenta's folder>/presets, and the source tree's presets/ folder that holds an output/ folder. \
            The data files (the gazetteer places.bin and the country outlines countries.bin) are \
            listed with where they were found, and the face detector (libLentaFaceDetect.so, beside \
            lenta or in <lenta's folder>/../lib/lenta, and OpenCV's cascade) with where it was loaded from.
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
            throw CommandFailure(error)
        }
        let looks: [PresetsOutput.Look]
        do {
            looks = try library.looks().map { PresetsOutput.Look(name: $0.name, description: $0.recipe.description) }
        } catch {
            throw CommandFailure(error)
        }
        let data = PresetsOutput.DataFiles(places: try? Gazetteer.bundledFilePath(),
                                           countries: try? CountryOutlines.bundledFilePath(),
                                           faceDetector: PresetsOutput.FaceDetectorFiles())
        if output.json {
            try JSONOutput.print(PresetsOutput(directory: directory.path, data: data, output: presets, looks: looks))
            return
        }
        print(PresetsOutput.text(directory: directory.path, presets: presets, looks: looks))
        print("\nData files:\n  places.bin     \(data.places ?? "not found")\n  countries.bin  \(data.countries ?? "not found")")
        let faces = data.faceDetector
        if let library = faces.library, let cascade = faces.cascade {
            print("  face detector  \(library)\n                 \(cascade)")
        } else {
            print("  face detector  not loaded (photos are framed by their detail): \(faces.error ?? "")")
        }
    }
}

/// What `lenta presets --json` prints.
struct PresetsOutput: Encodable {
    var directory: String
    var data: DataFiles
    var output: [OutputPreset]
    var looks: [Look]

    /// Where the data files lenta reads were found (nil: not found).
    struct DataFiles: Encodable {
        var places: String?
        var countries: String?
        var faceDetector: FaceDetectorFiles
    }

    /// The face detector's library and cascade as loaded (which loads them), or why they were not.
    struct FaceDetectorFiles: Encodable {
        var library: String?
        var cascade: String?
        var error: String?

        init() {
            do {
                let detector = try FaceDetector.standard()
                library = detector.libraryPath
                cascade = detector.cascadePath
            } catch {
                self.error = "\(error)"
            }
        }
    }

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
            let family = VideoEncoderKind.codecFamily(of: preset.video.codec)
            let codec = ["h264": "H.264", "hevc": "HEVC", "av1": "AV1"][family] ?? family
            line += "  \(preset.fps) fps  \(codec) \(preset.video.profile) crf \(preset.video.crf) \(preset.video.preset)"
            if !preset.video.fallback.isEmpty || !["libx264", "libx265", "libsvtav1"].contains(preset.video.codec) {
                line += " (" + preset.video.encoders.joined(separator: ", else ") + ")"
            }
            line += ", AAC \(preset.audio.bitrate / 1000) kb/s, \(String(format: "%g", preset.loudnessTarget)) LUFS"
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
