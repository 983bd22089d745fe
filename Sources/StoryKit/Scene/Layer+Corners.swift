// MARK: - Layer + Corners

extension Layer {
    /// A set of a layer's four corners, named by their bounds coordinates as `CACornerMask` names
    /// them (`kCALayerMinXMinYCorner` …), so the names mean the same on every platform: on iOS,
    /// and in the scene format (y down), ``minXMinY`` is the top-left corner.
    ///
    /// Used by ``Layer/maskedCorners``: only the corners in the set are rounded by
    /// ``Layer/cornerRadius``; the others stay square. In JSON a set is an array of
    /// `"minXMinY"`, `"maxXMinY"`, `"minXMaxY"`, `"maxXMaxY"`.
    public struct Corners: OptionSet, Sendable, Hashable {
        /// The bit mask, `CACornerMask`'s bits.
        public let rawValue: Int
        /// Creates a set from its bit mask (`CACornerMask.rawValue`); other bits are dropped.
        public init(rawValue: Int) { self.rawValue = rawValue & 0b1111 }

        /// The corner at the bounds' minimum x and minimum y: top left on screen
        /// (`kCALayerMinXMinYCorner`, 1).
        public static let minXMinY = Corners(rawValue: 1 << 0)
        /// The corner at maximum x, minimum y: top right on screen (`kCALayerMaxXMinYCorner`, 2).
        public static let maxXMinY = Corners(rawValue: 1 << 1)
        /// The corner at minimum x, maximum y: bottom left on screen (`kCALayerMinXMaxYCorner`, 4).
        public static let minXMaxY = Corners(rawValue: 1 << 2)
        /// The corner at maximum x, maximum y: bottom right on screen (`kCALayerMaxXMaxYCorner`, 8).
        public static let maxXMaxY = Corners(rawValue: 1 << 3)
        /// All four corners (Core Animation's default).
        public static let all: Corners = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]
    }
}

// MARK: - Layer.Corners + Codable

extension Layer.Corners: Codable {
    private static let names: [(String, Layer.Corners)] = [
        ("minXMinY", .minXMinY), ("maxXMinY", .maxXMinY), ("minXMaxY", .minXMaxY), ("maxXMaxY", .maxXMaxY),
    ]

    /// Decodes an array of corner names.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let names = try container.decode([String].self)
        var corners: Layer.Corners = []
        for name in names {
            guard let corner = Self.names.first(where: { $0.0 == name })?.1 else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "unknown corner \"\(name)\" (minXMinY, maxXMinY, minXMaxY, maxXMaxY)")
            }
            corners.insert(corner)
        }
        self = corners
    }

    /// Encodes the set as an array of corner names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.names.filter { contains($0.1) }.map(\.0))
    }
}
