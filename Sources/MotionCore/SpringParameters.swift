import RealModule

/// The physical parameters of a damped spring: mass, stiffness and damping.
///
/// A `SpringParameters` only describes the spring; ``SpringMotion`` moves a value with it and the closed-form
/// solution in ``SpringParameters/coefficients(at:)`` gives the motion at any time. The model is the damped
/// harmonic oscillator `m·x″ + c·x′ + k·x = 0`, where `x` is the displacement from the target.
///
/// Create a spring the way designers describe it, with a response and a damping ratio (SwiftUI's
/// `spring(response:dampingFraction:)`, UIKit's `UISpringTimingParameters`), or with the physical
/// coefficients of `CASpringAnimation`:
///
/// ```swift
/// let sheet = SpringParameters(response: 0.4, dampingRatio: 0.9)
/// let layer = SpringParameters(mass: 1, stiffness: 100, damping: 10)  // CASpringAnimation's defaults
/// ```
///
/// Bad input never produces NaN: a mass or stiffness that is NaN, zero or negative falls back to
/// `CASpringAnimation`'s defaults (mass 1, stiffness 100), a NaN or negative damping to 10, and
/// every coefficient is then clamped into ``massRange``, ``stiffnessRange`` and ``dampingRange``.
public struct SpringParameters: Sendable, Hashable {
    /// The moving mass, in arbitrary mass units (1 for springs made from a response).
    ///
    /// Always within ``massRange``.
    public let mass: Double
    /// The spring constant `k`: restoring force per unit of displacement.
    ///
    /// Always within ``stiffnessRange``.
    public let stiffness: Double
    /// The viscous damping coefficient `c`: drag force per unit of velocity.
    ///
    /// Always within ``dampingRange``; zero means an undamped spring that oscillates forever.
    public let damping: Double

    /// The masses a spring accepts; others are clamped into it.
    public static let massRange: ClosedRange<Double> = 1e-6...1e6
    /// The stiffnesses a spring accepts; others are clamped into it.
    public static let stiffnessRange: ClosedRange<Double> = 1e-6...1e9
    /// The damping coefficients a spring accepts; others are clamped into it.
    public static let dampingRange: ClosedRange<Double> = 0...1e9

    /// Creates a spring from its physical coefficients, like `CASpringAnimation`.
    ///
    /// - Parameters:
    ///   - mass: The moving mass; NaN, zero or negative gives 1. Clamped into ``massRange``.
    ///   - stiffness: The spring constant; NaN, zero or negative gives 100 (Core Animation's
    ///     default). Clamped into ``stiffnessRange``.
    ///   - damping: The damping coefficient; NaN or negative gives 10 (Core Animation's default).
    ///     Clamped into ``dampingRange``; one whose decay rate `damping / (2 · mass)` is
    ///     subnormal (or underflows) is 0: the spring is undamped.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = (mass > 0 ? mass : 1).clamped(to: SpringParameters.massRange)
        self.stiffness = (stiffness > 0 ? stiffness : 100).clamped(to: SpringParameters.stiffnessRange)
        let damping = (damping >= 0 ? damping : 10).clamped(to: SpringParameters.dampingRange)
        // A decay rate `damping / (2 · mass)` that is subnormal or underflows never settles in
        // any time a Double holds: such a spring is undamped, and says so.
        self.damping = damping / (2 * self.mass) >= Double.leastNormalMagnitude ? damping : 0
    }

    /// Creates a spring with mass 1 from a response and a damping ratio, like SwiftUI and UIKit.
    ///
    /// The conversion is the one given in WWDC18 session 803, "Designing Fluid Interfaces":
    /// `stiffness = (2π / response)²` and `damping = 4π · dampingRatio / response`, with mass 1.
    ///
    /// - Parameters:
    ///   - response: The period of the undamped oscillation, in seconds: how quickly the spring
    ///     gets going. NaN gives 0.55; values are clamped into ``responseRange`` (SwiftUI reads a
    ///     zero response as an infinitely stiff spring; ours is the stiffest the range allows).
    ///   - dampingRatio: The fraction of critical damping: below 1 the spring overshoots and
    ///     bounces, 1 is critically damped, above 1 it creeps in. NaN gives 1; negative gives 0.
    public init(response: Double, dampingRatio: Double) {
        let response = response.isNaN ? 0.55 : response.clamped(to: SpringParameters.responseRange)
        let ratio = dampingRatio.isNaN ? 1 : Swift.max(dampingRatio, 0)
        let angularFrequency = 2 * Double.pi / response
        self.init(
            mass: 1,
            stiffness: angularFrequency * angularFrequency,
            damping: ratio.isFinite ? 2 * ratio * angularFrequency : SpringParameters.dampingRange.upperBound
        )
    }

    /// Creates a spring from a perceptual duration and a bounce, like SwiftUI's
    /// `SpringParameters(duration:bounce:)` (iOS 17).
    ///
    /// Apple documents the meaning of the two numbers: `duration` is the pace of the spring and
    /// `bounce` is 0 for a critically damped spring, up to 1 for an undamped one, and down to −1
    /// for ever more over-damped ones. We map them onto ``init(response:dampingRatio:)`` with
    /// `response = duration` and `dampingRatio = 1 − bounce` for `bounce ≥ 0`, or
    /// `1 / (1 + bounce)` for a negative bounce.
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, in seconds; used as the response.
    ///   - bounce: How bouncy the spring is, in −1…1; NaN gives 0, values outside are clamped
    ///     into −0.99…1.
    public init(duration: Double, bounce: Double = 0) {
        let bounce = bounce.clamped(to: -0.99...1)
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(response: duration, dampingRatio: ratio)
    }

    /// The responses ``init(response:dampingRatio:)`` accepts, in seconds; others are clamped
    /// into it.
    public static let responseRange: ClosedRange<Double> = 0.001...1000

    /// The undamped angular frequency `ω₀ = √(k / m)`, in radians per second.
    @inlinable
    public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }

    /// The damping ratio `ζ = c / (2·√(m·k))`: below 1 under-damped (bouncy), 1 critically
    /// damped, above 1 over-damped.
    @inlinable
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// The period of the undamped oscillation `2π / ω₀`, in seconds (the `response` of
    /// ``init(response:dampingRatio:)``).
    @inlinable
    public var response: Double { 2 * Double.pi / undampedAngularFrequency }
}

