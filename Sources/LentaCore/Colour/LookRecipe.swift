import Foundation

/// A named look: a small JSON recipe in `presets/looks/NAME.json`, interpreted by the same
/// grading code as an item's `adjust`. Every key but `description` is optional and neutral
/// when absent; they apply in this order, after the item's own adjustments:
///
/// ```json
/// { "description": "Soft S-curve, lifted blacks, warm highlights, cool shadows",
///   "exposure": 0, "temperature": 0.05, "tint": 0, "highlights": -0.1, "shadows": 0.1,
///   "contrast": 1.05,
///   "curve": [[0, 0], [0.25, 0.22], [0.75, 0.8], [1, 1]],
///   "saturation": 0.9, "mono": false,
///   "splitTone": { "shadows": { "hue": 210, "amount": 0.06 }, "highlights": { "hue": 40, "amount": 0.05 } },
///   "fade": 0.04 }
/// ```
///
/// - `exposure` … `shadows`: as an item's `adjust`, with the same ranges.
/// - `curve`: 2…16 points `[in, out]` in [0, 1], `in` strictly increasing: a smooth
///   monotone tone curve on each of R', G', B' (gamma-encoded).
/// - `mono`: true turns the picture to its luma (black and white), before the split tone.
/// - `splitTone`: tints the dark (`shadows`) and bright (`highlights`) tones towards a hue
///   (degrees: 0 red, 60 yellow, 120 green, 180 cyan, 240 blue, 300 magenta) by `amount`
///   (0…1), leaving luma as it is.
/// - `fade`: 0…0.5, lifts black to this level (a matte, faded print).
public struct LookRecipe: Hashable, Sendable, StrictJSONObject {
    public var description: String
    /// The same controls as an item's `adjust`.
    public var adjust: Adjustments
    public var curve: [CurvePoint]?
    public var mono: Bool?
    public var splitTone: SplitTone?
    public var fade: Double?

    public init(description: String, adjust: Adjustments = Adjustments(), curve: [CurvePoint]? = nil, mono: Bool? = nil,
                splitTone: SplitTone? = nil, fade: Double? = nil) {
        self.description = description
        self.adjust = adjust
        self.curve = curve
        self.mono = mono
        self.splitTone = splitTone
        self.fade = fade
    }

    public static let jsonKeys = ["description"] + Adjustments.jsonKeys + ["curve", "mono", "splitTone", "fade"]
    public static let requiredKeys = ["description"]

    public static let curvePoints = 2...16
    public static let fadeRange = 0.0...0.5

    /// One point of a tone curve: `[in, out]`.
    public struct CurvePoint: Hashable, Sendable, StrictJSONConvertible {
        public var x: Double
        public var y: Double

        public init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }

