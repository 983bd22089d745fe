import RealModule

// MARK: - SpringParameters + Closed-form solution

extension SpringParameters {
    /// The closed-form solution of the spring at one time, as four numbers that are linear in the
    /// initial conditions.
    ///
    /// The displacement `x(t)` and velocity `v(t)` of `m·x″ + c·x′ + k·x = 0` are linear in the
    /// initial displacement `x₀` and initial velocity `v₀`:
    ///
    /// ```
    /// x(t) = displacementFromDisplacement · x₀ + displacementFromVelocity · v₀
    /// v(t) = velocityFromDisplacement     · x₀ + velocityFromVelocity     · v₀
    /// ```
    ///
    /// so the coefficients are computed once per time and applied to any ``AnimatableVector``
    /// with `*` and `+`, with no per-component branching.
    public struct Coefficients: Sendable, Hashable {
        /// How much of the initial displacement remains in the displacement (dimensionless).
        public var displacementFromDisplacement: Double
        /// How much of the initial velocity shows in the displacement, in seconds.
        public var displacementFromVelocity: Double
        /// How much of the initial displacement shows in the velocity, per second.
        public var velocityFromDisplacement: Double
        /// How much of the initial velocity remains in the velocity (dimensionless).
        public var velocityFromVelocity: Double

        /// Creates coefficients from their four values.
        @inlinable
        public init(
            displacementFromDisplacement: Double, displacementFromVelocity: Double,
            velocityFromDisplacement: Double, velocityFromVelocity: Double
        ) {
            self.displacementFromDisplacement = displacementFromDisplacement
            self.displacementFromVelocity = displacementFromVelocity
            self.velocityFromDisplacement = velocityFromDisplacement
            self.velocityFromVelocity = velocityFromVelocity
        }

        /// The coefficients at time 0: the initial conditions unchanged.
        public static let identity = Coefficients(
            displacementFromDisplacement: 1, displacementFromVelocity: 0,
            velocityFromDisplacement: 0, velocityFromVelocity: 1)

        /// The coefficients at infinite time: at rest on the target.
        public static let atRest = Coefficients(
            displacementFromDisplacement: 0, displacementFromVelocity: 0,
            velocityFromDisplacement: 0, velocityFromVelocity: 0)

        /// The displacement for the initial displacement `x0` and initial velocity `v0`.
        @inlinable
        public func displacement<V: AnimatableVector>(initial x0: V, velocity v0: V) -> V {
            x0 * displacementFromDisplacement + v0 * displacementFromVelocity
        }

        /// The velocity for the initial displacement `x0` and initial velocity `v0`.
        @inlinable
        public func velocity<V: AnimatableVector>(initial x0: V, velocity v0: V) -> V {
            x0 * velocityFromDisplacement + v0 * velocityFromVelocity
        }
    }

    /// How close to 1 the damping ratio must be for the spring to be solved as critically damped.
    ///
    /// Within `|ζ − 1| < 1e-9` the critically damped form is used; its error there is of the
    /// order of `|ζ − 1|`. Outside the band the under- and over-damped forms are written so that
    /// they stay accurate as `ζ` approaches 1 (`sin(ω_d·t)/ω_d` and `expm1`), so no value of `ζ`
    /// loses precision.
    public static let criticalDampingTolerance = 1e-9

