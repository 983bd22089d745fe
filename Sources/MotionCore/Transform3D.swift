import RealModule

/// A 4×4 homogeneous transform laid out exactly like Core Animation's `CATransform3D`.
///
/// Points are row vectors multiplied on the **left**: a point `(x, y, z, 1)` maps to
///
/// ```
/// x' = x·m11 + y·m21 + z·m31 + m41        y' = x·m12 + y·m22 + z·m32 + m42
/// z' = x·m13 + y·m23 + z·m33 + m43        w' = x·m14 + y·m24 + z·m34 + m44
/// ```
///
/// then divided by `w'`. Translation lives in `m41`, `m42`, `m43` and perspective in
/// `m34 = −1 / eyeDistance`, so every entry means what it means in a `CATransform3D` and the
/// UIKit bridge copies the sixteen numbers unchanged. Combining follows `CATransform3DConcat`:
/// ``concat(_:_:)`` of `a` and `b` is "`a` then `b`", the product `a × b`.
///
/// ```swift
/// // Turn a card 30° about y, then look at it through a 500 pt perspective.
/// let t = Transform3D(rotationAngle: .pi / 6, axis: Vector3(x: 0, y: 1, z: 0))
///     .concatenating(.perspective(eyeDistance: 500))
/// ```
///
/// Source: Apple, *CATransform3D* and *Core Animation Programming Guide — Layer Transforms*.
public struct Transform3D: Sendable, Hashable {
    /// Row 1, column 1: x scale and rotation.
    public var m11: Double
    /// Row 1, column 2.
    public var m12: Double
    /// Row 1, column 3.
    public var m13: Double
    /// Row 1, column 4 (perspective in x).
    public var m14: Double
    /// Row 2, column 1.
    public var m21: Double
    /// Row 2, column 2: y scale and rotation.
    public var m22: Double
    /// Row 2, column 3.
    public var m23: Double
    /// Row 2, column 4 (perspective in y).
    public var m24: Double
    /// Row 3, column 1.
    public var m31: Double
    /// Row 3, column 2.
    public var m32: Double
    /// Row 3, column 3: z scale and rotation.
    public var m33: Double
    /// Row 3, column 4: perspective, `−1 / eyeDistance` for ``perspective(eyeDistance:)``.
    public var m34: Double
    /// Row 4, column 1: translation in x, in points.
    public var m41: Double
    /// Row 4, column 2: translation in y, in points.
    public var m42: Double
    /// Row 4, column 3: translation in z, in points.
    public var m43: Double
    /// Row 4, column 4: the homogeneous weight (1 for ordinary transforms).
    public var m44: Double

    /// Creates a transform from its sixteen entries, row by row (`CATransform3D` order).
    @inlinable
    public init(m11: Double, m12: Double, m13: Double, m14: Double,
                m21: Double, m22: Double, m23: Double, m24: Double,
                m31: Double, m32: Double, m33: Double, m34: Double,
                m41: Double, m42: Double, m43: Double, m44: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The transform that changes nothing (`CATransform3DIdentity`).
    public static let identity = Transform3D(m11: 1, m12: 0, m13: 0, m14: 0,
                                             m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 0, m32: 0, m33: 1, m34: 0,
                                             m41: 0, m42: 0, m43: 0, m44: 1)
}

// MARK: - Factories

extension Transform3D {
    /// A translation by `(x, y, z)` points (`CATransform3DMakeTranslation`): `m41…m43`.
    @inlinable
    public init(translationX x: Double, y: Double, z: Double = 0) {
        self = .identity
        m41 = x; m42 = y; m43 = z
    }

    /// A translation by `translation`, in points (`CATransform3DMakeTranslation`).
    @inlinable
    public init(translation: Vector3) {
        self.init(translationX: translation.x, y: translation.y, z: translation.z)
    }

    /// A scale by `(x, y, z)` about the origin (`CATransform3DMakeScale`): `m11`, `m22`, `m33`.
    ///
    /// Negative factors mirror; zero collapses an axis (the result is then not invertible).
    @inlinable
    public init(scaleX x: Double, y: Double, z: Double = 1) {
        self = .identity
        m11 = x; m22 = y; m33 = z
    }

    /// A scale by the factors in `scale` about the origin (`CATransform3DMakeScale`).
    @inlinable
    public init(scale: Vector3) {
        self.init(scaleX: scale.x, y: scale.y, z: scale.z)
    }

