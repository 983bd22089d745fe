import StoryKitStorm

/// A deterministic random number generator (SplitMix64) for property tests with seeded inputs:
/// the storms' generator, so one implementation serves both.
///
/// The same seed yields the same sequence on every platform, so a failing case can be replayed.
public typealias SeededRandom = StormRandom

extension StormRandom {
    /// One of the awkward values bad input brings (NaN, ±infinity, zero, huge, tiny, negative),
    /// or an ordinary value in `range` half of the time.
    public mutating func hostile(in range: ClosedRange<Double>) -> Double {
        let awkward: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1e308, -1e308, 1e-308,
                                 .leastNonzeroMagnitude, -1]
        if Bool.random(using: &self) { return double(in: range) }
        return awkward.randomElement(using: &self)!
    }
}
