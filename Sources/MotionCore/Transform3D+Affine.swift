// MARK: - Transform3D + AffineTransform2D

extension Transform3D {
    /// The 3D transform that acts like `affine` on the z = 0 plane
    /// (`CATransform3DMakeAffineTransform`).
    ///
    /// `m11 = a, m12 = b, m21 = c, m22 = d, m41 = tx, m42 = ty`; every other entry is the
    /// identity's, so z passes through unchanged and the result ``isAffine``.
    ///
    /// - Parameter affine: The 2D transform.
    @inlinable
    public init(_ affine: AffineTransform2D) {
        self = .identity
        m11 = affine.a; m12 = affine.b
        m21 = affine.c; m22 = affine.d
        m41 = affine.tx; m42 = affine.ty
    }

    /// The 2D part of the transform (`CATransform3DGetAffineTransform`).
    ///
    /// Like Core Animation this reads `m11, m12, m21, m22, m41, m42` and ignores every other
    /// entry, so depth, perspective and out-of-plane rotation are dropped. Check ``isAffine``
    /// first when that loss matters: for an affine transform the round trip
    /// `Transform3D(t.affineTransform) == t` is exact.
    @inlinable
    public var affineTransform: AffineTransform2D {
        AffineTransform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
    }
}
