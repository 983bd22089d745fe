/// An axis-aligned rectangle: an origin (top-left corner) and a size, in points.
///
/// As in UIKit, y grows downward, so `minY` is the top edge. A rectangle with a negative size is
/// valid input; ``standardized`` turns it into the same area with a positive size.
public struct Rect: Sendable, Hashable, Codable {
    /// The top-left corner, in points.
    public var origin: Point
    /// The extents, in points.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its top-left corner and extents, in points.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(origin: .zero, size: .zero)

    private enum CodingKeys: String, CodingKey, CaseIterable { case origin, size }

    /// Decodes `{"origin": {"x", "y"}, "size": {"width", "height"}}`; any other key is an error, so a misspelt key in an input file is
    /// reported rather than ignored.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(origin: try c.decode(Point.self, forKey: .origin), size: try c.decode(Size.self, forKey: .size))
    }

    /// The smallest x coordinate (the left edge), in points.
    @inlinable public var minX: Double { Swift.min(origin.x, origin.x + size.width) }
    /// The x coordinate of the centre, in points.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The largest x coordinate (the right edge), in points.
    @inlinable public var maxX: Double { Swift.max(origin.x, origin.x + size.width) }
    /// The smallest y coordinate (the top edge), in points.
    @inlinable public var minY: Double { Swift.min(origin.y, origin.y + size.height) }
    /// The y coordinate of the centre, in points.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The largest y coordinate (the bottom edge), in points.
    @inlinable public var maxY: Double { Swift.max(origin.y, origin.y + size.height) }
    /// The width of the standardized rectangle, in points.
    @inlinable public var width: Double { Swift.abs(size.width) }
    /// The height of the standardized rectangle, in points.
    @inlinable public var height: Double { Swift.abs(size.height) }

    /// The centre point, in points.
    @inlinable
    public var center: Point { Point(x: midX, y: midY) }

    /// The same area with a non-negative size.
    @inlinable
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: width, height: height)
    }

    /// `true` when the rectangle has no area or a non-finite component.
    @inlinable
    public var isEmpty: Bool { standardized.size.isEmpty || !origin.isFinite }

    /// Whether `point` lies inside the rectangle (edges at min included, at max excluded).
    @inlinable
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}

// MARK: - Rect + AnimatableVector

extension Rect: AnimatableVector, Interpolatable {
    /// Component-wise sum of origins and sizes.
    @inlinable
    public static func + (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin + rhs.origin, size: lhs.size + rhs.size)
    }
    /// Component-wise difference of origins and sizes.
    @inlinable
    public static func - (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin - rhs.origin, size: lhs.size - rhs.size)
    }
    /// Origin and size multiplied by `rhs`.
    @inlinable
    public static func * (lhs: Rect, rhs: Double) -> Rect {
        Rect(origin: lhs.origin * rhs, size: lhs.size * rhs)
    }
    /// Sum of the squared origin and size components.
    @inlinable
    public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
    /// `true` when origin and size are finite.
    @inlinable
    public var isFinite: Bool { origin.isFinite && size.isFinite }
}
