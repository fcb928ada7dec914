import GRDB
import LentaCore

/// What a story was last rendered from; a render is due when any part differs.
public struct RenderKey: Hashable, Sendable {
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
            return result
        }
    }

    /// Gives a lenta's story a name, unless it has one; the name is kept from then on.
    public func nameStory(lentaID: Int64, name: String) throws {
        try database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO story (lentaId, name) VALUES (?, ?)", arguments: [lentaID, name])
        }
    }

    /// Records a finished render.
    public func recordRender(lentaID: Int64, key: RenderKey, at time: Double) throws {
        try database.write { db in
            try db.execute(sql: """
                UPDATE story SET projectHash = ?, mediaHash = ?, presetHash = ?, toolVersion = ?, renderedAt = ? WHERE lentaId = ?
                """, arguments: [key.project, key.media, key.preset, key.toolVersion, time, lentaID])
        }
    }
}
