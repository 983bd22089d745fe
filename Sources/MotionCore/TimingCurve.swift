/// A cubic Bézier timing function, exactly as `CAMediaTimingFunction(controlPoints:)` defines it.
///
/// The curve runs from (0, 0) through the control points (x1, y1) and (x2, y2) to (1, 1). Its x
/// axis is the input time fraction of an animation (0…1) and its y axis the output progress that
/// drives the interpolation. ``value(at:)`` solves x(t) = progress for the Bézier parameter t and
/// returns y(t); ``slope(at:)`` gives dy/dx there, the factor that turns "progress per second" into
/// a velocity when an interactive gesture hands off to (or takes over from) a curve animation.
///
/// The solver follows WebKit's `UnitBezier` (`Source/WebCore/platform/graphics/UnitBezier.h`):
/// Newton–Raphson from the input itself as first guess, with a bisection fallback, until
/// |x(t) − progress| < 1e-7 — finer than 1e-6 of the input time, so a one-second animation is
/// off by less than a microsecond.
///
/// Ranges: x1 and x2 are clamped to 0…1, as Core Animation requires (that keeps x(t) monotone, so
/// every input time has one output); y1 and y2 may lie outside 0…1 to overshoot (a "back" curve).
/// Sources: Apple's `CAMediaTimingFunction` reference and CSS Easing Functions Level 1, §2.2
/// "Cubic Bézier easing functions", which defines the same curve.
///
/// ```swift
/// let curve = TimingCurve(x1: 0.42, y1: 0, x2: 0.58, y2: 1)   // TimingCurve.easeInEaseOut
/// curve.value(at: 0.5)   // 0.5
/// curve.value(at: 0.25)  // ≈ 0.1292
/// ```
public struct TimingCurve: Sendable, Hashable {
    /// The x coordinate of the first control point, 0…1.
    public let x1: Double
    /// The y coordinate of the first control point (any finite value; outside 0…1 overshoots).
    public let y1: Double
    /// The x coordinate of the second control point, 0…1.
    public let x2: Double
    /// The y coordinate of the second control point (any finite value; outside 0…1 overshoots).
    public let y2: Double

    /// The largest magnitude accepted for y1 and y2; larger values are clamped so that y(t) and
    /// its slope stay finite.
    public static let maximumControlPointMagnitude: Double = 1e6

