import MotionCore

/// A 3×3 projective map between two planes, in the row-vector convention of `Transform3D`:
/// `(x, y, 1) · M = (u', v', w')`, mapped point `(u'/w', v'/w')`.
///
/// A layer's plane (z = 0 in its bounds coordinates) reaches the destination through its 4×4
/// matrix; dropping the z row and column (rows `(m11 m12 m14)`, `(m21 m22 m24)`,
/// `(m41 m42 m44)`) gives the exact 3×3 map of that plane, whose inverse takes a destination
/// pixel back to the layer point drawn there. The quad rasteriser's `Homography` has the same
/// layout.
package struct PlaneMap: Sendable, Hashable {
    package var m11, m12, m13, m21, m22, m23, m31, m32, m33: Double

    /// Creates a map from its nine entries, row by row.
    package init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                 m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The map that changes nothing.
    package static let identity = PlaneMap(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// The map of the z = 0 plane through a 4×4 matrix (its 3×3 reduction).
    package init(plane matrix: Transform3D) {
        self.init(m11: matrix.m11, m12: matrix.m12, m13: matrix.m14,
                  m21: matrix.m21, m22: matrix.m22, m23: matrix.m24,
                  m31: matrix.m41, m32: matrix.m42, m33: matrix.m44)
    }

    /// The affine map `p ↦ (p.x · sx + tx, p.y · sy + ty)`.
    package init(scaleX sx: Double, scaleY sy: Double, translateX tx: Double, translateY ty: Double) {
        self.init(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0, m31: tx, m32: ty, m33: 1)
    }

    /// The determinant. Its sign is the orientation of the mapped plane wherever `w' > 0`: the
    /// Jacobian determinant of the projected map is `det / w'³`.
    package var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse map, or `nil` when the map is singular (a layer seen exactly edge-on) or not
    /// finite. Computed from the adjugate; the singularity test is relative to the entries' size.
    package func inverted() -> PlaneMap? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let c21 = m23 * m31 - m21 * m33, c22 = m11 * m33 - m13 * m31, c23 = m13 * m21 - m11 * m23
        let c31 = m21 * m32 - m22 * m31, c32 = m12 * m31 - m11 * m32, c33 = m11 * m22 - m12 * m21
        let det = m11 * c11 + m12 * c21 + m13 * c31
        let size = Swift.max(Swift.abs(m11), Swift.abs(m12), Swift.abs(m13), Swift.abs(m21), Swift.abs(m22),
                             Swift.abs(m23), Swift.abs(m31), Swift.abs(m32), Swift.abs(m33))
        guard det.isFinite, size.isFinite, Swift.abs(det) > 1e-12 * size * size * size else { return nil }
        let k = 1 / det
        let inverse = PlaneMap(m11: c11 * k, m12: c12 * k, m13: c13 * k,
                               m21: c21 * k, m22: c22 * k, m23: c23 * k,
                               m31: c31 * k, m32: c32 * k, m33: c33 * k)
        return inverse.isFinite ? inverse : nil
    }

    /// `true` when every entry is finite.
    package var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite
            && m23.isFinite && m31.isFinite && m32.isFinite && m33.isFinite
    }

    /// The mapped point, or `nil` where `w' ≤ 0` (behind the eye) or the result is not finite.
    package func apply(_ p: Point) -> Point? {
        let w = p.x * m13 + p.y * m23 + m33
        guard w > 0 else { return nil }
        let q = Point(x: (p.x * m11 + p.y * m21 + m31) / w, y: (p.x * m12 + p.y * m22 + m32) / w)
        return q.isFinite ? q : nil
    }

    /// The map that applies `a` and then `b` (the product `a × b`).
    package static func concat(_ a: PlaneMap, _ b: PlaneMap) -> PlaneMap {
        PlaneMap(m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31,
                 m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32,
                 m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33,
                 m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31,
                 m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32,
                 m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33,
                 m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31,
                 m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32,
                 m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33)
    }
}
