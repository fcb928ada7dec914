/// The budget a story is held to (`ProjectLimits`, README "Limits"): words no longer than a
/// frame could ever show and no more items than a story can hold, so that nothing a project
/// file validates with can make a render take unbounded time or memory.
extension ProjectValidation {
    func checkBudget() {
        let root = Path.root
        if let title = project.title { checkLength(title, ProjectLimits.maximumTitleLength, what: "a title", at: root + "title") }
        if let subtitle = project.subtitle {
            checkLength(subtitle, ProjectLimits.maximumSubtitleLength, what: "a subtitle", at: root + "subtitle")
        }
        if project.items.count > ProjectLimits.maximumItems {
            error(root + "items", "a story has at most \(ProjectLimits.maximumItems) items (has \(project.items.count))")
        }
        for (i, item) in project.items.enumerated() {
            if let chapter = item.chapter {
                if chapter.allSatisfy(\.isWhitespace) { error(root + "items" + i + "chapter", "empty: a chapter needs a title") }
                checkLength(chapter, ProjectLimits.maximumTitleLength, what: "a chapter's title", at: root + "items" + i + "chapter")
            }
            guard let text = item.text else { continue }
            checkLength(text.content, ProjectLimits.maximumCaptionLength, what: "a caption", at: root + "items" + i + "text" + "content")
        }
    }

    /// Lengths in code points, as the JSON Schema's `maxLength` counts them.
    func checkLength(_ text: String, _ limit: Int, what: String, at path: Path) {
        let length = text.unicodeScalars.count
        guard length > limit else { return }
        error(path, "too long: \(what) has at most \(limit) characters (has \(length))")
    }
}
