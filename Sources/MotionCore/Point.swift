/// A location or displacement in a two-dimensional coordinate space, in points.
///
/// Coordinates follow UIKit: the origin is top-left and y grows downward. `Point` doubles as a 2D
/// vector (velocities in points per second, translations) through ``AnimatableVector``.
public struct Point: Sendable, Hashable, Codable {
    /// Horizontal coordinate, in points.
    public var x: Double
    /// Vertical coordinate, in points (grows downward).
    public var y: Double

    /// Creates a point from its coordinates, in points.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point at the origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    private enum CodingKeys: String, CodingKey, CaseIterable { case x, y }

    /// Decodes `{"x": …, "y": …}`; any other key is an error, so a misspelt key in an input file is
    /// reported rather than ignored.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y))
    }

    /// The distance from this point to `other`, in points.
    @inlinable
    public func distance(to other: Point) -> Double {
        (other - self).magnitude
    }
}

// MARK: - Point + AnimatableVector

extension Point: AnimatableVector, Interpolatable {
    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    /// Both coordinates multiplied by `rhs`.
    @inlinable
    public static func * (lhs: Point, rhs: Double) -> Point { Point(x: lhs.x * rhs, y: lhs.y * rhs) }
    /// `x² + y²`.
    @inlinable
    public var magnitudeSquared: Double { x * x + y * y }
    /// `true` when both coordinates are finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
