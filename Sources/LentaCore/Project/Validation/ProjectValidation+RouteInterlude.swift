extension ProjectValidation {
    /// Each `routeInterlude`: its duration (at most a minute: it is an interlude) and transition;
    /// and, once the files were read, a warning when no item has a position, so there is no
    /// route for the dot to travel (the interlude then shows the empty map's sea).
    func checkRouteInterludes() {
        let located = facts.contains { $0.metadata?.location?.isPlausible == true }
        let read = !facts.isEmpty && facts.allSatisfy { $0.metadata != nil }
        for (i, item) in project.items.enumerated() {
            guard let interlude = item.routeInterlude else { continue }
            let path = Path.root + "items" + i + "routeInterlude"
            if let d = interlude.duration, !(d > 0 && d <= RouteInterlude.longest) {
                error(path + "duration", "must be in (0, \(Self.bound(RouteInterlude.longest))] seconds (is \(d))")
            }
            if let t = interlude.transition { checkTransitionShape(t, at: path + "transition") }
            if read && !located {
                warning(path, "no item has a position, so there is no route to travel")
            }
        }
    }
}
