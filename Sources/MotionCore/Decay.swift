import RealModule

/// How quickly a coasting value slows down: the fraction of its velocity left after each
/// millisecond, as in `UIScrollView.DecelerationRate`.
///
/// UIKit documents `.normal` as 0.998 and `.fast` as 0.99. A rate of 0.998 keeps
/// 0.998¹⁰⁰⁰ ≈ 13.5 % of the velocity after one second.
///
/// Bad input never produces NaN: NaN gives ``normal`` and every other value is clamped into
/// ``validRange``, the open interval (0, 1) kept away from its ends.
public struct DecelerationRate: Sendable, Hashable, Codable, RawRepresentable {
    /// The fraction of velocity kept per millisecond, in ``validRange``.
    public let rawValue: Double

    /// Creates a rate from the fraction of velocity kept per millisecond.
    ///
    /// - Parameter rawValue: The fraction kept per millisecond; NaN gives 0.998 (``normal``),
    ///   other values are clamped into ``validRange``.
    public init(rawValue: Double) {
        self.rawValue = rawValue.isNaN ? 0.998 : rawValue.clamped(to: DecelerationRate.validRange)
    }

    /// The rates accepted: at least 0.001 (stops within a few milliseconds) and at most
    /// 0.999999 (coasts for hours), so the decay always ends and never divides by zero.
    public static let validRange: ClosedRange<Double> = 0.001...0.999_999

    /// `UIScrollView.DecelerationRate.normal`: 0.998 per millisecond, a scroll view's coast.
    public static let normal = DecelerationRate(rawValue: 0.998)

    /// `UIScrollView.DecelerationRate.fast`: 0.99 per millisecond, as paging scroll views stop.
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// The exponential decay constant `λ = −1000 · ln(rate)`, per second: the velocity after `t`
    /// seconds is `v₀ · e^(−λt) = v₀ · rate^(1000·t)`.
    @inlinable
    public var decayConstant: Double { -1_000 * Double.log(rawValue) }
}

/// A value coasting from a release velocity to a stop, like a scroll view after a flick.
///
/// The velocity decays continuously by the ``DecelerationRate`` per millisecond,
/// `v(t) = v₀ · rate^(1000·t)`, and the value is its integral,
/// `x(t) = x₀ + v₀ · (rate^(1000·t) − 1) / (1000 · ln rate)`; both are closed forms sampled at any
/// time. The value comes to rest at ``destination``, `x₀ − v₀ / (1000 · ln rate)`, which is within
/// 0.1 % (`.normal`) or 0.5 % (`.fast`) of the distance given by WWDC18's `project` function
/// (see ``DecelerationRate/projectedDistance(initialVelocity:)``).
///
/// ```swift
/// let coast = Decay(from: 0.0, initialVelocity: 2_000.0)   // points, points per second
/// coast.destination                                        // ≈ 999 pt
/// coast.value(at: 0.5)                                     // ≈ 632 pt
/// coast.duration(untilSpeedBelow: 1)                       // ≈ 3.8 s
/// ```
///
/// Works for any ``AnimatableVector``: a ``Point`` coasts along its release direction.
///
/// Bad input never produces NaN: a non-finite `from` becomes zero and a non-finite velocity
/// becomes zero (no coast).
public struct Decay<Value: AnimatableVector>: Sendable, Hashable {
    /// The value at time 0.
    public let from: Value
    /// The velocity at time 0, in value units per second.
    public let initialVelocity: Value
    /// How quickly the velocity decays.
    public let rate: DecelerationRate

    /// Creates a coast from `from` with `initialVelocity`, slowing by `rate`.
    ///
    /// - Parameters:
    ///   - from: The value at time 0; non-finite gives zero, and a magnitude over
    ///     ``magnitudeLimit`` is scaled down to it.
    ///   - initialVelocity: The release velocity, in value units per second; non-finite gives
    ///     zero, and a magnitude over ``magnitudeLimit`` is scaled down to it (so the destination,
    ///     at most 1 000 times the velocity away, stays finite).
    ///   - rate: The deceleration rate; ``DecelerationRate/normal`` unless told otherwise.
    public init(from: Value, initialVelocity: Value, rate: DecelerationRate = .normal) {
        self.from = Self.bounded(from.isFinite ? from : .zero)
        self.initialVelocity = Self.bounded(initialVelocity.isFinite ? initialVelocity : .zero)
        self.rate = rate
    }

