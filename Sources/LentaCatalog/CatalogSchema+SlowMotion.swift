import GRDB

extension CatalogSchema {
    /// What a clip's container says of slow motion (`SlowMotionTags`): Apple's full-frame-rate
    /// playback intent and Android's capture rate. Items scanned before it have neither until
    /// their file changes.
    static func registerSlowMotion(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8-slow-motion: what a clip's container says of slow motion") { db in
            try db.alter(table: "item") { t in
                t.add(column: "fullFrameRatePlayback", .boolean)  // com.apple.quicktime.full-frame-rate-playback-intent
                t.add(column: "captureFrameRate", .double)  // com.android.capture.fps
            }
        }
    }
}
