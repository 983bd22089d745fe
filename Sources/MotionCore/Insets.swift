/// Distances to inset each edge of a rectangle by, in points (like `UIEdgeInsets`).
///
/// Positive values shrink a rectangle, negative values grow it.
public struct Insets: Sendable, Hashable, Codable {
    /// Inset of the top edge, in points.
    public var top: Double
    /// Inset of the left edge, in points.
    public var left: Double
    /// Inset of the bottom edge, in points.
    public var bottom: Double
    /// Inset of the right edge, in points.
    public var right: Double

    /// Creates insets from the four edges, in points.
    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge, in points.
    @inlinable
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// No inset on any edge.
    public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)

    /// `left + right`, in points.
    @inlinable
    public var horizontal: Double { left + right }
    /// `top + bottom`, in points.
    @inlinable
    public var vertical: Double { top + bottom }
}

// MARK: - Insets + AnimatableVector

extension Insets: AnimatableVector, Interpolatable {
    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Insets, rhs: Insets) -> Insets {
        Insets(top: lhs.top + rhs.top, left: lhs.left + rhs.left,
                   bottom: lhs.bottom + rhs.bottom, right: lhs.right + rhs.right)
    }
    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Insets, rhs: Insets) -> Insets {
        Insets(top: lhs.top - rhs.top, left: lhs.left - rhs.left,
                   bottom: lhs.bottom - rhs.bottom, right: lhs.right - rhs.right)
    }
    /// Every inset multiplied by `rhs`.
    @inlinable
    public static func * (lhs: Insets, rhs: Double) -> Insets {
        Insets(top: lhs.top * rhs, left: lhs.left * rhs, bottom: lhs.bottom * rhs, right: lhs.right * rhs)
    }
    /// Sum of the squared insets.
    @inlinable
    public var magnitudeSquared: Double { top * top + left * left + bottom * bottom + right * right }
    /// `true` when every inset is finite.
    @inlinable
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}
