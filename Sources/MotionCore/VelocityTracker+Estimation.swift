// MARK: - VelocityTracker + Estimation

extension VelocityTracker {
    /// The finger's velocity at the newest sample, in points per second, or zero when the finger
    /// had stopped.
    ///
    /// The samples used are the newest ones that describe one continuous motion: walking back from
    /// the newest sample, the walk stops at a sample older than ``Configuration/horizon``, at a gap
    /// between neighbours longer than ``Configuration/assumeStoppedGap``, or after
    /// ``Configuration/maximumSampleCount`` samples (Flutter's `VelocityTracker.getVelocityEstimate`
    /// walk; Android trims to its horizon on add and forgets the history after a 40 ms silence).
    ///
    /// Each axis gets an unweighted least-squares polynomial `x(t) ≈ c₀ + c₁·t + c₂·t²`, with `t`
    /// measured from the newest sample, and the velocity is its derivative there, `c₁`, as in
    /// Android's `solveUnweightedLeastSquaresDeg2` and Flutter's `LeastSquaresSolver`. For numerical
    /// safety, times are centred on the newest sample and positions taken relative to the newest
    /// position, so large clock values and far-away coordinates lose no precision, and the mean is
    /// eliminated before solving (centred normal equations). The polynomial falls back:
    /// - ``Fit/quadratic`` needs three samples and a well-conditioned system (the normal matrix's
    ///   relative determinant `1 − ρ²` of `t` against `t²` at least 10⁻⁶; it is about 0.077 for
    ///   evenly spaced samples and falls to 10⁻⁶ only when one sample sits within 0.1 % of the span
    ///   from another); otherwise the fit is ``Fit/linear``;
    /// - a linear fit whose arithmetic overflows falls back to the difference of the two newest
    ///   samples, and if that overflows too, the velocity is zero.
    ///
    /// The result is finally scaled down, keeping its direction, to at most
    /// ``Configuration/maximumSpeed``. It is never NaN or infinite.
    ///
    /// - Parameter releaseTime: When the finger lifted, in seconds on the samples' clock, or `nil`
    ///   to evaluate at the newest sample. A release more than ``Configuration/assumeStoppedGap``
    ///   after the newest sample means the finger rested before lifting: the velocity is zero
    ///   (Android's `ACTION_UP` rule). A release earlier than the newest sample, or NaN, counts as
    ///   a release at the newest sample.
    /// - Returns: The velocity in points per second; zero with fewer than two samples in the
    ///   motion, with no data, after a stop, or when the samples of the last
    ///   ``Configuration/assumeStoppedGap`` seconds show a finger resting in place.
    public func velocity(at releaseTime: Double? = nil) -> Point {
        samples.withSamples { samples in
            guard let newest = samples.newest else { return .zero }
            if let releaseTime,
               releaseTime - newest.time > configuration.assumeStoppedGap + Self.sameInstantTolerance {
                return .zero
            }
            if restedWithSamples(samples, newest: newest) { return .zero }
            return clampedToMaximumSpeed(fittedVelocity(samples, newest: newest))
        }
    }

    /// The finger that sends samples without moving: every sample of the last
    /// ``Configuration/assumeStoppedGap`` seconds (and one at least that old) is at exactly the
    /// newest position. Scripted replays, and some digitisers, report a resting finger this way;
    /// a polynomial fit across the stop would read the curve's bend as motion (a finger that came
    /// back and rested would read as still moving the other way). Exact equality keeps the rule
    /// free of units: the tracker also follows progress values, not only points.
    private func restedWithSamples(_ samples: TouchSampleBuffer.Samples, newest: TouchSample) -> Bool {
        var index = samples.count - 1
        while index > 0 {
            let sample = samples[index - 1]
            guard sample.position == newest.position else { return false }
            if newest.time - sample.time >= configuration.assumeStoppedGap - Self.sameInstantTolerance { return true }
            index -= 1
        }
        return false
    }

