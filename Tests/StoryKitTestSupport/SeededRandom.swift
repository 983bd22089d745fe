/// A deterministic random number generator (SplitMix64) for property tests with seeded inputs.
///
/// The same seed yields the same sequence on every platform, so a failing case can be replayed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniformly distributed value in `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// One of the awkward values bad input brings (NaN, ±infinity, zero, huge, tiny, negative),
    /// or an ordinary value in `range` half of the time.
    public mutating func hostile(in range: ClosedRange<Double>) -> Double {
        let awkward: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1e308, -1e308, 1e-308,
                                 .leastNonzeroMagnitude, -1]
        if Bool.random(using: &self) { return double(in: range) }
        return awkward.randomElement(using: &self)!
    }
}
