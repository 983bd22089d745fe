import RealModule

// MARK: - SpringParameters + Settling

extension SpringParameters {
    /// The tolerance settling uses unless told otherwise: 0.001 value units for the displacement
    /// and 0.001 value units per second for the velocity.
    public static let defaultTolerance = 0.001

    /// The time a unit displacement released at rest takes to settle within
    /// ``defaultTolerance``, in seconds; comparable to `CASpringAnimation.settlingDuration`.
    ///
    /// Shorthand for `settlingDuration(displacement: 1.0, velocity: 0.0)`. Infinite for an
    /// undamped spring (`damping == 0`).
    public var settlingDuration: Double {
        settlingDuration(displacement: 1.0, velocity: 0.0, tolerance: SpringParameters.defaultTolerance)
    }

    /// The time after which the motion stays settled: from then on both the displacement and the
    /// velocity stay at or below `tolerance` (in value units, and value units per second).
    ///
    /// The duration is computed from envelopes that bound the closed-form solution from above,
    /// never from stepping through time, so it is an upper bound on the true settling time and
    /// is tight where the envelope touches the motion:
    /// - under-damped: the amplitude envelope `e^(−αt)·√(x₀² + ((v₀ + αx₀)/ω_d)²)`, which the
    ///   motion touches once per half period, or for springs close to critical damping the
    ///   envelope `e^(−αt)·(|x₀| + |v₀ + αx₀|·t)` when it is tighter;
    /// - critically damped: `e^(−ω₀t)·(|x₀| + |v₀ + ω₀x₀|·t)`, exact when `x₀` and `v₀ + ω₀x₀`
    ///   have the same sign (for example when released at rest);
    /// - over-damped: the sum of the two decaying modes `|C₁|·e^(−s₁t) + |C₂|·e^(−s₂t)`, or the
    ///   envelope `e^(−s₁t)·(|x₀| + |v₀ + αx₀|·t)` near critical damping;
    ///
    /// and likewise for the velocity. The time where an envelope falls to `tolerance` is found in
    /// closed form or by bisection. For vectors the envelopes bound the Euclidean length.
    ///
    /// - Parameters:
    ///   - displacement: The displacement from the target at time 0, in value units; a non-finite
    ///     displacement is treated as zero.
    ///   - velocity: The velocity at time 0, in value units per second; a non-finite velocity is
    ///     treated as zero.
    ///   - tolerance: The largest displacement and speed that count as settled. NaN gives
    ///     ``defaultTolerance``; values below `1e-12` are raised to `1e-12`.
    /// - Returns: Seconds from the start, ≥ 0; 0 when the motion starts settled, `+∞` when an
    ///   undamped spring is not settled from the start. A spring whose decay rate
    ///   `damping / (2 · mass)` is subnormal or underflows to 0 counts as undamped.
    public func settlingDuration<V: AnimatableVector>(
        displacement: V, velocity: V, tolerance: Double = SpringParameters.defaultTolerance
    ) -> Double {
        let x0 = displacement.isFinite ? displacement : .zero
        let v0 = velocity.isFinite ? velocity : .zero
        let tol = tolerance.isNaN ? SpringParameters.defaultTolerance : Swift.max(tolerance, 1e-12)
        let omega = undampedAngularFrequency
        let zeta = dampingRatio
        let alpha = damping / (2 * mass)

        if !(alpha >= Double.leastNormalMagnitude) {
            // Undamped, or damped so little (a subnormal rate) that it counts as undamped: the
            // energy never decays in any time a Double can hold, so the amplitudes bound the
            // motion for ever.
            let positionAmplitude = (x0.magnitudeSquared + v0.magnitudeSquared / (omega * omega))
                .squareRoot()
            let velocityAmplitude = (omega * omega * x0.magnitudeSquared + v0.magnitudeSquared)
                .squareRoot()
            return positionAmplitude <= tol && velocityAmplitude <= tol ? 0 : .infinity
        }

        if zeta < 1 - SpringParameters.criticalDampingTolerance {
            let dampedOmega = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            let k = (v0 + x0 * alpha).magnitude
            let m = (v0 * alpha + x0 * (omega * omega)).magnitude
            let position = Swift.min(
                Envelope.exponential(amplitude: (x0.magnitudeSquared + k * k / (dampedOmega * dampedOmega))
                    .squareRoot(), rate: alpha, tolerance: tol),
                Envelope(rate: alpha, constant: x0.magnitude, slope: k, saturation: 1 / dampedOmega)
                    .lastTimeAbove(tol))
            let speed = Swift.min(
                Envelope.exponential(amplitude: (v0.magnitudeSquared + m * m / (dampedOmega * dampedOmega))
                    .squareRoot(), rate: alpha, tolerance: tol),
                Envelope(rate: alpha, constant: v0.magnitude, slope: m, saturation: 1 / dampedOmega)
                    .lastTimeAbove(tol))
            return Swift.max(position, speed)
        } else if zeta <= 1 + SpringParameters.criticalDampingTolerance {
            let k = (v0 + x0 * omega).magnitude
            let m = (v0 * omega + x0 * (omega * omega)).magnitude
            return Swift.max(
                Envelope(rate: omega, constant: x0.magnitude, slope: k, saturation: .infinity)
                    .lastTimeAbove(tol),
                Envelope(rate: omega, constant: v0.magnitude, slope: m, saturation: .infinity)
                    .lastTimeAbove(tol))
        } else {
            let spread = omega * ((zeta - 1) * (zeta + 1)).squareRoot()
            let slowRate = omega * omega / (alpha + spread)
            let fastRate = alpha + spread
            // x = C₁·e^(−slow·t) + C₂·e^(−fast·t); v = −slow·C₁·e^(−slow·t) − fast·C₂·e^(−fast·t).
            let c1 = ((v0 + x0 * fastRate) * (1 / (2 * spread))).magnitude
            let c2 = ((v0 + x0 * slowRate) * (1 / (2 * spread))).magnitude
            let k = (v0 + x0 * alpha).magnitude
            let m = (v0 * alpha + x0 * (omega * omega)).magnitude
            let position = Swift.min(
                Envelope.twoModes(c1, slowRate, c2, fastRate, tolerance: tol),
                Envelope(rate: slowRate, constant: x0.magnitude, slope: k, saturation: 1 / (2 * spread))
                    .lastTimeAbove(tol))
            let speed = Swift.min(
                Envelope.twoModes(slowRate * c1, slowRate, fastRate * c2, fastRate, tolerance: tol),
                Envelope(rate: slowRate, constant: v0.magnitude, slope: m, saturation: 1 / (2 * spread))
                    .lastTimeAbove(tol))
            return Swift.max(position, speed)
        }
    }
}

