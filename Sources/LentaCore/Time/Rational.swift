/// An exact fraction of seconds (or of anything): timeline arithmetic without rounding drift.
public struct Rational: Hashable, Comparable, Sendable, CustomStringConvertible {
    public private(set) var numerator: Int64
    public private(set) var denominator: Int64

    public init(_ numerator: Int64, _ denominator: Int64 = 1) {
        precondition(denominator != 0, "a rational needs a non-zero denominator")
        let sign: Int64 = denominator < 0 ? -1 : 1
        let g = Rational.gcd(Swift.abs(numerator), Swift.abs(denominator))
        self.numerator = sign * numerator / max(g, 1)
        self.denominator = sign * denominator / max(g, 1)
    }

    public init(_ value: Int) { self.init(Int64(value), 1) }

    /// The decimal a person wrote in the project file, exactly: 0.1 is 1/10, 2.5 is 5/2.
    /// Values are rounded to the microsecond, far below a frame or an audio sample.
    public init(seconds: Double) {
        self.init(Int64((seconds * 1_000_000).rounded()), 1_000_000)
    }

    static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    public var doubleValue: Double { Double(numerator) / Double(denominator) }

    /// The largest whole number not above the value.
    public var floor: Int64 {
        let q = numerator / denominator
        return (numerator % denominator != 0 && numerator < 0) ? q - 1 : q
    }

    /// The nearest whole number, halves rounded up.
    public var rounded: Int64 { (self + Rational(1, 2)).floor }

    public static func + (a: Rational, b: Rational) -> Rational {
        let g = gcd(a.denominator, b.denominator)
        return Rational(a.numerator * (b.denominator / g) + b.numerator * (a.denominator / g), a.denominator / g * b.denominator)
    }
    public static func - (a: Rational, b: Rational) -> Rational { a + Rational(-b.numerator, b.denominator) }
    public static func * (a: Rational, b: Rational) -> Rational {
        let g1 = gcd(Swift.abs(a.numerator), b.denominator), g2 = gcd(Swift.abs(b.numerator), a.denominator)
        return Rational((a.numerator / max(g1, 1)) * (b.numerator / max(g2, 1)), (a.denominator / max(g2, 1)) * (b.denominator / max(g1, 1)))
    }
    public static func / (a: Rational, b: Rational) -> Rational { a * Rational(b.denominator, b.numerator) }
    public static func < (a: Rational, b: Rational) -> Bool { (a - b).numerator < 0 }

    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