// MARK: - SpringParameters + Presets

extension SpringParameters {
    /// SwiftUI's default animation since iOS 17: response 0.55 s, critically damped.
    ///
    /// Apple documents `Animation.default` as `spring(response: 0.55, dampingFraction: 1.0)`.
    public static let `default` = SpringParameters(response: 0.55, dampingRatio: 1)

    /// A smooth spring with no bounce: SwiftUI's `SpringParameters.smooth` (duration 0.5 s, bounce 0).
    public static let smooth = SpringParameters(duration: 0.5, bounce: 0)

    /// A snappy spring with a little bounce: SwiftUI's `SpringParameters.snappy` (duration 0.5 s,
    /// bounce 0.15, damping ratio 0.85).
    public static let snappy = SpringParameters(duration: 0.5, bounce: 0.15)

    /// A bouncy spring: SwiftUI's `SpringParameters.bouncy` (duration 0.5 s, bounce 0.3, damping ratio 0.7).
    public static let bouncy = SpringParameters(duration: 0.5, bounce: 0.3)

    /// The spring of SwiftUI's `Animation.spring()` before iOS 17: response 0.5 s, damping
    /// ratio 0.825 (the documented defaults of `spring(response:dampingFraction:blendDuration:)`).
    public static let classic = SpringParameters(response: 0.5, dampingRatio: 0.825)

    /// A quick spring for following a finger: SwiftUI's `interactiveSpring()` defaults,
    /// response 0.15 s and damping ratio 0.86.
    public static let interactive = SpringParameters(response: 0.15, dampingRatio: 0.86)
}

// MARK: - SpringParameters + Codable

extension SpringParameters: Codable {
    private enum CodingKeys: String, CodingKey {
        case mass, stiffness, damping
    }

    /// Decodes a spring from its `mass`, `stiffness` and `damping`, sanitized as in
    /// ``init(mass:stiffness:damping:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            mass: try container.decode(Double.self, forKey: .mass),
            stiffness: try container.decode(Double.self, forKey: .stiffness),
            damping: try container.decode(Double.self, forKey: .damping)
        )
    }

    /// Encodes the spring's `mass`, `stiffness` and `damping`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mass, forKey: .mass)
        try container.encode(stiffness, forKey: .stiffness)
        try container.encode(damping, forKey: .damping)
    }
}
