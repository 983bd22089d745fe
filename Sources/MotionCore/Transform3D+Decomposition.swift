extension Transform3D {
    /// A transform split into the parts that animate naturally: translation, scale, skew,
    /// perspective and a rotation quaternion.
    ///
    /// This is the decomposition of the W3C *CSS Transforms Module Level 2*, §"Decomposing a 3D
    /// matrix" (the algorithm WebKit and Core Animation use to animate `transform`), written for
    /// Core Animation's row-vector layout. A point is transformed by the parts in this order:
    ///
    /// ```
    /// scale → skew → rotate (quaternion) → translate → perspective
    /// ```
    ///
    /// i.e. `matrix = S × K × R × T × P`. ``Transform3D/init(_:)-(Transform3D.Components)`` recomposes
    /// the matrix and ``Transform3D/components`` decomposes it.
    ///
    /// `Components` is an ``AnimatableVector`` (every field component-wise, the quaternion as a
    /// plain 4-vector), so a spring can animate a transform part by part. Note that ``zero`` is
    /// the additive identity (scale 0, quaternion 0), not the identity transform; that is
    /// ``identity``. Before springing between two rotations call
    /// ``alignedQuaternion(to:)`` so the quaternions lie in the same hemisphere and the
    /// rotation takes the short way round.
    public struct Components: Sendable, Hashable, Codable {
        /// Translation along x, y and z, in points (`m41…m43` of the affine part).
        public var translation: Vector3
        /// Scale factors along x, y and z (negative when the matrix mirrors space).
        public var scale: Vector3
        /// Shear factors: `x` is the XY skew, `y` the XZ skew and `z` the YZ skew (unitless,
        /// the tangent of the shear angle), applied between scale and rotation.
        public var skew: Vector3
        /// The perspective row `(m14, m24, m34, m44)` of the perspective part;
        /// `(0, 0, 0, 1)` when there is none, `(0, 0, −1/d, 1)` for ``perspective(eyeDistance:)``.
        public var perspective: Vector4
        /// The rotation as a unit quaternion `(axis · sin(angle/2), cos(angle/2))`, with the
        /// angle in radians and the sense of ``Transform3D/init(rotationAngle:axis:)``.
        /// Recomposition normalizes it; a zero quaternion means no rotation.
        public var quaternion: Vector4

        /// Creates components; every part defaults to "no change".
        ///
        /// - Parameters:
        ///   - translation: Translation, in points.
        ///   - scale: Scale factors (default 1, 1, 1).
        ///   - skew: XY, XZ and YZ shear factors (default 0).
        ///   - perspective: The perspective row (default `(0, 0, 0, 1)`).
        ///   - quaternion: The rotation quaternion (default `(0, 0, 0, 1)`, no rotation).
        @inlinable
        public init(translation: Vector3 = .zero, scale: Vector3 = Vector3(x: 1, y: 1, z: 1),
                    skew: Vector3 = .zero, perspective: Vector4 = Vector4(x: 0, y: 0, z: 0, w: 1),
                    quaternion: Vector4 = Vector4(x: 0, y: 0, z: 0, w: 1)) {
            self.translation = translation
            self.scale = scale
            self.skew = skew
            self.perspective = perspective
            self.quaternion = quaternion
        }

        /// The components of ``Transform3D/identity``.
        public static let identity = Components()

        /// The same components with the quaternion negated if it points away from
        /// `reference`'s (`dot < 0`). `q` and `−q` are the same rotation, but only the aligned
        /// pair interpolates along the shorter arc when animated component by component.
        ///
        /// - Parameter reference: The components the animation starts from.
        /// - Returns: Components describing the same transform, ready to animate from `reference`.
        public func alignedQuaternion(to reference: Components) -> Components {
            guard quaternion.dot(reference.quaternion) < 0 else { return self }
            var aligned = self
            aligned.quaternion = quaternion * -1
            return aligned
        }
    }

    /// Recomposes the matrix `S × K × R × T × P` from its parts (CSS Transforms Level 2,
    /// §"Recomposing to a 3D matrix", in row-vector form).
    ///
    /// - Parameter components: The parts. The quaternion is normalized first (a zero one means
    ///   no rotation). Non-finite components, or a result that overflows, give ``identity``.
    public init(_ components: Components) {
        self = Transform3D.recomposed(components) ?? .identity
    }

    /// The parts of this transform, or `nil` when it cannot be decomposed.
    ///
    /// Follows CSS Transforms Level 2 §"Decomposing a 3D matrix": normalize by `m44`, solve
    /// for the perspective row, read the translation, then split the upper 3×3 into scale, skew
    /// and an orthonormal rotation by Gram–Schmidt, flipping all scales when the matrix mirrors.
    /// The quaternion is read from the rotation with Shepperd's method (stable for every angle;
    /// the spec's four square roots lose precision near 180°) and kept with `w ≥ 0`.
    ///
    /// `nil` when `m44 == 0`, the upper 3×3 (with translation) is singular, an entry is not
    /// finite, or a part overflows. `Transform3D(components)` reproduces the matrix divided by
    /// `m44` (so its `m44` is 1), which maps every point to the same place after the perspective
    /// divide; for the usual `m44 == 1` it is the same matrix up to rounding.
    public var components: Components? {
        guard isFinite, m44 != 0 else { return nil }
        let k = 1 / m44
        let row0 = Vector3(x: m11 * k, y: m12 * k, z: m13 * k)
        let row1 = Vector3(x: m21 * k, y: m22 * k, z: m23 * k)
        let row2 = Vector3(x: m31 * k, y: m32 * k, z: m33 * k)
        let translation = Vector3(x: m41 * k, y: m42 * k, z: m43 * k)
        // det of [[A, 0], [t, 1]] is det A.
        let cofactor0 = row1.cross(row2)
        let det = row0.dot(cofactor0)
        guard det != 0, det.isFinite else { return nil }

        // Perspective: solve A · pp = (m14, m24, m34) with A⁻¹ = adj(A) / det, where the columns
        // of adj(A) are the cofactor rows r1 × r2, r2 × r0, r0 × r1; then pw = 1 − t · pp.
        var perspective = Vector4(x: 0, y: 0, z: 0, w: 1)
        let p = Vector3(x: m14 * k, y: m24 * k, z: m34 * k)
        if p.x != 0 || p.y != 0 || p.z != 0 {
            let inverseDet = 1 / det
            let pp = (cofactor0 * p.x + row2.cross(row0) * p.y + row0.cross(row1) * p.z) * inverseDet
            perspective = Vector4(x: pp.x, y: pp.y, z: pp.z, w: 1 - translation.dot(pp))
        }

        // Scale and skew by (modified) Gram–Schmidt on the rows, kept unnormalized until the end
        // so that the three square roots and divisions run side by side: with u0 = row0,
        // u1 = row1 − (row1·u0 / u0·u0) u0 and u2 = (row2 − (row2·u0 / u0·u0) u0) − (… / u1·u1) u1,
        // CSS's scale is |uᵢ|, its rows rᵢ = uᵢ / |uᵢ| and its skews the projections over |uᵢ||uⱼ|.
        let n0 = row0.magnitudeSquared, inverseN0 = 1 / n0
        let p10 = row1.dot(row0), p20 = row2.dot(row0)
        let u1 = row1 - row0 * (p10 * inverseN0)
        let v2 = row2 - row0 * (p20 * inverseN0)
        let n1 = u1.magnitudeSquared
        let p21 = v2.dot(u1)
        let u2 = v2 - u1 * (p21 / n1)
        var scale = Vector3(x: n0.squareRoot(), y: n1.squareRoot(), z: u2.magnitudeSquared.squareRoot())
        let k0 = 1 / scale.x, k1 = 1 / scale.y, k2 = 1 / scale.z
        let skew = Vector3(x: p10 * k0 * k1, y: p20 * k0 * k2, z: p21 * k1 * k2)
        var r0 = row0 * k0, r1 = u1 * k1, r2 = u2 * k2
        // A mirrored basis (det A = scale.x·scale.y·scale.z·det R < 0): negate the scales and
        // rows so that R is a proper rotation.
        if det < 0 {
            scale = scale * -1
            r0 = r0 * -1; r1 = r1 * -1; r2 = r2 * -1
        }

        // The quaternion is always finite (unit, or the identity); check the other parts before
        // building the result so it is written once, straight into the optional.
        guard translation.isFinite, scale.isFinite, skew.isFinite, perspective.isFinite else { return nil }
        return Components(translation: translation, scale: scale, skew: skew, perspective: perspective,
                          quaternion: Transform3D.quaternion(rows: r0, r1, r2))
    }

    /// The unit quaternion of the row-vector rotation with rows `r0, r1, r2` (Shepperd's method),
    /// with `w ≥ 0`. Row-vector entries: `R01 = 2(xy + zw)`, `R10 = 2(xy − zw)`, etc.
    private static func quaternion(rows r0: Vector3, _ r1: Vector3, _ r2: Vector3) -> Vector4 {
        let trace = r0.x + r1.y + r2.z
        var q: Vector4
        if trace >= r0.x, trace >= r1.y, trace >= r2.z {
            let w = 0.5 * (1 + trace).squareRoot(), f = 0.25 / w
            q = Vector4(x: (r1.z - r2.y) * f, y: (r2.x - r0.z) * f, z: (r0.y - r1.x) * f, w: w)
        } else if r0.x >= r1.y, r0.x >= r2.z {
            let x = 0.5 * Swift.max(1 + r0.x - r1.y - r2.z, 0).squareRoot(), f = 0.25 / x
            q = Vector4(x: x, y: (r0.y + r1.x) * f, z: (r0.z + r2.x) * f, w: (r1.z - r2.y) * f)
        } else if r1.y >= r2.z {
            let y = 0.5 * Swift.max(1 - r0.x + r1.y - r2.z, 0).squareRoot(), f = 0.25 / y
            q = Vector4(x: (r0.y + r1.x) * f, y: y, z: (r1.z + r2.y) * f, w: (r2.x - r0.z) * f)
        } else {
            let z = 0.5 * Swift.max(1 - r0.x - r1.y + r2.z, 0).squareRoot(), f = 0.25 / z
            q = Vector4(x: (r0.z + r2.x) * f, y: (r1.z + r2.y) * f, z: z, w: (r0.y - r1.x) * f)
        }
        if q.w < 0 { q = q * -1 }
        let length = q.magnitude
        return length > 0 && length.isFinite ? q * (1 / length) : Vector4(x: 0, y: 0, z: 0, w: 1)
    }

    /// `S × K × R × T × P`, or `nil` when the components or the result are not finite.
    static func recomposed(_ c: Components) -> Transform3D? {
        guard c.isFinite else { return nil }
        let m = recomposed(translation: c.translation, scale: c.scale, skew: c.skew,
                           perspective: c.perspective, quaternion: c.quaternion)
        return m.isFinite ? m : nil
    }

    /// `q` divided by its largest component magnitude, `(0, 0, 0, 1)` for a zero `q`, and `q`
    /// unchanged when it is not finite; out of line so that recomposition has no call to save
    /// registers around on its usual path.
    @inline(never)
    static func rescaled(_ q: Vector4) -> Vector4 {
        guard q.isFinite else { return q }
        let largest = Swift.max(Swift.max(abs(q.x), abs(q.y)), Swift.max(abs(q.z), abs(q.w)))
        return largest > 0 ? q * (1 / largest) : Vector4(x: 0, y: 0, z: 0, w: 1)
    }

    /// `S × K × R × T × P` written out entry by entry; the caller checks that it is finite.
    ///
    /// The quaternion need not have unit length: with `s = 2 / |q|²` the row-vector rotation is
    /// `R = I − s·[…]` (the usual unit-quaternion matrix with `2` replaced by `s`, Shoemake 1985),
    /// which normalizes without a square root. A zero quaternion means no rotation; a zero, tiny
    /// or huge one is rescaled first, and a non-finite one gives a non-finite matrix. Skew
    /// `K = [[1, 0, 0], [xy, 1, 0], [xz, yz, 1]]` and scale `S = diag(scale)` act on the left, so
    /// they add multiples of earlier rotation rows and scale rows; translation is the fourth row
    /// and the perspective column is `A · pp` (`[[A, 0], [t, 1]] × [[I, pp], [0, pw]]`). About 60
    /// multiplications and one division, no square root.
    @inline(__always)
    static func recomposed(translation t: Vector3, scale: Vector3, skew: Vector3, perspective p: Vector4,
                           quaternion: Vector4) -> Transform3D {
        var q = quaternion
        var n2 = q.magnitudeSquared
        if !(n2 > 0x1p-900 && n2 < 0x1p900) {  // cold: zero, tiny, huge or non-finite
            q = rescaled(q)
            n2 = q.magnitudeSquared
        }
        let s = 2 / n2
        let xs = q.x * s, ys = q.y * s, zs = q.z * s
        let xx = q.x * xs, yy = q.y * ys, zz = q.z * zs
        let xy = q.x * ys, xz = q.x * zs, yz = q.y * zs
        let wx = q.w * xs, wy = q.w * ys, wz = q.w * zs
        // The rotation for row vectors (the transpose of the usual column-vector matrix).
        let r00 = 1 - (yy + zz), r01 = xy + wz, r02 = xz - wy
        let r10 = xy - wz, r11 = 1 - (xx + zz), r12 = yz + wx
        let r20 = xz + wy, r21 = yz - wx, r22 = 1 - (xx + yy)
        let m11 = r00 * scale.x, m12 = r01 * scale.x, m13 = r02 * scale.x
        let m21 = (r10 + r00 * skew.x) * scale.y, m22 = (r11 + r01 * skew.x) * scale.y
        let m23 = (r12 + r02 * skew.x) * scale.y
        let m31 = (r20 + r00 * skew.y + r10 * skew.z) * scale.z, m32 = (r21 + r01 * skew.y + r11 * skew.z) * scale.z
        let m33 = (r22 + r02 * skew.y + r12 * skew.z) * scale.z
        let m14 = m11 * p.x + m12 * p.y + m13 * p.z, m24 = m21 * p.x + m22 * p.y + m23 * p.z
        let m34 = m31 * p.x + m32 * p.y + m33 * p.z, m44 = t.x * p.x + t.y * p.y + t.z * p.z + p.w
        return Transform3D(m11: m11, m12: m12, m13: m13, m14: m14, m21: m21, m22: m22, m23: m23, m24: m24,
                           m31: m31, m32: m32, m33: m33, m34: m34, m41: t.x, m42: t.y, m43: t.z, m44: m44)
    }
}

