/// A value moving from `from` to `to` on a ``SpringParameters``, with an initial velocity, sampled in closed
/// form at any time.
///
/// The motion is a pure function of time: `value(at: t)` gives the same answer however often and
/// in whatever order it is asked, so a frame dropped or a scrubbed timeline never changes the
/// path (Motion's `SpringFunction`, not Wave's Euler steps). Time 0 is the moment the motion
/// starts; the caller's clock supplies `t`.
///
/// ```swift
/// // A card released at y = 400 moving up at 1 200 pt/s springs back to y = 0.
/// let motion = SpringMotion(spring: .snappy, from: 400.0, to: 0.0, initialVelocity: -1_200.0)
/// motion.value(at: 0)          // 400
/// motion.value(at: 0.1)        // on its way
/// motion.settlingDuration()    // when it is within 0.001 pt and 0.001 pt/s for good
///
/// // The finger grabs it again 0.1 s later and a new target is chosen: keep value and velocity.
/// let next = motion.retargeted(to: 600.0, at: 0.1)
/// ```
///
/// Works for a `Double` (progress, an angle, an offset) and for any ``AnimatableVector`` such as
/// ``Point``, ``Size`` or ``Rect``: the solution is linear in the initial displacement and
/// velocity, so the scalar coefficients are computed once per time and applied with `*` and `+`.
///
/// Bad input never produces NaN: a non-finite `to` falls back to `from` (or zero when both are
/// non-finite), a non-finite `from`, or one whose distance to `to` overflows, starts the motion at
/// `to`, and a non-finite initial velocity is zero. A sample that would overflow returns the
/// target and zero velocity.
public struct SpringMotion<Value: AnimatableVector>: Sendable, Hashable {
    /// The spring that moves the value.
    public let spring: SpringParameters
    /// The value at time 0.
    public let from: Value
    /// The value the spring comes to rest at.
    public let to: Value
    /// The velocity at time 0, in value units per second (for example points per second).
    public let initialVelocity: Value

    /// Creates a motion from `from` to `to` on `spring`, starting with `initialVelocity`.
    ///
    /// - Parameters:
    ///   - spring: The spring; ``SpringParameters/default`` unless told otherwise.
    ///   - from: The value at time 0. If it is not finite, or its distance to `to` is not, the
    ///     motion starts at `to` (already at rest, apart from the initial velocity).
    ///   - to: The target. If it is not finite it becomes `from` (or zero when `from` is not
    ///     finite either).
    ///   - initialVelocity: The velocity at time 0, in value units per second; a non-finite
    ///     velocity becomes zero. Hand a gesture's release velocity here.
    public init(spring: SpringParameters = .default, from: Value, to: Value, initialVelocity: Value = .zero) {
        let target = to.isFinite ? to : (from.isFinite ? from : .zero)
        self.spring = spring
        self.to = target
        self.from = from.isFinite && (from - target).isFinite ? from : target
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : .zero
    }

    /// The value `time` seconds after the start.
    ///
    /// - Parameter time: Seconds since the start. Zero, negative and NaN give exactly `from`;
    ///   `+∞` gives exactly `to`.
    /// - Returns: The value; it overshoots `to` when the spring is under-damped.
    @inlinable
    public func value(at time: Double) -> Value {
        guard time > 0 else { return from }
        let displacement = spring.coefficients(at: time).displacement(initial: from - to, velocity: initialVelocity)
        let result = to + displacement
        return result.isFinite ? result : to
    }

    /// The velocity `time` seconds after the start, in value units per second.
    ///
    /// The exact time derivative of ``value(at:)``.
    ///
    /// - Parameter time: Seconds since the start. Zero, negative and NaN give `initialVelocity`;
    ///   `+∞` gives zero.
    /// - Returns: The velocity, in value units per second.
    @inlinable
    public func velocity(at time: Double) -> Value {
        guard time > 0 else { return initialVelocity }
        let result = spring.coefficients(at: time).velocity(initial: from - to, velocity: initialVelocity)
        return result.isFinite ? result : .zero
    }

    /// The value and the velocity `time` seconds after the start, from one evaluation of the
    /// solution.
    ///
    /// - Parameter time: Seconds since the start; as in ``value(at:)`` and ``velocity(at:)``.
    /// - Returns: The value, and the velocity in value units per second.
    @inlinable
    public func sample(at time: Double) -> (value: Value, velocity: Value) {
        guard time > 0 else { return (from, initialVelocity) }
        let coefficients = spring.coefficients(at: time)
        let x0 = from - to
        let value = to + coefficients.displacement(initial: x0, velocity: initialVelocity)
        let velocity = coefficients.velocity(initial: x0, velocity: initialVelocity)
        guard value.isFinite, velocity.isFinite else { return (to, .zero) }
        return (value, velocity)
    }

    /// The time after which the value stays within `tolerance` of `to` and the speed within
    /// `tolerance` per second, in seconds.
    ///
    /// See ``SpringParameters/settlingDuration(displacement:velocity:tolerance:)`` for how the bound is
    /// found. Computing it takes a few microseconds; store it rather than asking every frame.
    ///
    /// - Parameter tolerance: The largest distance (value units) and speed (value units per
    ///   second) that count as settled, measured as Euclidean lengths.
    /// - Returns: Seconds from the start, ≥ 0; `+∞` for an undamped spring that is not at rest.
    public func settlingDuration(tolerance: Double = SpringParameters.defaultTolerance) -> Double {
        spring.settlingDuration(displacement: from - to, velocity: initialVelocity, tolerance: tolerance)
    }

    /// Whether the motion has settled for good by `time`: `time ≥ settlingDuration(tolerance:)`.
    ///
    /// - Parameters:
    ///   - time: Seconds since the start; NaN counts as 0.
    ///   - tolerance: As in ``settlingDuration(tolerance:)``.
    /// - Returns: `true` when the value and velocity stay within the tolerance from `time` on.
    public func isSettled(at time: Double, tolerance: Double = SpringParameters.defaultTolerance) -> Bool {
        (time.isNaN ? 0 : time) >= settlingDuration(tolerance: tolerance)
    }

    /// A new motion that starts where this one is at `time`, with its value and velocity, and
    /// springs to `target`.
    ///
    /// The new motion's time 0 is this motion's `time`, so value and velocity are continuous
    /// across the hand-over: use it when the target changes mid-flight.
    ///
    /// - Parameters:
    ///   - target: The new value to come to rest at.
    ///   - time: Seconds since this motion started; as in ``sample(at:)``.
    ///   - spring: The spring for the new motion; this motion's spring when `nil`.
    /// - Returns: The continuing motion.
    public func retargeted(to target: Value, at time: Double, spring: SpringParameters? = nil) -> SpringMotion {
        let now = sample(at: time)
        return SpringMotion(spring: spring ?? self.spring, from: now.value, to: target, initialVelocity: now.velocity)
    }
}

// MARK: - SpringMotion + Codable

extension SpringMotion: Codable where Value: Codable {
    private enum CodingKeys: String, CodingKey {
        case spring, from, to, initialVelocity
    }

    /// Decodes a motion, sanitized as in ``init(spring:from:to:initialVelocity:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            spring: try container.decode(SpringParameters.self, forKey: .spring),
            from: try container.decode(Value.self, forKey: .from),
            to: try container.decode(Value.self, forKey: .to),
            initialVelocity: try container.decode(Value.self, forKey: .initialVelocity))
    }

    /// Encodes the spring, `from`, `to` and `initialVelocity`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(spring, forKey: .spring)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(initialVelocity, forKey: .initialVelocity)
    }
}
