import MotionCore

/// A vector path in a layer's coordinate space (points, y down), as `UIBezierPath` builds it.
///
/// Paths describe shape-layer contents: the loading ring's arc, a progress segment's capsule, a
/// rounded mask. Elements are kept as drawn (arcs stay arcs) so that both Core Animation and the
/// compositor see the same geometry; ``flattened(tolerance:)`` turns them into polylines.
///
/// ```swift
/// // A ring of radius 40 around (50, 50), starting at 12 o'clock, clockwise on screen.
/// let ring = ShapePath.arc(center: Point(x: 50, y: 50), radius: 40,
///                     startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
/// ```
public struct ShapePath: Sendable, Hashable, Codable {
    /// One drawing command.
    public enum Element: Sendable, Hashable, Codable {
        /// Starts a new subpath at a point.
        case move(to: Point)
        /// A straight line from the current point.
        case line(to: Point)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve from the current point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A circular arc, as `UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:)`:
        /// angles in radians from the +x axis, `clockwise` as seen on screen (y down). A line joins
        /// the current point to the arc's start when a subpath is open.
        case arc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
        /// Closes the current subpath with a line back to its start.
        case close

        private enum CodingKeys: String, CodingKey, CaseIterable { case move, line, quadCurve, curve, arc, close }
        private enum PointKeys: String, CodingKey, CaseIterable { case to }
        private enum QuadCurveKeys: String, CodingKey, CaseIterable { case to, control }
        private enum CurveKeys: String, CodingKey, CaseIterable { case to, control1, control2 }
        private enum ArcKeys: String, CodingKey, CaseIterable { case center, radius, startAngle, endAngle, clockwise }
        /// The keys of `{"close": {}}`: none.
        private enum NoKeys: CodingKey, CaseIterable {
            var stringValue: String { switch self {} }
            var intValue: Int? { nil }
            init?(stringValue: String) { nil }
            init?(intValue: Int) { nil }
        }

        /// Decodes `{"move": {"to": p}}`, `{"line": {"to": p}}`, `{"quadCurve": {"to", "control"}}`,
        /// `{"curve": {"to", "control1", "control2"}}`, `{"arc": {"center", "radius", "startAngle",
        /// "endAngle", "clockwise"}}` or `{"close": {}}`; any other key is an error.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard c.allKeys.count == 1, let kind = c.allKeys.first else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "a path element needs exactly one of move, line, quadCurve, curve, arc or close"))
            }
            let element = try c.superDecoder(forKey: kind)
            switch kind {
            case .move, .line:
                try element.rejectUnknownKeys(PointKeys.self)
                let to = try element.container(keyedBy: PointKeys.self).decode(Point.self, forKey: .to)
                self = kind == .move ? .move(to: to) : .line(to: to)
            case .quadCurve:
                try element.rejectUnknownKeys(QuadCurveKeys.self)
                let e = try element.container(keyedBy: QuadCurveKeys.self)
                self = .quadCurve(to: try e.decode(Point.self, forKey: .to), control: try e.decode(Point.self, forKey: .control))
            case .curve:
                try element.rejectUnknownKeys(CurveKeys.self)
                let e = try element.container(keyedBy: CurveKeys.self)
                self = .curve(to: try e.decode(Point.self, forKey: .to), control1: try e.decode(Point.self, forKey: .control1),
                              control2: try e.decode(Point.self, forKey: .control2))
            case .arc:
                try element.rejectUnknownKeys(ArcKeys.self)
                let e = try element.container(keyedBy: ArcKeys.self)
                self = .arc(center: try e.decode(Point.self, forKey: .center), radius: try e.decode(Double.self, forKey: .radius),
                            startAngle: try e.decode(Double.self, forKey: .startAngle),
                            endAngle: try e.decode(Double.self, forKey: .endAngle),
                            clockwise: try e.decode(Bool.self, forKey: .clockwise))
            case .close:
                try element.rejectUnknownKeys(NoKeys.self)
                self = .close
            }
        }
    }

    /// The drawing commands in order.
    public var elements: [Element]

    /// Creates a path from its commands.
    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case elements }

    /// Decodes `{"elements": [...]}`; any other key is an error.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        self.init(try decoder.container(keyedBy: CodingKeys.self).decode([Element].self, forKey: .elements))
    }

    /// `true` when the path draws nothing.
    public var isEmpty: Bool { elements.isEmpty }
}

// MARK: - ShapePath + Factories

extension ShapePath {
    /// A single circular arc (see ``Element/arc(center:radius:startAngle:endAngle:clockwise:)``).
    public static func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                           clockwise: Bool) -> ShapePath {
        ShapePath([.arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)])
    }

    /// A full circle of `radius` around `center`, starting at 12 o'clock and running clockwise on
    /// screen, so that `strokeEnd` grows it like a progress ring.
    public static func circle(center: Point, radius: Double) -> ShapePath {
        arc(center: center, radius: radius, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
    }

    /// The outline of `rect`, clockwise from its top-left corner.
    public static func rect(_ rect: Rect) -> ShapePath {
        let r = rect.standardized
        return ShapePath([.move(to: Point(x: r.minX, y: r.minY)), .line(to: Point(x: r.maxX, y: r.minY)),
                     .line(to: Point(x: r.maxX, y: r.maxY)), .line(to: Point(x: r.minX, y: r.maxY)), .close])
    }

    /// The ellipse inscribed in `rect`, clockwise from its rightmost point (four cubic Béziers
    /// with the usual 0.5523 control distance; error below 0.03 % of the radius).
    public static func ellipse(in rect: Rect) -> ShapePath {
        let r = rect.standardized
        let k = 0.552_284_749_8
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        return ShapePath([
            .move(to: Point(x: cx + rx, y: cy)),
            .curve(to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry),
                   control2: Point(x: cx + k * rx, y: cy + ry)),
            .curve(to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry),
                   control2: Point(x: cx - rx, y: cy + k * ry)),
            .curve(to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry),
                   control2: Point(x: cx - k * rx, y: cy - ry)),
            .curve(to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry),
                   control2: Point(x: cx + rx, y: cy - k * ry)),
            .close,
        ])
    }

    /// A rectangle with circular corners of `cornerRadius` (clamped to half the shorter side),
    /// clockwise from the end of the top-left corner.
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> ShapePath {
        let r = rect.standardized
        let radius = cornerRadius.finite(or: 0).clamped(to: 0...(Swift.min(r.width, r.height) / 2))
        guard radius > 0 else { return ShapePath.rect(r) }
        let half = Double.pi / 2
        return ShapePath([
            .move(to: Point(x: r.minX + radius, y: r.minY)),
            .arc(center: Point(x: r.maxX - radius, y: r.minY + radius), radius: radius,
                 startAngle: -half, endAngle: 0, clockwise: true),
            .arc(center: Point(x: r.maxX - radius, y: r.maxY - radius), radius: radius,
                 startAngle: 0, endAngle: half, clockwise: true),
            .arc(center: Point(x: r.minX + radius, y: r.maxY - radius), radius: radius,
                 startAngle: half, endAngle: 2 * half, clockwise: true),
            .arc(center: Point(x: r.minX + radius, y: r.minY + radius), radius: radius,
                 startAngle: 2 * half, endAngle: 3 * half, clockwise: true),
            .close,
        ])
    }
}
