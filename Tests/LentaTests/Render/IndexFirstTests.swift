import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// The index (`moov`) of a story's MP4 in front of its media: written into room kept for it when
/// the story's length is known, moved there by `+faststart`'s second pass otherwise (or when the
/// room turns out too small), and the same video, sound, subtitles and chapters either way.
@Suite("Index first")
struct IndexFirstTests {
    static let frames = 90

    /// A 3 s story with sound (a 440 Hz tone), B-frames, two chapters, a subtitle cue and a title,
    /// written by a `StoryWriter` told it has `announced` frames (nil: not told).
    static func write(_ path: String, announced: Int?, movflags: String = "+faststart") throws -> StoryWriter {
        var preset = RenderFixture.preset()
        preset.video.bFrames = 2
        preset.container.movflags = movflags
        let third = Rational(1)
        let metadata = StoryMetadata(title: "Index first",
                                     chapters: [StoryChapter(start: Rational(0), end: third, title: "One"),
                                                StoryChapter(start: third, end: Rational(3), title: "Two")],
                                     subtitleTrack: [SubtitleCue(start: Rational(1, 2), end: Rational(2), text: "A cue")])
        let writer = try StoryWriter(path: path, preset: preset, audio: true, threads: 1, metadata: metadata, frames: announced)
        let perFrame = preset.audio.sampleRate / 30
        for n in 0..<frames {
            // A moving gradient, so the frames differ and the encoder makes P- and B-frames.
            var frame = PlanarFrame(width: preset.width, height: preset.height)
            for y in 0..<preset.height {
                for x in 0..<preset.width { frame.y[y * preset.width + x] = UInt8((x + 2 * y + 3 * n) & 0xff) }
            }
            try writer.appendVideo(frame)
            var sound = [Float](repeating: 0, count: 2 * perFrame)
            for k in 0..<perFrame {
                let t = Double(n * perFrame + k) / Double(preset.audio.sampleRate)
                let s = Float(0.25 * sin(2 * Double.pi * 440 * t))
                sound[2 * k] = s
                sound[2 * k + 1] = s
            }
            try writer.appendAudio(sound)
        }
        try writer.finish()
        return writer
    }

    /// The file's top-level boxes: type and size.
    static func boxes(_ path: String) throws -> [(type: String, size: Int)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var result: [(String, Int)] = []
        var at = 0
        while at + 8 <= data.count {
            var size = data[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: data[at + 4 ..< at + 8], as: UTF8.self)
            if size == 1, at + 16 <= data.count { size = data[at + 8 ..< at + 16].reduce(0) { $0 << 8 | Int($1) } }
            if size == 0 { size = data.count - at }
            guard size >= 8 else { Issue.record("\(path): a \(type) box of \(size) bytes at \(at)"); break }
            result.append((type, size))
            at += size
        }
        #expect(at == data.count, "\(path): the boxes do not end with the file")
        return result
    }

    /// Every stream's decoded frames (video, sound; the subtitles' packets), as ffmpeg's framemd5 lists them.
    static func decodedStreams(_ path: String) throws -> [String] {
        let result = try PublishFixture.run(PublishFixture.ffmpeg, ["-v", "error", "-nostdin", "-i", path, "-map", "0", "-c:s", "copy", "-f", "framemd5", "-"])
        #expect(result.status == 0 && result.err.isEmpty, "\(path): \(result.err)")
        return result.out.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    @Test("a story whose length is known: its index is written into the room in front of the media, and it plays as the moved one does",
          .enabled(if: PublishFixture.hasTools))
    func indexInRoom() throws {
        let fixture = try RenderFixture()
        let moved = fixture.folder.path("moved.mp4"), inRoom = fixture.folder.path("room.mp4"), short = fixture.folder.path("short.mp4")
        #expect(try Self.write(moved, announced: nil).indexPlacement == .shifted)
        #expect(try Self.write(inRoom, announced: Self.frames).indexPlacement == .inRoom)
        // Told of 2 frames: the room (for 18 with the margin) is too small, and the index is moved.
        #expect(try Self.write(short, announced: 2).indexPlacement == .shifted)

        let roomBoxes = try Self.boxes(inRoom)
        #expect(roomBoxes.map(\.type) == ["ftyp", "moov", "free", "free", "mdat"])
        for path in [moved, short] {
            let types = try Self.boxes(path).map(\.type)
            #expect(types.firstIndex(of: "moov") ?? 99 < types.firstIndex(of: "mdat") ?? -1, "\(path): \(types)")
        }
        // The room left over is small beside the media.
        if let free = roomBoxes.first(where: { $0.type == "free" }), let mdat = roomBoxes.last {
            #expect(free.size < 64 * 1024 && free.size < mdat.size)
        }

        let reference = try Self.decodedStreams(moved)
        let videoFrames = reference.filter { $0.hasPrefix("0,") }.count
        #expect(videoFrames == Self.frames)
        #expect(reference.contains { $0.hasPrefix("1,") } && reference.contains { $0.hasPrefix("2,") }, "sound and subtitles")
        #expect(try Self.decodedStreams(inRoom) == reference)
        #expect(try Self.decodedStreams(short) == reference)
        for path in [inRoom, short] {
            let probe = try PublishFixture.probe(path, ["-show_chapters", "-show_format"])
            #expect((probe["chapters"] as? [Any])?.count == 2)
            #expect(((probe["format"] as? [String: Any])?["tags"] as? [String: Any])?["title"] as? String == "Index first")
        }
    }

    @Test("without +faststart the index stays after the media, told the length or not", .enabled(if: PublishFixture.hasTools))
    func indexAtEnd() throws {
        let fixture = try RenderFixture()
        let path = fixture.folder.path("end.mp4")
        #expect(try Self.write(path, announced: Self.frames, movflags: "").indexPlacement == .atEnd)
        #expect(try Self.boxes(path).map(\.type).suffix(2) == ["mdat", "moov"])
        #expect(try Self.decodedStreams(path).filter { $0.hasPrefix("0,") }.count == Self.frames)
    }

    @Test("movflags: faststart asked for, and the flags without it")
    func movflags() {
        #expect(IndexRoom.asksFaststart("+faststart"))
        #expect(IndexRoom.asksFaststart("faststart+use_metadata_tags"))
        #expect(!IndexRoom.asksFaststart("-faststart"))
        #expect(!IndexRoom.asksFaststart("+use_metadata_tags"))
        #expect(IndexRoom.withoutFaststart("+faststart") == "")
        #expect(IndexRoom.withoutFaststart("+faststart+use_metadata_tags") == "+use_metadata_tags")
        #expect(IndexRoom.withoutFaststart("faststart+disable_chpl") == "+disable_chpl")
    }

    @Test("the bound grows with every sample, tag and chapter")
    func bound() {
        let base = IndexRoom.bound(tracks: [IndexRoom.Track(samples: 0)], tags: [], chapters: [])
        #expect(IndexRoom.bound(tracks: [IndexRoom.Track(samples: 10)], tags: [], chapters: []) == base + 10 * IndexRoom.bytesPerSample)
        #expect(IndexRoom.bound(tracks: [IndexRoom.Track(samples: 0, isSubtitle: true)], tags: [], chapters: []) > base)
        #expect(IndexRoom.bound(tracks: [IndexRoom.Track(samples: 0)], tags: [("title", "x")], chapters: []) > base)
        #expect(IndexRoom.bound(tracks: [IndexRoom.Track(samples: 0)], tags: [], chapters: ["a"]) > base)
        #expect(IndexRoom.withMargin(915) >= 915 + 915 / 8)
    }
}
