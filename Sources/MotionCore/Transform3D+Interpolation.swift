// MARK: - Transform3D + Interpolatable

extension Transform3D: Interpolatable {
    /// The transform `fraction` of the way from `self` to `other`, blended the way Core Animation
    /// animates `transform`: by decomposition, not entry by entry.
    ///
    /// Both matrices are split into ``Components``; translation, scale, skew and perspective are
    /// blended linearly and the rotation quaternion by spherical linear interpolation along the
    /// shorter arc; the result is recomposed (W3C *CSS Transforms Module Level 2*,
    /// §"Interpolation of 3D matrices", with WebKit's shortest-path slerp). So a rotation from 0°
    /// to 90° passes through 45°, and a scale from 1 to 3 passes through 2 without shear.
    ///
    /// Fallbacks, none of which produce NaN:
    /// - a non-finite `fraction` counts as 0 (returns `self`); fractions 0 and 1 return the ends
    ///   exactly; fractions outside 0…1 extrapolate (spring overshoot);
    /// - a non-finite end is replaced by the other end; when both are non-finite the result is
    ///   ``identity``;
    /// - when either end cannot be decomposed (`m44 == 0` or singular, e.g. a scale of 0), the
    ///   blend is a discrete step as CSS specifies: `self` below 0.5, `other` from 0.5 on. The
    ///   same step is used if an extreme extrapolation overflows.
    ///
    /// Each call decomposes both ends (a few hundred nanoseconds, no allocation): it builds a
    /// ``TransformInterpolation`` and evaluates it once, so the results are identical. To animate
    /// the same pair every frame, build the ``TransformInterpolation`` once and call its
    /// ``TransformInterpolation/transform(at:)`` per frame instead — the per-frame path, about
    /// a seventh of the cost.
    ///
    /// - Parameters:
    ///   - other: The transform reached at fraction 1.
    ///   - fraction: Progress of the blend; 0 gives `self`, 1 gives `other`.
    /// - Returns: The blended transform.
    public func interpolated(to other: Transform3D, fraction: Double) -> Transform3D {
        TransformInterpolation(from: self, to: other).transform(at: fraction)
    }
}

// MARK: - Transform3D.Components + Interpolatable

extension Transform3D.Components: Interpolatable {
    /// The components `fraction` of the way to `other`: every part linearly except the
    /// quaternion, which is slerped along the shorter arc.
    ///
    /// - Parameters:
    ///   - other: The components reached at fraction 1.
    ///   - fraction: Progress of the blend; a non-finite fraction counts as 0.
    /// - Returns: The blended components (the quaternion has unit length).
    public func interpolated(to other: Self, fraction: Double) -> Self {
        let t = fraction.isFinite ? fraction : 0
        return Self(translation: translation + (other.translation - translation) * t,
                    scale: scale + (other.scale - scale) * t,
                    skew: skew + (other.skew - skew) * t,
                    perspective: perspective + (other.perspective - perspective) * t,
                    quaternion: Self.slerp(quaternion, other.quaternion, fraction: t))
    }

    /// Spherical linear interpolation between two rotations along the shorter arc.
    ///
    /// Inputs are normalized (a zero or non-finite quaternion counts as no rotation) and `b` is
    /// negated when `a · b < 0`, so the path never exceeds 180° of rotation; see
    /// ``QuaternionArc`` for the angle and the short-arc fallback.
    static func slerp(_ a: Vector4, _ b: Vector4, fraction t: Double) -> Vector4 {
        let arc = QuaternionArc(from: a, to: b)
        let q = arc.quaternion(at: t)
        let length = q.magnitude
        return length > 0 && length.isFinite ? q * (1 / length) : arc.start
    }
}
