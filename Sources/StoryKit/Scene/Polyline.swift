import MotionCore

/// A flattened subpath: points joined by straight lines, open or closed.
///
/// ``ShapePath/flattened(tolerance:)`` produces polylines; the compositor strokes and fills them. A
/// closed polyline does not repeat its first point at the end: the closing segment from the last
/// point back to the first is implied by ``isClosed``.
public struct Polyline: Sendable, Hashable {
    /// The vertices in drawing order, in the path's coordinates (points).
    public var points: [Point]
    /// Whether a segment joins the last point back to the first (the subpath ended with `close`).
    public var isClosed: Bool

    /// Creates a polyline from its vertices.
    ///
    /// - Parameters:
    ///   - points: The vertices in drawing order.
    ///   - isClosed: Whether the last point joins back to the first.
    public init(points: [Point], isClosed: Bool = false) {
        self.points = points
        self.isClosed = isClosed
    }

    /// The total length of the segments in points, including the closing segment when closed.
    public var length: Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for i in 1..<points.count { total += points[i - 1].distance(to: points[i]) }
        if isClosed, let first = points.first, let last = points.last { total += last.distance(to: first) }
        return total
    }
}