    /// Creates the curve through (0, 0), (x1, y1), (x2, y2), (1, 1).
    ///
    /// Bad input never produces NaN later: x1 and x2 are clamped to 0…1, y1 and y2 to
    /// ±``maximumControlPointMagnitude``; a NaN or infinite coordinate is replaced by the matching
    /// coordinate of ``linear`` (0 for the first control point, 1 for the second).
    ///
    /// - Parameters:
    ///   - x1: Input-time coordinate of the first control point, 0…1.
    ///   - y1: Output-progress coordinate of the first control point.
    ///   - x2: Input-time coordinate of the second control point, 0…1.
    ///   - y2: Output-progress coordinate of the second control point.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        let m = Self.maximumControlPointMagnitude
        self.x1 = x1.finite(or: 0).clamped(to: 0...1)
        self.y1 = y1.finite(or: 0).clamped(to: -m...m)
        self.x2 = x2.finite(or: 1).clamped(to: 0...1)
        self.y2 = y2.finite(or: 1).clamped(to: -m...m)
    }

    /// Creates the curve from its two control points, as `CAMediaTimingFunction(controlPoints:)`.
    ///
    /// - Parameters:
    ///   - c1: The first control point (x in 0…1).
    ///   - c2: The second control point (x in 0…1).
    public init(controlPoint1 c1: Point, controlPoint2 c2: Point) {
        self.init(x1: c1.x, y1: c1.y, x2: c2.x, y2: c2.y)
    }

    /// The two control points after clamping, for bridging to
    /// `CAMediaTimingFunction(controlPoints: Float(c1.x), Float(c1.y), Float(c2.x), Float(c2.y))`
    /// or SwiftUI's `Animation.timingCurve(_:_:_:_:duration:)`.
    public var controlPoints: (c1: Point, c2: Point) {
        (Point(x: x1, y: y1), Point(x: x2, y: y2))
    }

    /// The output progress at the input time fraction `progress`.
    ///
    /// Solves x(t) = progress for the curve parameter t (to |x(t) − progress| < 1e-7), then returns
    /// y(t). The endpoints are exact: 0 maps to 0 and 1 maps to 1.
    ///
    /// - Parameter progress: The input time fraction, 0…1. Values outside clamp to the nearest end;
    ///   NaN is treated as 0.
    /// - Returns: The output progress; 0…1 for curves whose y1 and y2 lie in 0…1, beyond that for
    ///   overshooting curves. Always finite.
    @inlinable
    public func value(at progress: Double) -> Double {
        let x = progress.clamped(to: 0...1)
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        return sampleY(parameter(forX: x))
    }

    /// The slope dy/dx of the curve at the input time fraction `progress`.
    ///
    /// Multiply by (value change ÷ duration) to get a velocity in value units per second, e.g. to
    /// hand a running curve animation's velocity to a spring. Where the tangent is vertical
    /// (dx/dt = 0, dy/dt ≠ 0) the slope is clamped to ±``maximumControlPointMagnitude``; where both
    /// derivatives vanish the ratio of the next non-zero derivatives is used (L'Hôpital), so
    /// `TimingCurve.easeOut.slope(at: 0)` is 1/0.58 ≈ 1.724.
    ///
    /// - Parameter progress: The input time fraction, 0…1 (clamped; NaN is treated as 0).
    /// - Returns: dy/dx, finite.
    @inlinable
    public func slope(at progress: Double) -> Double {
        let t = parameter(forX: progress.clamped(to: 0...1))
        let m = Self.maximumControlPointMagnitude
        let tiny = 1e-9
        var dx = 3 * ax * t * t + 2 * bx * t + cx
        var dy = 3 * ay * t * t + 2 * by * t + cy
        if Swift.abs(dx) < tiny && Swift.abs(dy) < tiny {
            dx = 6 * ax * t + 2 * bx
            dy = 6 * ay * t + 2 * by
            if Swift.abs(dx) < tiny && Swift.abs(dy) < tiny {
                dx = 6 * ax
                dy = 6 * ay
            }
        }
        guard Swift.abs(dx) >= tiny else {
            if Swift.abs(dy) < tiny { return 1 }  // a point curve: (0,0,0,0,…) degenerate, linear
            return dy > 0 ? m : -m
        }
        return (dy / dx).clamped(to: -m...m)
    }

    // MARK: - Polynomial coefficients (WebKit UnitBezier: x(t) = ((ax·t + bx)·t + cx)·t)

    @usableFromInline var cx: Double { 3 * x1 }
    @usableFromInline var bx: Double { 3 * (x2 - x1) - cx }
    @usableFromInline var ax: Double { 1 - cx - bx }
    @usableFromInline var cy: Double { 3 * y1 }
    @usableFromInline var by: Double { 3 * (y2 - y1) - cy }
    @usableFromInline var ay: Double { 1 - cy - by }

    @usableFromInline
    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    @usableFromInline
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    @usableFromInline
    func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter t in 0…1 with x(t) = x, for x in 0…1.
    @usableFromInline
    func parameter(forX x: Double) -> Double {
        let epsilon = 1e-7
        // Newton–Raphson from t = x; converges in two or three steps for ordinary curves.
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if Swift.abs(error) < epsilon { return t }
            let derivative = sampleDerivativeX(t)
            if Swift.abs(derivative) < 1e-6 { break }
            t -= error / derivative
            if !(t >= 0 && t <= 1) { break }  // left the unit interval: let bisection take over
        }
        // Bisection: x(t) is monotone for x1, x2 in 0…1, so this always converges.
        var lower = 0.0
        var upper = 1.0
        t = x
        for _ in 0..<64 {
            let value = sampleX(t)
            if Swift.abs(value - x) < epsilon { return t }
            if x > value { lower = t } else { upper = t }
            t = lower + (upper - lower) / 2
        }
        return t
    }
}

// MARK: - TimingCurve + Codable

extension TimingCurve: Codable {
    private enum CodingKeys: String, CodingKey { case x1, y1, x2, y2 }

    /// Decodes the four control-point coordinates, sanitised exactly as the memberwise initializer.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(x1: try c.decode(Double.self, forKey: .x1), y1: try c.decode(Double.self, forKey: .y1),
                  x2: try c.decode(Double.self, forKey: .x2), y2: try c.decode(Double.self, forKey: .y2))
    }

    /// Encodes the four control-point coordinates as `x1`, `y1`, `x2`, `y2`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x1, forKey: .x1)
        try c.encode(y1, forKey: .y1)
        try c.encode(x2, forKey: .x2)
        try c.encode(y2, forKey: .y2)
    }
}
