extension Double {
    /// The value itself when finite, otherwise `fallback`; used to keep NaN and infinities out of
    /// every output.
    @inlinable
    package func finite(or fallback: Double) -> Double {
        isFinite ? self : fallback
    }

    /// The value clamped to `range`; NaN maps to the lower bound.
    @inlinable
    package func clamped(to range: ClosedRange<Double>) -> Double {
        guard !isNaN else { return range.lowerBound }
        return Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
