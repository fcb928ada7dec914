import LentaCore

/// Names lentas as a person would: by the cities a trip went to ("Lisbon & Sintra, Portugal"),
/// by its countries when it crossed borders ("Portugal & Spain"), by its dates when nothing is known
/// of where it was ("3–9 May 2024").
public enum LentaTitle {
    /// - Parameter places: the place of each item (nil for items without one), in time order.
    public static func title(places: [ItemPlace?], first: LocalDate?, last: LocalDate?) -> String {
        let named = places.compactMap { $0 }.filter { !$0.isRemote }
        guard !named.isEmpty else {
            if places.contains(where: { $0?.isRemote == true }) { return "At sea" + (first.map { ", " + dateRange($0, last ?? $0) } ?? "") }
            return first.map { dateRange($0, last ?? $0) } ?? "Untitled"
        }
        let countries = ranked(named.map(\.country))
        if countries.count > 1 {
            return list(countries.count > 3 ? Array(countries.prefix(3)) + ["\(countries.count - 3) more"] : countries)
        }
        let cities = ranked(named.map(\.city))
        let country = countries[0]
        if cities.count > 3 { return country }
        return list(cities) + ", " + country
    }

    /// Distinct values, most frequent first (ties: first seen first).
    public static func ranked(_ values: [String]) -> [String] {
        var count: [String: Int] = [:], firstSeen: [String: Int] = [:]
        for (i, v) in values.enumerated() {
            count[v, default: 0] += 1
            if firstSeen[v] == nil { firstSeen[v] = i }
        }
        return count.keys.sorted { (-(count[$0] ?? 0), firstSeen[$0] ?? 0) < (-(count[$1] ?? 0), firstSeen[$1] ?? 0) }
    }

    /// "A", "A & B", "A, B & C".
    public static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " & " + (names.last ?? "")
    }

    static let months = LocalDate.monthNames

    /// "3 May 2024", "3–9 May 2024", "28 April – 3 May 2024", "28 December 2024 – 3 January 2025".
    public static func dateRange(_ first: LocalDate, _ last: LocalDate) -> String {
        let m1 = months[first.month - 1], m2 = months[last.month - 1]
        if first == last { return "\(first.day) \(m1) \(first.year)" }
        if first.year != last.year { return "\(first.day) \(m1) \(first.year) – \(last.day) \(m2) \(last.year)" }
        if first.month != last.month { return "\(first.day) \(m1) – \(last.day) \(m2) \(last.year)" }
        return "\(first.day)–\(last.day) \(m1) \(first.year)"
    }

    /// The subtitle of a story: "3–9 May 2024 · Portugal".
    public static func subtitle(places: [ItemPlace?], first: LocalDate?, last: LocalDate?) -> String {
        let countries = ranked(places.compactMap { $0 }.filter { !$0.isRemote }.map(\.country))
        var parts: [String] = []
        if let first { parts.append(dateRange(first, last ?? first)) }
        if !countries.isEmpty { parts.append(list(countries.count > 3 ? Array(countries.prefix(3)) + ["more"] : countries)) }
        return parts.joined(separator: " · ")
    }
}
