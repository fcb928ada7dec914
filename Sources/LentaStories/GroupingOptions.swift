/// The rules that cut a library into lentas. The defaults suit a phone library: photos most days
/// of a trip, home in one city most of the time.
public struct GroupingOptions: Codable, Equatable, Sendable {
    /// A silence longer than this ends a lenta (seconds).
    public var gap: Double = 48 * 3600
    /// A move farther than this between two consecutive photos starts a new lenta (km): a
    /// long-haul flight on to another trip; a train, or a flight to the next city, is not one.
    public var jumpKm: Double = 2500
    /// Groups with fewer items are not proposed.
    public var minItems: Int = 3
    /// Photos this close to home (km) are at home: coming back ends a trip.
    public var homeRadiusKm: Double = 50
    /// Time away from home shorter than this (seconds) and never farther than `outingMaxKm`
    /// is an outing, not a trip.
    public var outingMaxDuration: Double = 20 * 3600
    public var outingMaxKm: Double = 200
    /// Home is the city with the most days of photos, when it has at least this many days
    /// and at least `homeMinShare` of all days: a folder of one trip has no home.
    public var homeMinDays: Int = 10
    public var homeMinShare: Double = 0.25
    /// At home, a burst of at least `eventMinItems` photos with no silence longer than
    /// `eventGap` (seconds) is an event (a birthday, a wedding) and gets its own lenta.
    public var eventGap: Double = 4 * 3600
    public var eventMinItems: Int = 15
    /// A photo without a position joins a lenta whose time span holds it, or lies within this
    /// much of its first or last item (seconds).
    public var edgeSlack: Double = 3 * 3600

    public init() {}
}
