import StoryKit

/// A 3×3 projective map of the plane, in the row-vector convention of ``Transform3D``.
///
/// A point `(x, y)` maps to `(x, y, 1) · M = (u', v', w')` and then to `(u'/w', v'/w')`:
///
/// ```
/// u' = x·m11 + y·m21 + m31        v' = x·m12 + y·m22 + m32        w' = x·m13 + y·m23 + m33
/// ```
///
/// Translation lives in `m31`, `m32` and perspective in `m13`, `m23`, exactly as the z = 0 plane of
/// a `CATransform3D` (see ``init(planeOf:)``). ``concat(_:_:)`` of `a` and `b` is "`a` then `b`",
/// the product `a × b`, like `CATransform3DConcat`. Multiplying every entry by the same non-zero
/// number gives the same map. The rasteriser takes the map from destination pixels to texture
/// pixels, usually the ``inverted()`` of the layer's projection.
/// Source: Heckbert, *Fundamentals of Texture Mapping and Image Warping* (1989), §2.
package struct Homography: Sendable, Hashable {
    /// Row 1, column 1: x scale.
    package var m11: Double
    /// Row 1, column 2.
    package var m12: Double
    /// Row 1, column 3: perspective in x.
    package var m13: Double
    /// Row 2, column 1.
    package var m21: Double
    /// Row 2, column 2: y scale.
    package var m22: Double
    /// Row 2, column 3: perspective in y.
    package var m23: Double
    /// Row 3, column 1: translation in x.
    package var m31: Double
    /// Row 3, column 2: translation in y.
    package var m32: Double
    /// Row 3, column 3: the homogeneous weight (1 for affine maps).
    package var m33: Double

    /// Creates a map from its nine entries, row by row.
    package init(m11: Double, m12: Double, m13: Double,
                 m21: Double, m22: Double, m23: Double,
                 m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The map that changes nothing.
    package static let identity = Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// A translation by `(x, y)`.
    package init(translationX x: Double, y: Double) {
        self.init(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: x, m32: y, m33: 1)
    }

    /// A scale by `x` horizontally and `y` vertically about the origin.
    package init(scaleX x: Double, y: Double) {
        self.init(m11: x, m12: 0, m13: 0, m21: 0, m22: y, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    /// The map that a 3D transform applies to the points of the plane z = 0, perspective included.
    ///
    /// For a layer-local point `(x, y, 0, 1)` the transform gives `x' = x·m11 + y·m21 + m41`,
    /// `y' = x·m12 + y·m22 + m42` and `w' = x·m14 + y·m24 + m44`; the z column does not matter for
    /// where the point lands, so the homography keeps rows 1, 2, 4 and columns 1, 2, 4.
    ///
    /// - Parameter t: The layer-to-screen transform (points or pixels, as the caller scales it).
    package init(planeOf t: Transform3D) {
        self.init(m11: t.m11, m12: t.m12, m13: t.m14,
                  m21: t.m21, m22: t.m22, m23: t.m24,
                  m31: t.m41, m32: t.m42, m33: t.m44)
    }

    /// The homogeneous image `(x, y, 1) · M` before the divide.
    ///
    /// - Parameter p: The point.
    /// - Returns: `(u', v', w')`.
    package func applyHomogeneous(_ p: Point) -> (u: Double, v: Double, w: Double) {
        (p.x * m11 + p.y * m21 + m31, p.x * m12 + p.y * m22 + m32, p.x * m13 + p.y * m23 + m33)
    }

    /// The point mapped through the homography, `(u'/w', v'/w')`.
    ///
    /// - Parameter p: The point.
    /// - Returns: The image, or `nil` when `w'` is 0 (the point maps to infinity) or the result is
    ///   not finite.
    package func apply(_ p: Point) -> Point? {
        let h = applyHomogeneous(p)
        guard h.w != 0 else { return nil }
        let q = Point(x: h.u / h.w, y: h.v / h.w)
        return q.isFinite ? q : nil
    }

    /// "`a` then `b`": the map that sends `p` to `b(a(p))`, the matrix product `a × b`.
    ///
    /// - Parameters:
    ///   - a: The map applied first.
    ///   - b: The map applied second.
    /// - Returns: The composition.
    package static func concat(_ a: Homography, _ b: Homography) -> Homography {
        Homography(m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
                   m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
                   m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
                   m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
                   m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
                   m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
                   m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
                   m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
                   m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }

    /// The determinant. Its sign is the orientation of the mapped plane wherever `w' > 0` (the
    /// Jacobian determinant of the projected map is `det / w'³`): positive when a layer shows
    /// its front.
    package var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse map, so that `concat(self, inverted())` is the identity up to a common factor.
    ///
    /// Computed as the adjugate divided by the determinant.
    ///
    /// - Returns: `nil` when the map is singular (it squashes the plane onto a line or point, as
    ///   a layer seen exactly edge-on) or an entry is not finite. The singularity test is
    ///   relative to the size of the entries (`|det| ≤ 10⁻¹² · max|mᵢⱼ|³`), so that a map in
    ///   pixels and the same map in points agree.
    package func inverted() -> Homography? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let c21 = m23 * m31 - m21 * m33, c22 = m11 * m33 - m13 * m31, c23 = m13 * m21 - m11 * m23
        let c31 = m21 * m32 - m22 * m31, c32 = m12 * m31 - m11 * m32, c33 = m11 * m22 - m12 * m21
        let det = m11 * c11 + m12 * c21 + m13 * c31
        let size = Swift.max(Swift.abs(m11), Swift.abs(m12), Swift.abs(m13), Swift.abs(m21), Swift.abs(m22),
                             Swift.abs(m23), Swift.abs(m31), Swift.abs(m32), Swift.abs(m33))
        guard det.isFinite, size.isFinite, Swift.abs(det) > 1e-12 * size * size * size else { return nil }
        let k = 1 / det
        let r = Homography(m11: c11 * k, m12: c12 * k, m13: c13 * k,
                           m21: c21 * k, m22: c22 * k, m23: c23 * k,
                           m31: c31 * k, m32: c32 * k, m33: c33 * k)
        return r.isFinite ? r : nil
    }

    /// `true` when all nine entries are finite.
    package var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite
    }
}