    /// The closed-form solution coefficients at `time`, in seconds since the motion started.
    ///
    /// With `α = c / 2m` and `ω₀ = √(k/m)`, the displacement is
    /// - under-damped (`ζ < 1`), `ω_d = ω₀·√(1 − ζ²)`:
    ///   `x = e^(−αt)·(x₀·cos ω_d t + (v₀ + α·x₀)·sin(ω_d t)/ω_d)`;
    /// - critically damped (`ζ = 1`): `x = e^(−ω₀t)·(x₀ + (v₀ + ω₀·x₀)·t)`;
    /// - over-damped (`ζ > 1`), `ω_s = ω₀·√(ζ² − 1)`:
    ///   `x = e^(−αt)·(x₀·cosh ω_s t + (v₀ + α·x₀)·sinh(ω_s t)/ω_s)`, evaluated through the two
    ///   decaying exponentials so that nothing overflows for very stiff damping.
    ///
    /// The velocity coefficients are the exact time derivatives. The result does not depend on how
    /// often it is sampled.
    ///
    /// - Parameter time: Seconds since the start. Zero, negative and NaN give ``Coefficients/identity``
    ///   (the start); `+∞` gives ``Coefficients/atRest`` (the target), even for an undamped spring.
    /// - Returns: The four coefficients; always finite.
    @inlinable
    public func coefficients(at time: Double) -> Coefficients {
        guard time > 0 else { return .identity }
        guard time.isFinite else { return .atRest }
        let omega = undampedAngularFrequency
        let zeta = dampingRatio
        if zeta < 1 - SpringParameters.criticalDampingTolerance {
            let alpha = damping / (2 * mass)
            let dampedOmega = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            let decay = Double.exp(-alpha * time)
            let cosine = Double.cos(dampedOmega * time)
            let sineOverOmega = Double.sin(dampedOmega * time) / dampedOmega
            return Coefficients(
                displacementFromDisplacement: decay * (cosine + alpha * sineOverOmega),
                displacementFromVelocity: decay * sineOverOmega,
                velocityFromDisplacement: -decay * omega * omega * sineOverOmega,
                velocityFromVelocity: decay * (cosine - alpha * sineOverOmega))
        } else if zeta <= 1 + SpringParameters.criticalDampingTolerance {
            let decay = Double.exp(-omega * time)
            return Coefficients(
                displacementFromDisplacement: decay * (1 + omega * time),
                displacementFromVelocity: decay * time,
                velocityFromDisplacement: -decay * omega * omega * time,
                velocityFromVelocity: decay * (1 - omega * time))
        } else {
            let alpha = damping / (2 * mass)
            let spread = omega * ((zeta - 1) * (zeta + 1)).squareRoot()
            // The slow and fast decay rates α ∓ ω_s; the slow one without cancellation.
            let slowRate = omega * omega / (alpha + spread)
            let slow = Double.exp(-slowRate * time)
            let fast = Double.exp(-(alpha + spread) * time)
            // e^(−αt)·sinh(ω_s t)/ω_s = e^(−slow·t)·(1 − e^(−2ω_s t)) / 2ω_s, exact near ζ = 1.
            let sinhOverSpread = -slow * Double.expMinusOne(-2 * spread * time) / (2 * spread)
            return Coefficients(
                displacementFromDisplacement: slow + slowRate * sinhOverSpread,
                displacementFromVelocity: sinhOverSpread,
                velocityFromDisplacement: -omega * omega * sinhOverSpread,
                velocityFromVelocity: fast - slowRate * sinhOverSpread)
        }
    }

    /// The displacement from the target `time` seconds after the spring was released.
    ///
    /// Works for a `Double` and for any ``AnimatableVector`` (one solution applied to every
    /// component).
    ///
    /// ```swift
    /// let x = SpringParameters.default.displacement(at: 0.1, initial: 1.0, velocity: 0.0)  // ≈ 0.68
    /// ```
    ///
    /// - Parameters:
    ///   - time: Seconds since release; see ``coefficients(at:)`` for negative, NaN and infinite
    ///     times.
    ///   - initial: The displacement from the target at time 0 (value − target), in value units.
    ///     A non-finite displacement is treated as zero.
    ///   - velocity: The velocity at time 0, in value units per second. A non-finite velocity is
    ///     treated as zero.
    /// - Returns: The displacement from the target, in value units; zero if it would overflow.
    @inlinable
    public func displacement<V: AnimatableVector>(at time: Double, initial: V, velocity: V) -> V {
        let x0 = initial.isFinite ? initial : .zero
        let v0 = velocity.isFinite ? velocity : .zero
        let result = coefficients(at: time).displacement(initial: x0, velocity: v0)
        return result.isFinite ? result : .zero
    }

    /// The velocity `time` seconds after the spring was released, in value units per second.
    ///
    /// The exact time derivative of ``displacement(at:initial:velocity:)``.
    ///
    /// - Parameters:
    ///   - time: Seconds since release; see ``coefficients(at:)`` for negative, NaN and infinite
    ///     times.
    ///   - initial: The displacement from the target at time 0, in value units. A non-finite
    ///     displacement is treated as zero.
    ///   - velocity: The velocity at time 0, in value units per second. A non-finite velocity is
    ///     treated as zero.
    /// - Returns: The velocity, in value units per second; zero if it would overflow.
    @inlinable
    public func velocity<V: AnimatableVector>(at time: Double, initial: V, velocity: V) -> V {
        let x0 = initial.isFinite ? initial : .zero
        let v0 = velocity.isFinite ? velocity : .zero
        let result = coefficients(at: time).velocity(initial: x0, velocity: v0)
        return result.isFinite ? result : .zero
    }
}