    /// The fitted velocity (points per second) of the current continuous motion, before clamping;
    /// zero with fewer than two samples in it or when every fallback overflows.
    private func fittedVelocity(_ samples: TouchSampleBuffer.Samples, newest: TouchSample) -> Point {
        let horizon = configuration.horizon + Self.sameInstantTolerance
        let gap = configuration.assumeStoppedGap + Self.sameInstantTolerance
        let oldestAllowed = Swift.max(samples.count - configuration.maximumSampleCount, 0)
        // One walk back from the newest sample both selects the samples (Flutter's loop) and
        // accumulates the moments of t = time − newest time (≤ 0) and of the positions relative to
        // the newest. Merged instants keep neighbours > 1 ns apart, so t⁴ cannot underflow.
        var n = 1.0, st = 0.0, st2 = 0.0, st3 = 0.0, st4 = 0.0
        var sx = 0.0, stx = 0.0, st2x = 0.0
        var sy = 0.0, sty = 0.0, st2y = 0.0
        var later = newest.time
        var index = samples.count - 1
        while index > oldestAllowed {
            let sample = samples[index - 1]
            let t = sample.time - newest.time
            guard -t <= horizon, later - sample.time <= gap else { break }
            later = sample.time
            index -= 1
            let t2 = t * t
            let dx = sample.position.x - newest.position.x
            let dy = sample.position.y - newest.position.y
            n += 1
            st += t; st2 += t2; st3 += t2 * t; st4 += t2 * t2
            sx += dx; stx += t * dx; st2x += t2 * dx
            sy += dy; sty += t * dy; st2y += t2 * dy
        }
        guard n >= 2 else { return .zero }
        // Centred sums: c₀ is eliminated, leaving a 2 × 2 system for c₁ and c₂ (or c₁ alone).
        let inverseN = 1 / n
        let tt = st2 - st * st * inverseN
        let tv = st3 - st * st2 * inverseN
        let vv = st4 - st2 * st2 * inverseN
        let tx = stx - st * sx * inverseN, vx = st2x - st2 * sx * inverseN
        let ty = sty - st * sy * inverseN, vy = st2y - st2 * sy * inverseN

        if configuration.fit == .quadratic, n >= 3 {
            let determinant = tt * vv - tv * tv
            if determinant >= Self.minimumRelativeDeterminant * tt * vv, determinant > 0 {
                let velocity = Point(x: tx * vv - vx * tv, y: ty * vv - vy * tv) * (1 / determinant)
                if velocity.isFinite { return velocity }
            }
        }
        if tt > 0 {
            let velocity = Point(x: tx, y: ty) * (1 / tt)
            if velocity.isFinite { return velocity }
        }
        let previous = samples[samples.count - 2]
        let velocity = (newest.position - previous.position) * (1 / (newest.time - previous.time))
        return velocity.isFinite ? velocity : .zero
    }

    /// `velocity` scaled down to ``Configuration/maximumSpeed`` when faster, keeping its direction
    /// (computed without overflow, like `hypot`).
    private func clampedToMaximumSpeed(_ velocity: Point) -> Point {
        guard velocity.isFinite else { return .zero }
        let maximum = configuration.maximumSpeed
        // Fast path without division: the squared speed is finite and within the squared limit.
        let speedSquared = velocity.magnitudeSquared
        if speedSquared.isFinite, speedSquared <= maximum * maximum { return velocity }
        let largest = Swift.max(Swift.abs(velocity.x), Swift.abs(velocity.y))
        guard largest > 0 else { return .zero }
        let direction = Point(x: velocity.x / largest, y: velocity.y / largest)
        let length = direction.magnitude  // 1…√2
        guard largest * length > maximum else { return velocity }
        return direction * (maximum / length)
    }

    /// Below this relative determinant `det / (Sₜₜ·Sᵥᵥ)` (v = t², sums centred) the quadratic fit is
    /// ill-conditioned.
    private static let minimumRelativeDeterminant = 1e-6
}
