import MotionCore

/// A vector shape drawn as a layer's contents, as `CAShapeLayer` does, plus a stroke gradient.
///
/// Core Animation has no gradient stroke; the UIKit front-end draws ``strokeGradient`` as a
/// `CAGradientLayer` masked by the stroked shape, which is what the compositor draws too.
///
/// ```swift
/// // A 4 pt ring of radius 40, 60 % drawn, with round caps and a conic gradient.
/// var ring = ShapeContents(path: .circle(center: Point(x: 44, y: 44), radius: 40))
/// ring.lineWidth = 4
/// ring.lineCap = .round
/// ring.strokeEnd = 0.6
/// ring.strokeGradient = ColorGradient(kind: .conic, colors: [.white, .black],
///                                startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 0.5, y: 0))
/// ```
public struct ShapeContents: Sendable, Hashable, Codable {
    /// How the ends of open subpaths are drawn (`CAShapeLayerLineCap`).
    public enum LineCap: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
        /// Square end exactly at the endpoint.
        case butt
        /// Semicircular end of diameter `lineWidth`.
        case round
        /// Square end extended by half the line width.
        case square
    }

    /// Which points a filled path covers (`CAShapeLayerFillRule`).
    public enum FillRule: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
        /// Inside where the path winds around the point a non-zero number of times
        /// (`"non-zero"`, Core Animation's default).
        case nonZero = "non-zero"
        /// Inside where the path crosses a ray from the point an odd number of times
        /// (`"even-odd"`): a subpath inside another cuts a hole whatever its direction.
        case evenOdd = "even-odd"
    }

    /// How corners between segments are drawn (`CAShapeLayerLineJoin`).
    public enum LineJoin: String, Sendable, Hashable, Codable, CaseIterable, DecodableByName {
        /// Sharp corner, beveled where it would reach further than ``ShapeContents/miterLimit``.
        case miter
        /// Rounded corner.
        case round
        /// Cut-off corner.
        case bevel
    }

    /// The path, in the layer's coordinates (points).
    public var path: ShapePath
    /// The fill colour; `nil` fills nothing. (`CAShapeLayer` defaults to opaque black; the
    /// front-ends set `fillColor` explicitly, so `nil` here means no fill there too.)
    public var fillColor: RGBAColor?
    /// The solid stroke colour; `nil` strokes nothing unless ``strokeGradient`` is set.
    public var strokeColor: RGBAColor?
    /// A gradient painting the stroke, in unit coordinates of the layer's bounds; overrides
    /// ``strokeColor``.
    public var strokeGradient: ColorGradient?
    /// Stroke width in points. Default 1.
    public var lineWidth: Double
    /// End caps. Default ``LineCap/butt``.
    public var lineCap: LineCap
    /// Corners. Default ``LineJoin/miter``.
    public var lineJoin: LineJoin
    /// Alternating dash and gap lengths in points; empty draws a solid line.
    public var lineDashPattern: [Double]
    /// Distance into the dash pattern at which the stroke starts, in points.
    public var lineDashPhase: Double
    /// Fraction of the path's length where the stroke starts, 0…1. Default 0.
    public var strokeStart: Double
    /// Fraction of the path's length where the stroke ends, 0…1. Default 1.
    public var strokeEnd: Double
    /// How the fill decides inside from outside. Default ``FillRule/nonZero``.
    public var fillRule: FillRule = .nonZero
    /// The longest a ``LineJoin/miter`` corner may reach, as a ratio of the miter length to the
    /// line width (`CAShapeLayer.miterLimit`, ≥ 0); a sharper corner is beveled. Default 10.
    public var miterLimit: Double = 10

    /// Creates shape contents; every parameter but `path` has `CAShapeLayer`'s default (except
    /// `fillColor`, see its documentation).
    public init(path: ShapePath, fillColor: RGBAColor? = nil, strokeColor: RGBAColor? = nil, strokeGradient: ColorGradient? = nil,
                lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                lineDashPattern: [Double] = [], lineDashPhase: Double = 0,
                strokeStart: Double = 0, strokeEnd: Double = 1) {
        self.path = path
        self.fillColor = fillColor
        self.strokeColor = strokeColor
        self.strokeGradient = strokeGradient
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.lineDashPattern = lineDashPattern
        self.lineDashPhase = lineDashPhase
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case path, fillColor, strokeColor, strokeGradient, lineWidth, lineCap, lineJoin
        case lineDashPattern, lineDashPhase, strokeStart, strokeEnd, fillRule, miterLimit
    }

    /// Decodes shape contents; only `path` is required.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            path: c.decode(ShapePath.self, forKey: .path),
            fillColor: c.decodeIfPresent(RGBAColor.self, forKey: .fillColor),
            strokeColor: c.decodeIfPresent(RGBAColor.self, forKey: .strokeColor),
            strokeGradient: c.decodeIfPresent(ColorGradient.self, forKey: .strokeGradient),
            lineWidth: c.decodeIfPresent(Double.self, forKey: .lineWidth) ?? 1,
            lineCap: c.decodeIfPresent(LineCap.self, forKey: .lineCap) ?? .butt,
            lineJoin: c.decodeIfPresent(LineJoin.self, forKey: .lineJoin) ?? .miter,
            lineDashPattern: c.decodeIfPresent([Double].self, forKey: .lineDashPattern) ?? [],
            lineDashPhase: c.decodeIfPresent(Double.self, forKey: .lineDashPhase) ?? 0,
            strokeStart: c.decodeIfPresent(Double.self, forKey: .strokeStart) ?? 0,
            strokeEnd: c.decodeIfPresent(Double.self, forKey: .strokeEnd) ?? 1)
        fillRule = try c.decodeIfPresent(FillRule.self, forKey: .fillRule) ?? .nonZero
        miterLimit = try c.decodeIfPresent(Double.self, forKey: .miterLimit) ?? 10
    }

    /// Encodes the shape; ``fillRule`` and ``miterLimit`` only when they are not the default.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encodeIfPresent(fillColor, forKey: .fillColor)
        try c.encodeIfPresent(strokeColor, forKey: .strokeColor)
        try c.encodeIfPresent(strokeGradient, forKey: .strokeGradient)
        try c.encode(lineWidth, forKey: .lineWidth)
        try c.encode(lineCap, forKey: .lineCap)
        try c.encode(lineJoin, forKey: .lineJoin)
        try c.encode(lineDashPattern, forKey: .lineDashPattern)
        try c.encode(lineDashPhase, forKey: .lineDashPhase)
        try c.encode(strokeStart, forKey: .strokeStart)
        try c.encode(strokeEnd, forKey: .strokeEnd)
        if fillRule != .nonZero { try c.encode(fillRule, forKey: .fillRule) }
        if miterLimit != 10 { try c.encode(miterLimit, forKey: .miterLimit) }
    }
}
