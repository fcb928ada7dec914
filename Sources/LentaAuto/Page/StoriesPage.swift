import Foundation
import LentaCore
import LentaMedia

/// The stories page: one static, self-contained HTML file (inline CSS, a few lines of plain
/// JavaScript for the chapter links, no framework, nothing fetched from the network) listing
/// every story of a folder, newest first, grouped by year — each with a poster frame taken from
/// its MP4, its title, dates and places, length and chapters, playing in a `<video>` element.
/// Every URL is relative (the page works from `file://` and from any plain web server), every
/// text is escaped, and the page is written whole or not at all.
public enum StoriesPage {
    /// A story as the page shows it.
    public struct Entry: Sendable, Equatable {
        /// The MP4's file name, relative to the page.
        public var video: String
        /// The poster PNG's file name, relative to the page, and the time of the frame it shows.
        public var poster: String?
        public var posterTime: Double?
        public var story: PublishedStory
        /// "3–6 May 2024 · Portugal": the project file's subtitle beside the MP4, when there is one.
        public var subtitle: String?
        /// Seconds since the epoch that order the page: the first capture, else the file's time.
        public var sortTime: Double
        public var year: Int?
    }

    /// A story the page had to leave out, and why: the error reading its MP4 or writing its
    /// poster, as thrown (for the command line's one printer).
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var file: String
        public var error: any Error
        public var description: String { "\(file): \(error)" }
    }

    public struct Result: Sendable {
        public var page: String
        public var entries: [Entry]
        public var problems: [Problem]
    }

    /// Writes the page for the stories in `folder` to `output` (default: `folder/index.html`);
    /// each story's poster is written beside its MP4 as `NAME.poster.png`. A file whose bytes
    /// would not change is not written again. A story that cannot be read is left out and named
    /// in `problems`.
    @discardableResult
    public static func write(folder: String, output: String? = nil) throws -> String {
        try make(folder: folder, output: output).page
    }

    public static func make(folder: String, output: String? = nil) throws -> Result {
        let page = output ?? URL(fileURLWithPath: folder).appendingPathComponent("index.html").path
        let pageFolder = URL(fileURLWithPath: page).deletingLastPathComponent().standardizedFileURL.path
        var entries: [Entry] = []
        var problems: [Problem] = []
        for video in videos(in: folder) {
            do {
                entries.append(try entry(video, relativeTo: pageFolder))
            } catch {
                problems.append(Problem(file: video, error: error))
            }
        }
        entries.sort { ($0.sortTime, $1.video) > ($1.sortTime, $0.video) }
        let bytes = Array(html(entries).utf8)
        if (try? Data(contentsOf: URL(fileURLWithPath: page))) != Data(bytes) {
            try AtomicWrite.write(bytes, to: page, what: "stories page")
        }
        return Result(page: page, entries: entries, problems: problems)
    }

    /// The stories' MP4s in `folder`, sorted: not hidden files (unfinished renders), and not a
    /// story's other shapes (`NAME.PRESET.mp4` beside `NAME.mp4`), which play the same story.
    static func videos(in folder: String) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".mp4")
        }
        let stems = Set(names.map { String($0.dropLast(4)) })
        return names.filter { name in
            let stem = name.dropLast(4)
            guard let dot = stem.lastIndex(of: ".") else { return true }
            return !stems.contains(String(stem[..<dot]))
        }.sorted().map { URL(fileURLWithPath: folder).appendingPathComponent($0).path }
    }

    static func entry(_ video: String, relativeTo pageFolder: String) throws -> Entry {
        let story = try PublishedStory(path: video)
        let url = URL(fileURLWithPath: video)
        let stem = url.deletingPathExtension().lastPathComponent
        let posterPath = url.deletingLastPathComponent().appendingPathComponent(stem + ".poster.png").path
        var poster: String? = nil, posterTime: Double? = nil
        if story.duration > 0 {
            posterTime = try story.writePoster(to: posterPath)
            poster = relative(posterPath, from: pageFolder)
        }
        let project = url.deletingPathExtension().appendingPathExtension("json")
        let subtitle = (try? ProjectFile.decode(ProjectFile.contents(of: project)))?.subtitle
        let modified = (try? FileManager.default.attributesOfItem(atPath: video)[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let sortTime = story.creationDate?.secondsSinceEpochAsUTC ?? modified
        let year = story.creationDate?.year ?? LocalDate(LocalDateTime(secondsSinceEpochAsUTC: modified)).year
        return Entry(video: relative(video, from: pageFolder), poster: poster, posterTime: posterTime, story: story,
                     subtitle: subtitle, sortTime: sortTime, year: year)
    }

    /// `path` as a URL relative to `folder`, each part percent-encoded ("2024-05-03%20Lisbon%20%26%20Sintra.mp4").
    static func relative(_ path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        var common = 0
        while common < base.count, common < target.count - 1, target[common] == base[common] { common += 1 }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.map(percentEncoded).joined(separator: "/")
    }

    static func percentEncoded(_ part: String) -> String {
        // RFC 3986's unreserved characters stay; everything else (spaces, `&`, `#`, `%`, non-ASCII) is encoded.
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return part.addingPercentEncoding(withAllowedCharacters: allowed) ?? part
    }

    /// Text for HTML: the markup characters as entities, control characters dropped.
    static func escaped(_ text: String) -> String { XMLText.escape(text) }

    /// "1:05", "12:00", "1:02:03".
    static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds.rounded(.down)))
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }

    static let style = """
        body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#111;color:#eee}
        header,section{max-width:1100px;margin:0 auto;padding:0 16px}
        h1{font-weight:600}h2{border-bottom:1px solid #333;padding-bottom:4px}
        .stories{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:24px}
        article video{width:100%;aspect-ratio:16/9;background:#000;border-radius:6px}
        article h3{margin:8px 0 2px;font-size:1.05em}.meta{color:#aaa;margin:0}
        ol{padding-left:1.2em;color:#aaa;font-size:.9em}a{color:#8cf}
        """

    /// Plays the story from a chapter's start when its link is clicked.
    static let script = """
        document.addEventListener('click', function (e) {
          var a = e.target.closest('a[data-start]'); if (!a) return;
          e.preventDefault(); var v = a.closest('article').querySelector('video');
          v.currentTime = parseFloat(a.dataset.start); v.play();
        });
        """

    static func html(_ entries: [Entry]) -> String {
        var lines = ["<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
                     "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
                     "<title>Stories</title>", "<style>", style, "</style>", "</head>", "<body>",
                     "<header><h1>Stories</h1><p class=\"meta\">\(entries.count) stor\(entries.count == 1 ? "y" : "ies")</p></header>"]
        var year: Int?? = .none
        for (k, entry) in entries.enumerated() {
            if year == .none || year! != entry.year {
                if year != .none { lines.append("</div></section>") }
                year = .some(entry.year)
                lines.append("<section><h2>\(entry.year.map(String.init) ?? "Undated")</h2><div class=\"stories\">")
            }
            lines.append(article(entry, index: k))
        }
        if year != .none { lines.append("</div></section>") }
        lines += ["<script>", script, "</script>", "</body>", "</html>", ""]
        return lines.joined(separator: "\n")
    }

    static func article(_ entry: Entry, index: Int) -> String {
        let story = entry.story
        let title = story.title.flatMap { $0.isEmpty ? nil : $0 }
            ?? URL(fileURLWithPath: story.path).deletingPathExtension().lastPathComponent
        var video = "<video controls preload=\"metadata\" src=\"\(escaped(entry.video))\""
        if let poster = entry.poster { video += " poster=\"\(escaped(poster))\"" }
        if let time = entry.posterTime { video += " data-poster-time=\"\(String(format: "%.6f", time))\"" }
        video += "></video>"
        var meta: [String] = []
        if let subtitle = entry.subtitle, !subtitle.isEmpty {
            meta.append(escaped(subtitle))
        } else if let date = story.creationDate {
            meta.append("<time datetime=\"\(LocalDate(date).description)\">\(escaped(LocalDate(date).spokenText))</time>")
        }
        meta.append("<span class=\"length\">\(clock(story.duration))</span>")
        var html = "<article id=\"story-\(index + 1)\">\n\(video)\n<h3>\(escaped(title))</h3>\n<p class=\"meta\">\(meta.joined(separator: " · "))</p>"
        if story.chapters.count > 1 {
            let items = story.chapters.map { chapter in
                "<li><a href=\"#story-\(index + 1)\" data-start=\"\(String(format: "%.3f", chapter.start))\">\(clock(chapter.start))</a> \(escaped(chapter.title))</li>"
            }
            html += "\n<ol class=\"chapters\">\n" + items.joined(separator: "\n") + "\n</ol>"
        }
        return html + "\n</article>"
    }
}

extension LocalDate {
    /// "3 May 2024".
    var spokenText: String { "\(day) \(LocalDate.monthNames[month - 1]) \(year)" }
}
