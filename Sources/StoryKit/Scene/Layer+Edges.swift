// MARK: - Layer + Edges

extension Layer {
    /// A set of a layer's four edges, in UIKit's orientation (top is the smaller y).
    ///
    /// Used by ``Layer/antialiasedEdges`` like `CALayer.edgeAntialiasingMask`: two layers that
    /// share an edge (the faces of a cube) each leave that edge out, so the seam is drawn hard by
    /// both and shows no background through it, while the outer edges stay smooth. In JSON a set
    /// is an array of `"left"`, `"right"`, `"top"`, `"bottom"`.
    public struct Edges: OptionSet, Sendable, Hashable {
        /// The bit mask.
        public let rawValue: Int
        /// Creates a set from its bit mask.
        public init(rawValue: Int) { self.rawValue = rawValue & 0b1111 }

        /// The edge at the bounds' minimum x.
        public static let left = Edges(rawValue: 1 << 0)
        /// The edge at the bounds' maximum x.
        public static let right = Edges(rawValue: 1 << 1)
        /// The edge at the bounds' minimum y.
        public static let top = Edges(rawValue: 1 << 2)
        /// The edge at the bounds' maximum y.
        public static let bottom = Edges(rawValue: 1 << 3)
        /// All four edges.
        public static let all: Edges = [.left, .right, .top, .bottom]
    }
}

// MARK: - Layer.Edges + Codable

extension Layer.Edges: Codable {
    private static let names: [(String, Layer.Edges)] = [("left", .left), ("right", .right), ("top", .top), ("bottom", .bottom)]

    /// Decodes an array of edge names.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let names = try container.decode([String].self)
        var edges: Layer.Edges = []
        for name in names {
            guard let edge = Self.names.first(where: { $0.0 == name })?.1 else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "unknown edge \"\(name)\" (left, right, top, bottom)")
            }
            edges.insert(edge)
        }
        self = edges
    }

    /// Encodes the set as an array of edge names.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Self.names.filter { contains($0.1) }.map(\.0))
    }
}
