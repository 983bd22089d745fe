// MARK: - Rect + Layout

extension Rect {
    /// The rectangle with each edge moved inward by `insets` (outward for negative insets).
    ///
    /// Works on the standardized rectangle. When the insets are larger than the rectangle, the
    /// result collapses to zero width or height at the middle of the insets instead of turning
    /// negative, like `UIEdgeInsetsInsetRect` followed by standardisation would not.
    ///
    /// - Parameter insets: Per-edge distances, in points.
    /// - Returns: The inset rectangle; zero-sized where the insets overlap.
    public func inset(by insets: Insets) -> Rect {
        let r = standardized
        var x = r.minX + insets.left
        var width = r.width - insets.horizontal
        var y = r.minY + insets.top
        var height = r.height - insets.vertical
        if !(width >= 0) { x += (width.isFinite ? width : 0) / 2; width = 0 }
        if !(height >= 0) { y += (height.isFinite ? height : 0) / 2; height = 0 }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The rectangle inset by `dx` on the left and right and `dy` on the top and bottom.
    ///
    /// - Parameters:
    ///   - dx: Horizontal inset per side, in points.
    ///   - dy: Vertical inset per side, in points.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        inset(by: Insets(top: dy, left: dx, bottom: dy, right: dx))
    }

    /// The largest rectangle with the aspect ratio of `content` that fits inside this one,
    /// centred (`UIView.ContentMode.scaleAspectFit`, `kCAGravityResizeAspect`).
    ///
    /// - Parameter content: The natural size of the content, in points; only its ratio matters.
    /// - Returns: The fitted rectangle. Empty content or an empty rectangle gives a zero-sized
    ///   rectangle at this rectangle's centre.
    public func aspectFit(_ content: Size) -> Rect {
        aspectScaled(content, fill: false)
    }

    /// The smallest rectangle with the aspect ratio of `content` that covers this one, centred
    /// (`UIView.ContentMode.scaleAspectFill`, `kCAGravityResizeAspectFill`).
    ///
    /// - Parameter content: The natural size of the content, in points; only its ratio matters.
    /// - Returns: The covering rectangle (it may extend past this one). Empty content or an empty
    ///   rectangle gives a zero-sized rectangle at this rectangle's centre.
    public func aspectFill(_ content: Size) -> Rect {
        aspectScaled(content, fill: true)
    }

    private func aspectScaled(_ content: Size, fill: Bool) -> Rect {
        let r = standardized
        let c = center
        guard !r.isEmpty, !content.isEmpty else {
            return Rect(origin: c.isFinite ? c : .zero, size: .zero)
        }
        let sx = r.width / content.width
        let sy = r.height / content.height
        let s = fill ? Swift.max(sx, sy) : Swift.min(sx, sy)
        let size = Size(width: content.width * s, height: content.height * s)
        return Rect(x: c.x - size.width / 2, y: c.y - size.height / 2, width: size.width, height: size.height)
    }
}

// MARK: - Rect + Layout sanitising

extension Rect {
    /// The largest coordinate or side a model lays out, in points (10⁹, a thousand kilometres):
    /// larger finite values are clamped to it, so that products and sums of two of them stay
    /// finite.
    package static let layoutLimit = 1e9

    /// The smallest side a model divides by, in points (10⁻⁶); smaller sides count as 0.
    package static let smallestLayoutSide = 1e-6

    /// This rectangle as a model can lay it out: standardized (non-negative size), a non-finite
    /// origin component 0, a non-finite side 0, coordinates within ±``layoutLimit``, sides
    /// within 0…``layoutLimit`` and below ``smallestLayoutSide`` 0.
    package var layoutSanitized: Rect {
        let r = standardized
        func coordinate(_ v: Double) -> Double { v.finite(or: 0).clamped(to: -Self.layoutLimit...Self.layoutLimit) }
        func side(_ v: Double) -> Double {
            let s = v.finite(or: 0).clamped(to: 0...Self.layoutLimit)
            return s < Self.smallestLayoutSide ? 0 : s
        }
        return Rect(x: coordinate(r.origin.x), y: coordinate(r.origin.y), width: side(r.size.width), height: side(r.size.height))
    }
}

extension Size {
    /// This size as a model can lay it out (see ``Rect/layoutSanitized``): non-finite or
    /// negative sides 0, sides within 0…``Rect/layoutLimit`` and below
    /// ``Rect/smallestLayoutSide`` 0.
    package var layoutSanitized: Size { Rect(origin: .zero, size: self).layoutSanitized.size }
}
