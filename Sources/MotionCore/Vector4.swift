/// A four-component vector: a homogeneous point, a quaternion, or a perspective row.
///
/// ``Transform3D/applyHomogeneous(to:)`` returns the point before the perspective divide as a
/// `Vector4`, so a renderer can clip against `w > 0` before dividing. ``Transform3D/Components``
/// stores its rotation quaternion `(x, y, z, w)` and its perspective as `Vector4`s, which is what
/// lets a spring animate them component by component.
public struct Vector4: Sendable, Hashable, Codable {
    /// The x component (for a quaternion, the x part of `axis · sin(angle / 2)`).
    public var x: Double
    /// The y component (for a quaternion, the y part of `axis · sin(angle / 2)`).
    public var y: Double
    /// The z component (for a quaternion, the z part of `axis · sin(angle / 2)`).
    public var z: Double
    /// The w component: the homogeneous weight, or `cos(angle / 2)` for a quaternion.
    public var w: Double

    /// Creates a vector from its components.
    @inlinable
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// The zero vector.
    public static let zero = Vector4(x: 0, y: 0, z: 0, w: 0)

    /// The dot product with `other` (the cosine of half the angle between two unit quaternions).
    @inlinable
    public func dot(_ other: Vector4) -> Double {
        x * other.x + y * other.y + z * other.z + w * other.w
    }

    /// The homogeneous point divided by `w`, or `nil` when `w ≤ 0` or the result is not finite.
    ///
    /// A vertex with `w ≤ 0` lies at or behind the eye of a perspective projection; Core Animation
    /// clips such geometry instead of drawing it mirrored, so callers must clip (or skip) it rather
    /// than divide. Returning `nil` keeps NaN and infinities out of every output.
    @inlinable
    public var projected: Vector3? {
        guard w > 0 else { return nil }
        let inverse = 1 / w
        let p = Vector3(x: x * inverse, y: y * inverse, z: z * inverse)
        return p.isFinite ? p : nil
    }
}

// MARK: - Vector4 + AnimatableVector

extension Vector4: AnimatableVector, Interpolatable {
    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Vector4, rhs: Vector4) -> Vector4 {
        Vector4(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z, w: lhs.w + rhs.w)
    }
    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Vector4, rhs: Vector4) -> Vector4 {
        Vector4(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z, w: lhs.w - rhs.w)
    }
    /// Every component multiplied by `rhs`.
    @inlinable
    public static func * (lhs: Vector4, rhs: Double) -> Vector4 {
        Vector4(x: lhs.x * rhs, y: lhs.y * rhs, z: lhs.z * rhs, w: lhs.w * rhs)
    }
    /// `x² + y² + z² + w²`.
    @inlinable
    public var magnitudeSquared: Double { x * x + y * y + z * z + w * w }
    /// `true` when every component is finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite && w.isFinite }
}
