import Foundation
import GRDB
import LentaCore

/// What a story was last rendered from; a render is due when any part differs.
public struct RenderKey: Hashable, Codable, Sendable {
    public var project: String
    public var media: String
    public var preset: String
    public var toolVersion: String
    public init(project: String, media: String, preset: String, toolVersion: String) {
        self.project = project
        self.media = media
        self.preset = preset
        self.toolVersion = toolVersion
    }
}

/// A lenta's story as `lenta auto` keeps it: its stable file name and its last render.
public struct StoryRecord: Hashable, Sendable {
    public var lentaID: Int64
    public var name: String
    public var rendered: RenderKey?
    public var renderedAt: Double?
    /// A render `lenta auto --plan` handed out and nobody has confirmed yet: the key it was
    /// planned with and when (seconds since the epoch).
    public var planned: RenderKey?
    public var plannedAt: Double?
    /// The items (absolute paths) `lenta auto` has put in the story's project file (written or appended),
    /// so an item the user took out is not offered again as new; nil for a story from before
    /// this was kept.
    public var projectItems: Set<String>?
    /// A hash of the project file `lenta auto` last wrote for a memory's story: while the file
    /// still hashes to it nobody edited it, and auto may write it again when the memory changes.
    public var writtenProject: String?

    public init(lentaID: Int64, name: String, rendered: RenderKey? = nil, renderedAt: Double? = nil,
                planned: RenderKey? = nil, plannedAt: Double? = nil, projectItems: Set<String>? = nil) {
        self.lentaID = lentaID
        self.name = name
        self.rendered = rendered
        self.renderedAt = renderedAt
        self.planned = planned
        self.plannedAt = plannedAt
        self.projectItems = projectItems
    }
}

/// Per-story notes kept in the `setting` table (no schema change): `story.ID.plan`,
/// `story.ID.items` and `story.ID.written`.
private enum StoryNote {
    static func plan(_ id: Int64) -> String { "story.\(id).plan" }
    static func items(_ id: Int64) -> String { "story.\(id).items" }
    static func written(_ id: Int64) -> String { "story.\(id).written" }

    struct Plan: Codable {
        var key: RenderKey
        var at: Double
    }
}

extension Catalog {
    public func stories() throws -> [Int64: StoryRecord] {
        try database.read { db in
            var result: [Int64: StoryRecord] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM story") {
                var key: RenderKey? = nil
                if let p: String = row["projectHash"], let m: String = row["mediaHash"], let s: String = row["presetHash"],
                   let v: String = row["toolVersion"] {
                    key = RenderKey(project: p, media: m, preset: s, toolVersion: v)
                }
                let id: Int64 = row["lentaId"]
                result[id] = StoryRecord(lentaID: id, name: row["name"], rendered: key, renderedAt: row["renderedAt"])
            }
            let decoder = JSONDecoder()
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM setting WHERE key LIKE 'story.%'") {
                let parts = (row["key"] as String).split(separator: ".")
                guard parts.count == 3, let id = Int64(parts[1]), result[id] != nil else { continue }
                let value = Data((row["value"] as String).utf8)
                switch parts[2] {
                case "plan":
                    if let plan = try? decoder.decode(StoryNote.Plan.self, from: value) {
                        result[id]?.planned = plan.key
                        result[id]?.plannedAt = plan.at
                    }
                case "items":
                    if let paths = try? decoder.decode([String].self, from: value) { result[id]?.projectItems = Set(paths) }
                case "written":
                    result[id]?.writtenProject = row["value"]
                default:
                    break
                }
            }
            return result
        }
    }

    /// Gives a lenta's story a name, unless it has one; the name is kept from then on.
    public func nameStory(lentaID: Int64, name: String) throws {
        try database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO story (lentaId, name) VALUES (?, ?)", arguments: [lentaID, name])
        }
    }

    /// Records a finished render (and forgets a plan for it).
    public func recordRender(lentaID: Int64, key: RenderKey, at time: Double) throws {
        try database.write { db in
            try db.execute(sql: """
                UPDATE story SET projectHash = ?, mediaHash = ?, presetHash = ?, toolVersion = ?, renderedAt = ? WHERE lentaId = ?
                """, arguments: [key.project, key.media, key.preset, key.toolVersion, time, lentaID])
            try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [StoryNote.plan(lentaID)])
        }
    }

    /// Records that `lenta auto --plan` handed out a render of the story with `key` at `time`.
    public func recordPlan(lentaID: Int64, key: RenderKey, at time: Double) throws {
        let value = String(decoding: try JSONEncoder().encode(StoryNote.Plan(key: key, at: time)), as: UTF8.self)
        try setSetting(StoryNote.plan(lentaID), value)
    }

    /// Records the items (absolute paths) `lenta auto` has put in the story's project file.
    public func recordProjectItems(lentaID: Int64, paths: Set<String>) throws {
        let value = String(decoding: try JSONEncoder().encode(paths.sorted()), as: UTF8.self)
        try setSetting(StoryNote.items(lentaID), value)
    }

    /// Records the hash of the project file `lenta auto` wrote for a memory's story.
    public func recordWrittenProject(lentaID: Int64, hash: String) throws {
        try setSetting(StoryNote.written(lentaID), hash)
    }
}