// MARK: - Envelopes

/// An upper bound `e^(−rate·t)·(constant + slope·min(t, saturation))` on a spring's displacement
/// or speed, which rises to one peak and then decays.
private struct Envelope {
    var rate: Double
    var constant: Double
    var slope: Double
    var saturation: Double

    func value(at t: Double) -> Double {
        Double.exp(-rate * t) * (constant + slope * Swift.min(t, saturation))
    }

    /// The last time the envelope is above `tolerance` (0 if never).
    func lastTimeAbove(_ tolerance: Double) -> Double {
        // The peak: where d/dt vanishes, 1/rate − constant/slope, capped by the saturation.
        let peak = slope > 0 ? Swift.max(0, Swift.min(1 / rate - constant / slope, saturation)) : 0
        guard value(at: peak) > tolerance else { return 0 }
        var hi = Swift.max(peak, 1 / rate)
        var doublings = 0
        while value(at: hi) > tolerance, doublings < 2_000 {
            hi *= 2
            doublings += 1
        }
        return Envelope.bisect(lo: peak, hi: hi) { value(at: $0) > tolerance }
    }

    /// The time `amplitude·e^(−rate·t)` falls to `tolerance` (0 if it starts below).
    static func exponential(amplitude: Double, rate: Double, tolerance: Double) -> Double {
        amplitude > tolerance ? Double.log(amplitude / tolerance) / rate : 0
    }

    /// The time `a·e^(−ra·t) + b·e^(−rb·t)` falls to `tolerance` (0 if it starts below).
    static func twoModes(_ a: Double, _ ra: Double, _ b: Double, _ rb: Double, tolerance: Double) -> Double {
        func value(_ t: Double) -> Double { a * Double.exp(-ra * t) + b * Double.exp(-rb * t) }
        guard value(0) > tolerance else { return 0 }
        // Each term below half the tolerance bounds the sum below it.
        let hi = Swift.max(exponential(amplitude: 2 * a, rate: ra, tolerance: tolerance),
                           exponential(amplitude: 2 * b, rate: rb, tolerance: tolerance))
        return bisect(lo: 0, hi: hi) { value($0) > tolerance }
    }

    /// The boundary between `lo` (where `isAbove` holds) and `hi` (where it does not), to about
    /// 1e-12 relative precision.
    static func bisect(lo: Double, hi: Double, isAbove: (Double) -> Bool) -> Double {
        var lo = lo, hi = hi, steps = 0
        while hi - lo > 1e-12 * hi, steps < 200 {
            let mid = lo + (hi - lo) / 2
            if isAbove(mid) { lo = mid } else { hi = mid }
            steps += 1
        }
        return hi
    }
}
