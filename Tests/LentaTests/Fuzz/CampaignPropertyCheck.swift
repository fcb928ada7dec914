import PropertyBased
import Testing

/// A property checked as the campaign checks it: in `make test` a fixed number of cases drawn
/// from a fixed seed, the same every run (PropertyBased's own runs draw a fresh seed each time);
/// under `make fuzz` (`FUZZ_SECONDS` set) PropertyBased's `propertyCheck` with fresh seeds, many
/// more cases, and shrinking of a failure to its smallest input, whose seed it reports.
func campaignPropertyCheck<Value, Input>(count: Int, seed: UInt64, input: Generator<Value, some Sequence<Input>>,
                                         perform body: (Value) -> Void) async {
    if FuzzRun.Budget.current.seconds != nil {
        await propertyCheck(count: count * 100, input: input) { body($0) }
    } else {
        var random = Xoshiro(seed: (seed, 0x13, 0x08, 0x2026))
        for _ in 0..<count { body(input.run(using: &random)) }
    }
}
