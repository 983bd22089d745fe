// MARK: - Rect + Transform

extension Rect {
    /// The affine transform that maps this rectangle exactly onto `target`, scaling each axis
    /// independently (the content is stretched when the aspect ratios differ).
    ///
    /// `x' = target.minX + (x − minX) · target.width / width`, and likewise for y. Useful for
    /// a zoom transition that morphs a grid cell into a full-screen frame.
    ///
    /// - Parameter target: The rectangle to land on, in points. A zero-sized target collapses
    ///   the axis onto its edge (scale 0), which is valid.
    /// - Returns: The mapping. An axis on which this rectangle has no extent (or a non-finite
    ///   one) keeps scale 1 and moves centre onto centre; a non-finite target or origin gives
    ///   ``AffineTransform2D/identity``.
    public func transform(to target: Rect) -> AffineTransform2D {
        let source = standardized, goal = target.standardized
        guard source.origin.isFinite, goal.isFinite else { return .identity }
        let (sx, tx) = Rect.axisMap(from: source.minX, source.width, to: goal.minX, goal.width)
        let (sy, ty) = Rect.axisMap(from: source.minY, source.height, to: goal.minY, goal.height)
        return AffineTransform2D(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty)
    }

    /// The affine transform that scales this rectangle uniformly to cover `target` and centres
    /// it there (`UIView.ContentMode.scaleAspectFill`, `kCAGravityResizeAspectFill`).
    ///
    /// The scale is `max(target.width / width, target.height / height)`, so the image of this
    /// rectangle is exactly `target.aspectFill(size)`: it covers `target` and may spill past
    /// two of its edges.
    ///
    /// - Parameter target: The rectangle to cover, in points.
    /// - Returns: The mapping. When either rectangle is empty or not finite, the translation
    ///   that moves this rectangle's centre onto the target's (or ``AffineTransform2D/identity``
    ///   when a centre is not finite).
    public func aspectFillTransform(to target: Rect) -> AffineTransform2D {
        aspectTransform(to: target, fill: true)
    }

    /// The affine transform that scales this rectangle uniformly to fit inside `target` and
    /// centres it there (`UIView.ContentMode.scaleAspectFit`, `kCAGravityResizeAspect`).
    ///
    /// The scale is `min(target.width / width, target.height / height)`, so the image of this
    /// rectangle is exactly `target.aspectFit(size)`.
    ///
    /// - Parameter target: The rectangle to fit into, in points.
    /// - Returns: The mapping; the same fallbacks as ``aspectFillTransform(to:)``.
    public func aspectFitTransform(to target: Rect) -> AffineTransform2D {
        aspectTransform(to: target, fill: false)
    }

    private func aspectTransform(to target: Rect, fill: Bool) -> AffineTransform2D {
        let source = standardized, goal = target.standardized
        let from = source.center, to = goal.center
        guard from.isFinite, to.isFinite else { return .identity }
        let centring = AffineTransform2D(translationX: (to.x - from.x).finite(or: 0), y: (to.y - from.y).finite(or: 0))
        guard !source.isEmpty, !goal.isEmpty else { return centring }
        let sx = goal.width / source.width, sy = goal.height / source.height
        let s = fill ? Swift.max(sx, sy) : Swift.min(sx, sy)
        // Centre onto centre: x' = (x − from.x) · s + to.x.
        let result = AffineTransform2D(a: s, b: 0, c: 0, d: s, tx: to.x - from.x * s, ty: to.y - from.y * s)
        return result.isFinite ? result : centring
    }

    /// Scale and offset mapping the interval `[start, start + length]` onto `[targetStart, …]`.
    private static func axisMap(from start: Double, _ length: Double,
                                to targetStart: Double, _ targetLength: Double) -> (Double, Double) {
        let scale = targetLength / length
        guard length > 0, length.isFinite, scale.isFinite, (targetStart - start * scale).isFinite else {
            let shift = (targetStart + targetLength / 2) - (start + length / 2)
            return (1, shift.finite(or: 0))
        }
        return (scale, targetStart - start * scale)
    }
}