    /// The largest magnitude of ``from`` and ``initialVelocity``, 10¹⁰⁰: far beyond any screen,
    /// and small enough that no value of the coast overflows.
    public static var magnitudeLimit: Double { 1e100 }

    /// `value`, scaled down to ``magnitudeLimit`` when its magnitude is larger.
    static func bounded(_ value: Value) -> Value {
        let limit = magnitudeLimit
        guard !(value.magnitudeSquared <= limit * limit) else { return value }
        let scaled = value * 1e-200   // components up to 1.8e308 come down to where squares are finite
        let magnitude = scaled.magnitude
        return magnitude > 0 && magnitude.isFinite ? scaled * (limit / magnitude) : .zero
    }

    /// The value `time` seconds after release.
    ///
    /// - Parameter time: Seconds since release. Zero, negative and NaN give `from`; `+∞` gives
    ///   ``destination``.
    /// - Returns: `x₀ + v₀ · (1 − e^(−λt)) / λ` with `λ` the ``DecelerationRate/decayConstant``.
    @inlinable
    public func value(at time: Double) -> Value {
        guard time > 0 else { return from }
        let lambda = rate.decayConstant
        // −expm1(−λt) = 1 − e^(−λt), exact for small t; tends to 1 for t → ∞.
        let result = from + initialVelocity * (-Double.expMinusOne(-lambda * time) / lambda)
        return result.isFinite ? result : from
    }

    /// The velocity `time` seconds after release, in value units per second.
    ///
    /// - Parameter time: Seconds since release. Zero, negative and NaN give `initialVelocity`;
    ///   `+∞` gives zero.
    /// - Returns: `v₀ · rate^(1000·t)`.
    @inlinable
    public func velocity(at time: Double) -> Value {
        guard time > 0 else { return initialVelocity }
        return initialVelocity * Double.exp(-rate.decayConstant * time)
    }

    /// Where the value comes to rest: `x₀ − v₀ / (1000 · ln rate)`, the limit of ``value(at:)``.
    public var destination: Value {
        let result = from + initialVelocity * (1 / rate.decayConstant)
        return result.isFinite ? result : from
    }

    /// The time until the speed falls below `threshold`, in seconds.
    ///
    /// Solves `|v₀| · rate^(1000·t) = threshold`: `t = ln(|v₀| / threshold) / λ`.
    ///
    /// - Parameter threshold: The speed that counts as stopped, in value units per second
    ///   (for example 0.5 pt/s). NaN, zero and negative thresholds are raised to `1e-9` so the
    ///   answer stays finite; `+∞` gives 0.
    /// - Returns: Seconds, ≥ 0; 0 when the release speed is already below the threshold.
    public func duration(untilSpeedBelow threshold: Double) -> Double {
        let threshold = threshold.isNaN ? 1e-9 : Swift.max(threshold, 1e-9)
        let speed = initialVelocity.magnitude
        guard speed > threshold, speed.isFinite else { return 0 }
        return Double.log(speed / threshold) / rate.decayConstant
    }
}

// MARK: - Decay + Codable

extension Decay: Codable where Value: Codable {
    private enum CodingKeys: String, CodingKey {
        case from, initialVelocity, rate
    }

    /// Decodes a coast, sanitized as in ``init(from:initialVelocity:rate:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            from: try container.decode(Value.self, forKey: .from),
            initialVelocity: try container.decode(Value.self, forKey: .initialVelocity),
            rate: try container.decode(DecelerationRate.self, forKey: .rate))
    }

    /// Encodes `from`, `initialVelocity` and `rate`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(from, forKey: .from)
        try container.encode(initialVelocity, forKey: .initialVelocity)
        try container.encode(rate, forKey: .rate)
    }
}
