import MotionCore

// MARK: - ShapePath + Rounded rectangles with a corner curve

extension ShapePath {
    /// A rectangle with rounded corners of either curve, as `CALayer` rounds its background,
    /// border and mask (`cornerRadius` with `cornerCurve`), clockwise on screen from the top edge.
    ///
    /// - ``Layer/CornerCurve/circular``: quarter circles of `cornerRadius`
    ///   (``roundedRect(_:cornerRadius:)``).
    /// - ``Layer/CornerCurve/continuous``: Apple's continuous corner. Each corner leaves the
    ///   straight edge 1.52866483 × the radius from the corner and is made of three cubic
    ///   Béziers joined by two short lines, whose control points (in units of the radius, along
    ///   the edge and into the rectangle) are the reverse-engineered values of iOS 7's
    ///   `+[UIBezierPath bezierPathWithRoundedRect:cornerRadius:]` published by PaintCode
    ///   ("Code for iOS 7 rounded rectangles", https://www.paintcodeapp.com/news/code-for-ios-7-rounded-rectangles,
    ///   after Marc Edwards' analysis of the iOS 7 icon shape). The curvature grows smoothly from
    ///   the edge instead of jumping to 1/r, which is what makes the "squircle" look.
    ///
    /// The radius is clamped to half the shorter side, so corners never overlap. A continuous
    /// corner needs 1.528 × its radius along each edge; when that does not fit in half the
    /// shorter side, its control points are blended toward the circular corner's until it does,
    /// so a radius of half the side gives a capsule with round ends (as Core Animation draws a
    /// continuous capsule), and the shape changes continuously with the radius.
    ///
    /// `corners` picks which corners are rounded, as `CALayer.maskedCorners` does: the others
    /// are square, and the rounded ones are drawn exactly as with all four.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in points (standardized first).
    ///   - cornerRadius: The radius in points; NaN, infinite or negative values mean 0.
    ///   - curve: The corner shape.
    ///   - corners: The corners to round. Default all four.
    /// - Returns: A closed path inside `rect`; a plain rectangle when the radius is 0 or no
    ///   corner is rounded.
    public static func roundedRect(_ rect: Rect, cornerRadius: Double, curve: Layer.CornerCurve,
                                   corners rounded: Layer.Corners = .all) -> ShapePath {
        let r = rect.standardized
        let half = Swift.min(r.width, r.height) / 2
        let radius = cornerRadius.finite(or: 0).clamped(to: 0...Swift.max(0, half.finite(or: 0)))
        guard radius > 0, r.isFinite, !rounded.isEmpty else { return ShapePath.rect(r) }
        guard curve == .continuous || rounded != .all else { return roundedRect(r, cornerRadius: radius) }

        // Blend 1 = Apple's corner; 0 = a quarter circle in the same five pieces.
        let blend = curve == .continuous ? Swift.min(1, (half / radius - 1) / (continuousExtent - 1)) : 0
        let steps = zip(ContinuousCorner.apple, ContinuousCorner.circular).map { apple, circle in
            zip(apple, circle).map { a, c in (c.0 + (a.0 - c.0) * blend, c.1 + (a.1 - c.1) * blend) }
        }
        // Each corner: its point, the unit vector back along the edge we arrive on, and the one
        // along the edge we leave by, and its bit in the mask.
        let corners: [(corner: Point, back: Point, out: Point, bit: Layer.Corners)] = [
            (Point(x: r.maxX, y: r.minY), Point(x: -1, y: 0), Point(x: 0, y: 1), .maxXMinY),
            (Point(x: r.maxX, y: r.maxY), Point(x: 0, y: -1), Point(x: -1, y: 0), .maxXMaxY),
            (Point(x: r.minX, y: r.maxY), Point(x: 1, y: 0), Point(x: 0, y: -1), .minXMaxY),
            (Point(x: r.minX, y: r.minY), Point(x: 0, y: 1), Point(x: 1, y: 0), .minXMinY),
        ]
        var elements: [Element] = []
        elements.reserveCapacity(26)
        for (index, c) in corners.enumerated() {
            guard rounded.contains(c.bit) else {
                elements.append(index == 0 ? .move(to: c.corner) : .line(to: c.corner))
                continue
            }
            if curve == .circular {
                // The same quarter-circle arcs as ``roundedRect(_:cornerRadius:)``.
                let centre = c.corner + c.back * radius + c.out * radius
                let start = Double(index - 1) * Double.pi / 2
                if index == 0 { elements.append(.move(to: c.corner + c.back * radius)) }
                elements.append(.arc(center: centre, radius: radius, startAngle: start, endAngle: start + Double.pi / 2,
                                     clockwise: true))
                continue
            }
            func point(_ ab: (Double, Double)) -> Point {
                c.corner + c.back * (ab.0 * radius) + c.out * (ab.1 * radius)
            }
            let entry = point(steps[0][0])
            elements.append(index == 0 ? .move(to: entry) : .line(to: entry))
            for step in steps.dropFirst() {
                if step.count == 1 {
                    elements.append(.line(to: point(step[0])))
                } else {
                    elements.append(.curve(to: point(step[2]), control1: point(step[0]), control2: point(step[1])))
                }
            }
        }
        elements.append(.close)
        return ShapePath(elements)
    }

    /// How far along each edge a continuous corner reaches, in radii (PaintCode's iOS 7 value).
    public static let continuousExtent = 1.528_664_83
}

/// The pieces of one rounded corner in units of the radius, as (along the arriving edge back
/// from the corner, along the leaving edge from the corner): an entry point, then cubic curves
/// (control 1, control 2, end) and lines (end).
private enum ContinuousCorner {
    /// iOS 7+ continuous corner (PaintCode's reverse-engineered `bezierPathWithRoundedRect`).
    static let apple: [[(Double, Double)]] = [
        [(1.528_664_83, 0)],
        [(1.088_492_99, 0), (0.868_407_01, 0), (0.669_933_97, 0.065_496_00)],
        [(0.631_493_99, 0.074_911_00)],
        [(0.372_824_01, 0.169_060_01), (0.169_060_01, 0.372_824_01), (0.074_911_00, 0.631_493_99)],
        [(0.065_496_00, 0.669_933_97)],
        [(0, 0.868_407_01), (0, 1.088_492_99), (0, 1.528_664_83)],
    ]
    /// The same pieces for a quarter circle (control distance 0.5523 of the radius); the first
    /// and last curves and both lines collapse onto the circle's end points.
    static let circular: [[(Double, Double)]] = [
        [(1, 0)],
        [(1, 0), (1, 0), (1, 0)],
        [(1, 0)],
        [(1 - 0.552_284_749_8, 0), (0, 1 - 0.552_284_749_8), (0, 1)],
        [(0, 1)],
        [(0, 1), (0, 1), (0, 1)],
    ]
}
