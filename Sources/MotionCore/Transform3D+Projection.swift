// MARK: - Transform3D + Projection

extension Transform3D {
    /// The point `(x, y, z, 1) × self` before the perspective divide.
    ///
    /// Use this when you must know where a vertex lies relative to the eye: `w > 0` is in front,
    /// `w ≤ 0` at or behind it (Core Animation clips such geometry). A renderer clips edges
    /// against a small positive `w` and then divides; ``apply(to:)-(Vector3)`` does the divide.
    ///
    /// - Parameter point: The point, in the transform's source space (points).
    /// - Returns: The homogeneous result `(x', y', z', w')`.
    @inlinable
    public func applyHomogeneous(to point: Vector3) -> Vector4 {
        Vector4(x: point.x * m11 + point.y * m21 + point.z * m31 + m41,
                y: point.x * m12 + point.y * m22 + point.z * m32 + m42,
                z: point.x * m13 + point.y * m23 + point.z * m33 + m43,
                w: point.x * m14 + point.y * m24 + point.z * m34 + m44)
    }

    /// The point mapped through the transform, divided by `w` as Core Animation projects it.
    ///
    /// Returns `nil` instead of a mirrored or infinite point when the result has `w ≤ 0` (the
    /// point is at or behind the eye of a perspective transform) or is not finite (a transform or
    /// point with NaN or infinite entries). For an affine transform `w` is always 1.
    ///
    /// - Parameter point: The point, in the transform's source space (points).
    /// - Returns: `(x'/w', y'/w', z'/w')`, or `nil` when it cannot be drawn.
    @inlinable
    public func apply(to point: Vector3) -> Vector3? {
        applyHomogeneous(to: point).projected
    }

    /// A point of a layer's plane (z = 0) mapped through the transform and projected on screen.
    ///
    /// This is where Core Animation draws a layer-local point once the transform (typically from
    /// ``layer(position:anchorPoint:bounds:transform:zPosition:anchorPointZ:)``) and perspective
    /// have been applied: the x and y of ``apply(to:)-(Vector3)`` with the depth dropped.
    ///
    /// - Parameter point: The point on the plane z = 0, in points.
    /// - Returns: The projected point, or `nil` when it is behind the eye (`w ≤ 0`) or not finite.
    @inlinable
    public func apply(to point: Point) -> Point? {
        guard let p = apply(to: Vector3(x: point.x, y: point.y, z: 0)) else { return nil }
        return Point(x: p.x, y: p.y)
    }

    /// The matrix that maps a layer's own (bounds) coordinates into its superlayer's coordinates,
    /// the way Core Animation places the layer.
    ///
    /// A layer is drawn by moving its anchor point to the origin, applying `transform` about it,
    /// and moving the result to `position`:
    ///
    /// ```
    /// anchor = (bounds.minX + anchorPoint.x · bounds.width,
    ///           bounds.minY + anchorPoint.y · bounds.height, anchorPointZ)
    /// result = translate(−anchor) then transform then translate(position.x, position.y, zPosition)
    /// ```
    ///
    /// With the identity transform this reproduces `frame.origin = position − anchorPoint · size`.
    /// The superlayer's `sublayerTransform` is not included: concatenate it (about the
    /// superlayer's anchor) after this matrix, and divide by `w` only once, after the whole chain.
    /// Source: Apple, *Core Animation Programming Guide — Layers Have Their Own Geometry*.
    ///
    /// - Parameters:
    ///   - position: The layer's `position` in superlayer coordinates, in points.
    ///   - anchorPoint: The anchor in unit coordinates of the bounds (0…1; `(0.5, 0.5)` is the
    ///     centre, values outside are allowed).
    ///   - bounds: The layer's `bounds`, in points (its origin offsets the local coordinates).
    ///   - transform: The layer's `transform`, applied about the anchor point.
    ///   - zPosition: The layer's `zPosition`, in points (default 0).
    ///   - anchorPointZ: The layer's `anchorPointZ`, in points (default 0).
    /// - Returns: The local-to-superlayer matrix. A non-finite anchor, position, z value or bounds
    ///   component is treated as 0; if the result still overflows, `transform` alone is returned,
    ///   so the result is finite whenever `transform` is.
    public static func layer(position: Point, anchorPoint: Point, bounds: Rect, transform: Transform3D,
                             zPosition: Double = 0, anchorPointZ: Double = 0) -> Transform3D {
        let r = bounds.standardized
        let anchorX = (r.minX + anchorPoint.x * r.width).finite(or: 0)
        let anchorY = (r.minY + anchorPoint.y * r.height).finite(or: 0)
        let toAnchor = Transform3D(translationX: -anchorX, y: -anchorY, z: -anchorPointZ.finite(or: 0))
        let toPosition = Transform3D(translationX: position.x.finite(or: 0), y: position.y.finite(or: 0),
                                     z: zPosition.finite(or: 0))
        let result = toAnchor.concatenating(transform).concatenating(toPosition)
        return result.isFinite ? result : transform
    }
}