    /// A rotation by `angle` radians about `axis` through the origin (`CATransform3DMakeRotation`).
    ///
    /// The axis is normalized first. The sense matches Core Animation, whose y axis points down
    /// and z axis toward the viewer: a positive angle about z turns +x toward +y (clockwise on
    /// screen); a positive angle about y moves a point on the +x side away from the viewer
    /// (toward −z); a positive angle about x moves +y toward +z. With `c = cos`, `s = sin` and a
    /// unit axis `(x, y, z)` (Rodrigues' formula, transposed for row vectors):
    ///
    /// ```
    /// m11 = c + (1−c)x²     m12 = (1−c)xy + sz    m13 = (1−c)xz − sy
    /// m21 = (1−c)xy − sz    m22 = c + (1−c)y²     m23 = (1−c)yz + sx
    /// m31 = (1−c)xz + sy    m32 = (1−c)yz − sx    m33 = c + (1−c)z²
    /// ```
    ///
    /// - Parameters:
    ///   - angle: The rotation, in radians. A non-finite angle gives ``identity``.
    ///   - axis: The axis direction; a zero-length or non-finite axis gives ``identity``.
    public init(rotationAngle angle: Double, axis: Vector3) {
        guard angle.isFinite, let n = axis.normalized else {
            self = .identity
            return
        }
        let c = Double.cos(angle), s = Double.sin(angle), t = 1 - c
        self.init(m11: c + t * n.x * n.x, m12: t * n.x * n.y + s * n.z, m13: t * n.x * n.z - s * n.y, m14: 0,
                  m21: t * n.x * n.y - s * n.z, m22: c + t * n.y * n.y, m23: t * n.y * n.z + s * n.x, m24: 0,
                  m31: t * n.x * n.z + s * n.y, m32: t * n.y * n.z - s * n.x, m33: c + t * n.z * n.z, m34: 0,
                  m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// A perspective projection seen from `eyeDistance` points in front of the z = 0 plane.
    ///
    /// The identity with `m34 = −1 / eyeDistance`, the classic Core Animation recipe; a point at
    /// depth z gets `w = 1 − z / eyeDistance`, so nearer points (z > 0) are drawn larger. Apply it
    /// after the layer's own rotation (`rotation.concatenating(.perspective(…))`) or set it as the
    /// parent's `sublayerTransform`. Typical distances are 500–1000 points.
    ///
    /// - Parameter eyeDistance: Distance from the eye to the screen plane, in points. Zero,
    ///   negative or non-finite distances give ``identity`` (no perspective).
    /// - Returns: The perspective transform.
    public static func perspective(eyeDistance: Double) -> Transform3D {
        guard eyeDistance > 0, eyeDistance.isFinite else { return .identity }
        var t = Transform3D.identity
        t.m34 = -1 / eyeDistance
        return t
    }
}

// MARK: - Concatenation

extension Transform3D {
    /// The transform that applies `a` and then `b`: the product `a × b` (`CATransform3DConcat`).
    ///
    /// With row vectors on the left, `p × (a × b) = (p × a) × b`, so `a` acts first. Not
    /// commutative: a translation then a scale also scales the translation.
    ///
    /// - Parameters:
    ///   - a: The transform applied first.
    ///   - b: The transform applied second.
    /// - Returns: The combined transform.
    @inlinable
    public static func concat(_ a: Transform3D, _ b: Transform3D) -> Transform3D {
        Transform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// This transform followed by `other`: `Transform3D.concat(self, other)`.
    @inlinable
    public func concatenating(_ other: Transform3D) -> Transform3D {
        Transform3D.concat(self, other)
    }

    /// A translation by `offset` applied **before** this transform (`CATransform3DTranslate`).
    ///
    /// Apple defines `CATransform3DTranslate(t, tx, ty, tz)` as `translate(tx, ty, tz) × t`: the
    /// new operation acts first, in the local space of `t`, so `t.rotated(…).translated(…)` moves
    /// along the rotated axes.
    ///
    /// - Parameter offset: The translation, in points.
    /// - Returns: `concat(Transform3D(translation: offset), self)`.
    @inlinable
    public func translated(by offset: Vector3) -> Transform3D {
        Transform3D.concat(Transform3D(translation: offset), self)
    }

    /// A scale by `factors` applied **before** this transform (`CATransform3DScale`, defined by
    /// Apple as `scale(sx, sy, sz) × t`).
    ///
    /// - Parameter factors: The scale factors along x, y and z.
    /// - Returns: `concat(Transform3D(scale: factors), self)`.
    @inlinable
    public func scaled(by factors: Vector3) -> Transform3D {
        Transform3D.concat(Transform3D(scale: factors), self)
    }

    /// A rotation applied **before** this transform (`CATransform3DRotate`, defined by Apple as
    /// `rotation(angle, x, y, z) × t`).
    ///
    /// - Parameters:
    ///   - angle: The rotation, in radians (sense as in ``init(rotationAngle:axis:)``).
    ///   - axis: The axis direction; zero-length or non-finite leaves the transform unchanged.
    /// - Returns: `concat(Transform3D(rotationAngle: angle, axis: axis), self)`.
    public func rotated(by angle: Double, axis: Vector3) -> Transform3D {
        Transform3D.concat(Transform3D(rotationAngle: angle, axis: axis), self)
    }
}

// MARK: - Properties and inversion

extension Transform3D {
    /// `true` when the transform is exactly ``identity`` (`CATransform3DIsIdentity`).
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// `true` when every entry is finite (neither NaN nor infinite).
    @inlinable @inline(__always)
    public var isFinite: Bool {
        // `x * 0` is ±0 for a finite x and NaN otherwise, so one branch-free sum (a balanced tree,
        // four independent lanes) checks all 16 entries.
        let row1 = (m11 * 0 + m12 * 0) + (m13 * 0 + m14 * 0), row2 = (m21 * 0 + m22 * 0) + (m23 * 0 + m24 * 0)
        let row3 = (m31 * 0 + m32 * 0) + (m33 * 0 + m34 * 0), row4 = (m41 * 0 + m42 * 0) + (m43 * 0 + m44 * 0)
        return (row1 + row2) + (row3 + row4) == 0
    }

    /// `true` when the transform maps the z = 0 plane onto itself as a 2D affine transform
    /// (`CATransform3DIsAffine`).
    ///
    /// Exactly Core Animation's test: `m13, m14, m23, m24, m31, m32, m34, m43` are zero and
    /// `m33` and `m44` are one. Such a transform converts losslessly to an ``AffineTransform2D``.
    @inlinable
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// The determinant of the 4×4 matrix; zero for a transform that cannot be inverted.
    public var determinant: Double {
        let (s, c) = minors
        return s.0 * c.5 - s.1 * c.4 + s.2 * c.3 + s.3 * c.2 - s.4 * c.1 + s.5 * c.0
    }

    /// The transform that undoes this one, or `nil` when there is none.
    ///
    /// `CATransform3DInvert` returns its argument unchanged when the matrix is singular, which
    /// silently turns "undo" into "do again"; this method returns `nil` instead so the caller must
    /// decide. `nil` is also returned for a transform with a non-finite entry, a zero or
    /// non-finite determinant, or an inverse that overflows. Computed by cofactor expansion
    /// (Laplace expansion in 2×2 minors, as in D. Eberly, *The Laplace Expansion Theorem*).
    ///
    /// - Returns: `m⁻¹` with `m × m⁻¹ = identity` up to rounding, or `nil`.
    public func inverted() -> Transform3D? {
        guard isFinite else { return nil }
        let (s, c) = minors
        let det = s.0 * c.5 - s.1 * c.4 + s.2 * c.3 + s.3 * c.2 - s.4 * c.1 + s.5 * c.0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        let inverse = Transform3D(
            m11: (m22 * c.5 - m23 * c.4 + m24 * c.3) * k,
            m12: (-m12 * c.5 + m13 * c.4 - m14 * c.3) * k,
            m13: (m42 * s.5 - m43 * s.4 + m44 * s.3) * k,
            m14: (-m32 * s.5 + m33 * s.4 - m34 * s.3) * k,
            m21: (-m21 * c.5 + m23 * c.2 - m24 * c.1) * k,
            m22: (m11 * c.5 - m13 * c.2 + m14 * c.1) * k,
            m23: (-m41 * s.5 + m43 * s.2 - m44 * s.1) * k,
            m24: (m31 * s.5 - m33 * s.2 + m34 * s.1) * k,
            m31: (m21 * c.4 - m22 * c.2 + m24 * c.0) * k,
            m32: (-m11 * c.4 + m12 * c.2 - m14 * c.0) * k,
            m33: (m41 * s.4 - m42 * s.2 + m44 * s.0) * k,
            m34: (-m31 * s.4 + m32 * s.2 - m34 * s.0) * k,
            m41: (-m21 * c.3 + m22 * c.1 - m23 * c.0) * k,
            m42: (m11 * c.3 - m12 * c.1 + m13 * c.0) * k,
            m43: (-m41 * s.3 + m42 * s.1 - m43 * s.0) * k,
            m44: (m31 * s.3 - m32 * s.1 + m33 * s.0) * k)
        return inverse.isFinite ? inverse : nil
    }

    /// The 2×2 minors of rows 1–2 (`s`) and rows 3–4 (`c`) used by the Laplace expansion.
    private var minors: (s: (Double, Double, Double, Double, Double, Double),
                         c: (Double, Double, Double, Double, Double, Double)) {
        let s = (m11 * m22 - m21 * m12, m11 * m23 - m21 * m13, m11 * m24 - m21 * m14,
                 m12 * m23 - m22 * m13, m12 * m24 - m22 * m14, m13 * m24 - m23 * m14)
        let c = (m31 * m42 - m41 * m32, m31 * m43 - m41 * m33, m31 * m44 - m41 * m34,
                 m32 * m43 - m42 * m33, m32 * m44 - m42 * m34, m33 * m44 - m43 * m34)
        return (s, c)
    }
}
