/// A width and height, in points.
///
/// Sizes may be negative or zero as the result of arithmetic; the rectangle helpers treat
/// non-finite and negative extents as empty so bad input never produces NaN.
public struct Size: Sendable, Hashable, Codable {
    /// Horizontal extent, in points.
    public var width: Double
    /// Vertical extent, in points.
    public var height: Double

    /// Creates a size from its extents, in points.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size with zero width and height.
    public static let zero = Size(width: 0, height: 0)

    private enum CodingKeys: String, CodingKey, CaseIterable { case width, height }

    /// Decodes `{"width": …, "height": …}`; any other key is an error, so a misspelt key in an input file is
    /// reported rather than ignored.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try c.decode(Double.self, forKey: .width), height: try c.decode(Double.self, forKey: .height))
    }

    /// `true` when either extent is zero, negative or not finite: nothing can be drawn in it.
    @inlinable
    public var isEmpty: Bool {
        !(width > 0 && height > 0 && width.isFinite && height.isFinite)
    }

    /// Width divided by height, or `nil` when the size is empty.
    @inlinable
    public var aspectRatio: Double? {
        isEmpty ? nil : width / height
    }
}

// MARK: - Size + AnimatableVector

extension Size: AnimatableVector, Interpolatable {
    /// Component-wise sum.
    @inlinable
    public static func + (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }
    /// Component-wise difference.
    @inlinable
    public static func - (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }
    /// Both extents multiplied by `rhs`.
    @inlinable
    public static func * (lhs: Size, rhs: Double) -> Size {
        Size(width: lhs.width * rhs, height: lhs.height * rhs)
    }
    /// `width² + height²`.
    @inlinable
    public var magnitudeSquared: Double { width * width + height * height }
    /// `true` when both extents are finite.
    @inlinable
    public var isFinite: Bool { width.isFinite && height.isFinite }
}
