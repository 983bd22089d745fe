/// A value that can be blended with another of its type, as Core Animation blends animated values.
///
/// `a.interpolated(to: b, fraction: 0)` is `a`, `fraction: 1` is `b`; fractions outside `0…1`
/// extrapolate (springs overshoot through them). Vector-like types interpolate linearly;
/// ``Transform3D`` interpolates by decomposition, the way Core Animation animates `transform`.
public protocol Interpolatable {
    /// Returns the value `fraction` of the way from `self` to `other`.
    ///
    /// - Parameters:
    ///   - other: The value reached at fraction 1.
    ///   - fraction: Progress of the blend; 0 gives `self`, 1 gives `other`. A non-finite fraction
    ///     is treated as 0 so bad input never produces NaN.
    /// - Returns: The blended value.
    func interpolated(to other: Self, fraction: Double) -> Self
}

extension AnimatableVector {
    /// Linear interpolation `self + (other − self) · fraction`.
    @inlinable
    public func interpolated(to other: Self, fraction: Double) -> Self {
        let t = fraction.isFinite ? fraction : 0
        return self + (other - self) * t
    }
}

extension Double: Interpolatable {}
