extension ProjectValidation {
    /// `alternates` (v2): each names a file that exists; one that is also in `items` is a
    /// warning (it was swapped in and left behind in the list). Reasons are checked on reading.
    func checkAlternates() {
        let inStory = Set(project.items.map(\.path))
        for (i, alternate) in project.alternates.enumerated() {
            let path = Path.root + "alternates" + i
            _ = checkFile(alternate.path, at: path + "path")
            if inStory.contains(alternate.path) {
                warning(path + "path", "is also in items; it can be taken out of alternates")
            }
        }
    }
}
