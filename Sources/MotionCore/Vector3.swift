/// A point or direction in three dimensions, in points (z grows toward the viewer).
///
/// Used for rotation axes, projected vertices and decomposed translations. As in Core Animation,
/// positive z comes toward the viewer and a layer with larger z is drawn in front.
public struct Vector3: Sendable, Hashable, Codable {
    /// The x component.
    public var x: Double
    /// The y component (grows downward on screen).
    public var y: Double
    /// The z component (grows toward the viewer).
    public var z: Double

    /// Creates a vector from its components.
    @inlinable
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The zero vector.
    public static let zero = Vector3(x: 0, y: 0, z: 0)

    /// The dot product with `other`.
    @inlinable
    public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    /// The cross product `self × other` (right-handed).
    @inlinable
    public func cross(_ other: Vector3) -> Vector3 {
        Vector3(x: y * other.z - z * other.y, y: z * other.x - x * other.z, z: x * other.y - y * other.x)
    }

    /// The vector scaled to length 1, or `nil` when its length is zero or not finite.
    @inlinable
    public var normalized: Vector3? {
        let length = magnitude
        guard length > 0, length.isFinite else { return nil }
        return self * (1 / length)
    }
}

// MARK: - Vector3 + AnimatableVector

extension Vector3: AnimatableVector, Interpolatable {
    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
    }
    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 {
        Vector3(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z)
    }
    /// Every component multiplied by `rhs`.
    @inlinable
    public static func * (lhs: Vector3, rhs: Double) -> Vector3 {
        Vector3(x: lhs.x * rhs, y: lhs.y * rhs, z: lhs.z * rhs)
    }
    /// `x² + y² + z²`.
    @inlinable
    public var magnitudeSquared: Double { x * x + y * y + z * z }
    /// `true` when every component is finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