        public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
            guard case .array(let pair) = value, pair.count == 2 else {
                reader.report(path, "expected a point [in, out] of two numbers")
                return nil
            }
            guard let x = reader.number(pair[0], at: path + 0), let y = reader.number(pair[1], at: path + 1) else { return nil }
            self.init(x, y)
        }

        public var json: StrictJSON.Value { .array([.number(x), .number(y)]) }
    }

    /// A hue and how strongly to tint towards it.
    public struct Tint: Hashable, Sendable, StrictJSONObject {
        /// Degrees on the colour wheel, [0, 360).
        public var hue: Double
        /// 0…1.
        public var amount: Double

        public init(hue: Double, amount: Double) {
            self.hue = hue
            self.amount = amount
        }

        public static let jsonKeys = ["hue", "amount"]
        public static let requiredKeys = jsonKeys

        public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
            guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys),
                  let hue: Double = o.read("hue"), let amount: Double = o.read("amount") else { return nil }
            self.init(hue: hue, amount: amount)
        }

        public var json: StrictJSON.Value {
            var o = StrictJSONObjectBuilder()
            o.set("hue", hue)
            o.set("amount", amount)
            return o.value
        }
    }

    /// Different tints for dark and bright tones.
    public struct SplitTone: Hashable, Sendable, StrictJSONObject {
        public var shadows: Tint?
        public var highlights: Tint?

        public init(shadows: Tint? = nil, highlights: Tint? = nil) {
            self.shadows = shadows
            self.highlights = highlights
        }

        public static let jsonKeys = ["shadows", "highlights"]

        public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
            guard let o = reader.object(value, at: path, keys: Self.jsonKeys) else { return nil }
            self.init(shadows: o.read("shadows"), highlights: o.read("highlights"))
        }

        public var json: StrictJSON.Value {
            var o = StrictJSONObjectBuilder()
            o.set("shadows", shadows)
            o.set("highlights", highlights)
            return o.value
        }
    }

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let o = reader.object(value, at: path, keys: Self.jsonKeys, required: Self.requiredKeys),
              let description: String = o.read("description") else { return nil }
        let adjust = Adjustments(exposure: o.read("exposure"), contrast: o.read("contrast"), saturation: o.read("saturation"),
                                 temperature: o.read("temperature"), tint: o.read("tint"), highlights: o.read("highlights"),
                                 shadows: o.read("shadows"))
        let curve: [CurvePoint?]? = o.list("curve") { CurvePoint(json: $0, at: $1, reader: reader) }
        self.init(description: description, adjust: adjust, curve: curve?.compactMap { $0 }, mono: o.read("mono"),
                  splitTone: o.read("splitTone"), fade: o.read("fade"))
    }

    public var json: StrictJSON.Value {
        var o = StrictJSONObjectBuilder()
        o.set("description", description)
        for (key, value) in adjust.values { o.set(key, value) }
        o.set("curve", curve.map { StrictJSON.Value.array($0.map(\.json)) })
        o.set("mono", mono)
        o.set("splitTone", splitTone)
        o.set("fade", fade)
        return o.value
    }

    /// What is wrong with the recipe's values, by JSON path.
    public func problems() -> [ProjectProblem] {
        var problems: [ProjectProblem] = []
        typealias Path = JSONPath
        func error(_ path: Path, _ message: String) { problems.append(ProjectProblem(path, message)) }
        func check(_ value: Double?, _ range: ClosedRange<Double>, _ path: Path, unit: String = "") {
            guard let value, !range.contains(value) else { return }
            error(path, "must be in [\(ProjectValidation.bound(range.lowerBound)), \(ProjectValidation.bound(range.upperBound))]\(unit) (is \(value))")
        }
        if description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { error(.root + "description", "must not be empty") }
        for (key, value) in adjust.values {
            guard let limit = ProjectLimits.adjustments[key] else { continue }
            check(value, limit.range, .root + key, unit: limit.unit)
        }
        if let curve {
            if !Self.curvePoints.contains(curve.count) {
                error(.root + "curve", "must have \(Self.curvePoints.lowerBound)…\(Self.curvePoints.upperBound) points (has \(curve.count))")
            }
            for (i, point) in curve.enumerated() {
                check(point.x, 0...1, .root + "curve" + i + 0)
                check(point.y, 0...1, .root + "curve" + i + 1)
                if i > 0, !(point.x > curve[i - 1].x) {
                    error(.root + "curve" + i + 0, "must be more than the point before's (\(curve[i - 1].x))")
                }
            }
        }
        for (key, tint) in [("shadows", splitTone?.shadows), ("highlights", splitTone?.highlights)] {
            guard let tint else { continue }
            let path = Path.root + "splitTone" + key
            if !(tint.hue >= 0 && tint.hue < 360) { error(path + "hue", "must be in [0, 360) degrees (is \(tint.hue))") }
            check(tint.amount, 0...1, path + "amount")
        }
        check(fade, Self.fadeRange, .root + "fade")
        return problems
    }

    /// Reads and checks a look recipe's JSON.
    /// - Throws: `PresetLibraryError.invalid` naming `file`, with every problem.
    public static func read(_ data: Data, file: String) throws -> LookRecipe {
        try PresetFile.read(data, file: file, decode: { LookRecipe(json: $0, at: .root, reader: $1) }) { $0.problems() }
    }
}
