/// A value that springs, decays and interpolation can animate: it adds, subtracts and scales.
///
/// Conforming types behave like vectors in a real vector space: `zero` is the additive identity,
/// `a + b`, `a - b` and `a * s` work component by component. ``SpringParameters`` and ``Decay`` solve their
/// motion once per component through these operations, so a spring animates a ``Point``, a
/// ``Rect`` or a ``Transform3D/Components`` exactly as it animates a `Double`.
///
/// ```swift
/// let midway = Point(x: 0, y: 0) + (Point(x: 10, y: 20) - Point(x: 0, y: 0)) * 0.5
/// // Point(x: 5, y: 10)
/// ```
public protocol AnimatableVector: Sendable, Hashable {
    /// The additive identity (every component zero).
    static var zero: Self { get }
    /// Component-wise sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// Component-wise difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// Every component multiplied by `rhs`.
    static func * (lhs: Self, rhs: Double) -> Self
    /// The squared Euclidean length of the value seen as a vector of its components.
    ///
    /// Used to decide when motion has settled (distance and speed below a tolerance).
    var magnitudeSquared: Double { get }
    /// `true` when every component is finite (neither NaN nor infinite).
    var isFinite: Bool { get }
}

extension AnimatableVector {
    /// The Euclidean length of the value seen as a vector of its components.
    @inlinable
    public var magnitude: Double { magnitudeSquared.squareRoot() }
}

// MARK: - Double + AnimatableVector

extension Double: AnimatableVector {
    /// The square of the value.
    @inlinable
    public var magnitudeSquared: Double { self * self }
}
