import MotionCore

/// A colour gradient, as `CAGradientLayer` describes one.
///
/// Points are in the unit coordinate space of the layer's bounds (for a stroke gradient too):
/// (0, 0) top-left, (1, 1) bottom-right.
/// - ``Kind/axial``: colours run along the line from ``startPoint`` to ``endPoint`` and extend
///   unchanged beyond both ends.
/// - ``Kind/radial``: an ellipse centred on ``startPoint`` whose edge passes through
///   ``endPoint``'s x and y distances (Core Animation's convention).
/// - ``Kind/conic``: colours sweep clockwise on screen around ``startPoint``, starting in the
///   direction of ``endPoint`` (the loading ring's sweep).
///
/// ```swift
/// // Instagram's ring: yellow → orange → magenta around the avatar.
/// let ring = ColorGradient(kind: .conic,
///                     colors: [RGBAColor(hex: "#FEDA75")!, RGBAColor(hex: "#FA7E1E")!, RGBAColor(hex: "#D62976")!,
///                              RGBAColor(hex: "#FEDA75")!],
///                     startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0))
/// ```
public struct ColorGradient: Sendable, Hashable, Codable {
    /// The geometry of a gradient (`CAGradientLayerType`).
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
        /// Along a line (`.axial`).
        case axial
        /// Out from a centre (`.radial`).
        case radial
        /// Around a centre (`.conic`).
        case conic
    }

    /// The geometry.
    public var kind: Kind
    /// The colours, at least one; a single colour paints solid.
    public var colors: [RGBAColor]
    /// Where each colour sits, 0…1, increasing; `nil` spreads them evenly (as Core Animation).
    public var locations: [Double]?
    /// Start (axial), centre (radial, conic), in unit coordinates. Default (0.5, 0).
    public var startPoint: Point
    /// End (axial), radius (radial), starting direction (conic), in unit coordinates. Default (0.5, 1).
    public var endPoint: Point

    /// Creates a gradient; the defaults are `CAGradientLayer`'s (a vertical axial gradient).
    public init(kind: Kind = .axial, colors: [RGBAColor], locations: [Double]? = nil,
                startPoint: Point = Point(x: 0.5, y: 0), endPoint: Point = Point(x: 0.5, y: 1)) {
        self.kind = kind
        self.colors = colors
        self.locations = locations
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case kind, colors, locations, startPoint, endPoint }

    /// Decodes a gradient; only `colors` is required, everything else has its default.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(kind: c.decodeIfPresent(Kind.self, forKey: .kind) ?? .axial,
                      colors: c.decode([RGBAColor].self, forKey: .colors),
                      locations: c.decodeIfPresent([Double].self, forKey: .locations),
                      startPoint: c.decodeIfPresent(Point.self, forKey: .startPoint) ?? Point(x: 0.5, y: 0),
                      endPoint: c.decodeIfPresent(Point.self, forKey: .endPoint) ?? Point(x: 0.5, y: 1))
    }
}