// MARK: - Transform3D.Components + AnimatableVector

extension Transform3D.Components: AnimatableVector {
    /// All parts zero, including scale and quaternion: the additive identity, **not** the
    /// identity transform (see ``identity``).
    public static let zero = Transform3D.Components(scale: .zero, perspective: .zero, quaternion: .zero)

    /// Part-by-part sum.
    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(translation: lhs.translation + rhs.translation, scale: lhs.scale + rhs.scale,
             skew: lhs.skew + rhs.skew, perspective: lhs.perspective + rhs.perspective,
             quaternion: lhs.quaternion + rhs.quaternion)
    }

    /// Part-by-part difference.
    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(translation: lhs.translation - rhs.translation, scale: lhs.scale - rhs.scale,
             skew: lhs.skew - rhs.skew, perspective: lhs.perspective - rhs.perspective,
             quaternion: lhs.quaternion - rhs.quaternion)
    }

    /// Every part multiplied by `rhs`.
    @inlinable
    public static func * (lhs: Self, rhs: Double) -> Self {
        Self(translation: lhs.translation * rhs, scale: lhs.scale * rhs, skew: lhs.skew * rhs,
             perspective: lhs.perspective * rhs, quaternion: lhs.quaternion * rhs)
    }

    /// Sum of the squared components of every part (16 numbers).
    @inlinable
    public var magnitudeSquared: Double {
        translation.magnitudeSquared + scale.magnitudeSquared + skew.magnitudeSquared
            + perspective.magnitudeSquared + quaternion.magnitudeSquared
    }

    /// `true` when every part is finite.
    @inlinable
    public var isFinite: Bool {
        translation.isFinite && scale.isFinite && skew.isFinite && perspective.isFinite && quaternion.isFinite
    }
}
