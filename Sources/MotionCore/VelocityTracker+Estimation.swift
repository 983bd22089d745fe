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
    /// safety, times are centred on the newest sample and scaled by the span of the samples used
    /// (so `t` runs over `−1…0`), and positions are taken relative to the newest position; large
    /// clock values and far-away coordinates therefore lose no precision. The polynomial falls back:
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
    ///   motion, with no data, or after a stop.
    public func velocity(at releaseTime: Double? = nil) -> Point {
        guard let newest = samples.newest else { return .zero }
        if let releaseTime, releaseTime - newest.time > configuration.assumeStoppedGap + Self.sameInstantTolerance {
            return .zero
        }
        let used = usedSampleCount(newestTime: newest.time)
        guard used >= 2 else { return .zero }
        let first = samples.count - used
        let span = newest.time - samples[first].time
        guard span > 0, span.isFinite else { return .zero }
        return clampedToMaximumSpeed(fittedVelocity(first: first, span: span, newest: newest))
    }

    /// How many of the newest samples form the current continuous motion, `1...maximumSampleCount`.
    private func usedSampleCount(newestTime: Double) -> Int {
        let horizon = configuration.horizon + Self.sameInstantTolerance
        let gap = configuration.assumeStoppedGap + Self.sameInstantTolerance
        var index = samples.count - 1
        var later = newestTime
        var used = 1
        while used < configuration.maximumSampleCount, index > 0 {
            let time = samples[index - 1].time
            guard newestTime - time <= horizon, later - time <= gap else { break }
            later = time
            index -= 1
            used += 1
        }
        return used
    }

    /// The fitted velocity (points per second) of samples `first..<count`, before clamping; may be
    /// zero when every fallback overflows.
    private func fittedVelocity(first: Int, span: Double, newest: TouchSample) -> Point {
        // Moments of u = (t − t_newest) / span ∈ −1…0 and of the positions relative to the newest.
        var n = 0.0, su = 0.0, su2 = 0.0, su3 = 0.0, su4 = 0.0
        var sx = 0.0, sux = 0.0, su2x = 0.0
        var sy = 0.0, suy = 0.0, su2y = 0.0
        for index in first..<samples.count {
            let sample = samples[index]
            let u = (sample.time - newest.time) / span
            let u2 = u * u
            let dx = sample.position.x - newest.position.x
            let dy = sample.position.y - newest.position.y
            n += 1
            su += u; su2 += u2; su3 += u2 * u; su4 += u2 * u2
            sx += dx; sux += u * dx; su2x += u2 * dx
            sy += dy; suy += u * dy; su2y += u2 * dy
        }
        // Centred sums: c₀ is eliminated, leaving a 2 × 2 system for c₁ and c₂ (or c₁ alone).
        let uu = su2 - su * su / n
        let uv = su3 - su * su2 / n
        let vv = su4 - su2 * su2 / n
        let ux = sux - su * sx / n, vx = su2x - su2 * sx / n
        let uy = suy - su * sy / n, vy = su2y - su2 * sy / n

        if configuration.fit == .quadratic, n >= 3 {
            let determinant = uu * vv - uv * uv
            if determinant >= Self.minimumRelativeDeterminant * uu * vv, determinant > 0 {
                let velocity = Point(x: (ux * vv - vx * uv) / determinant,
                                     y: (uy * vv - vy * uv) / determinant) * (1 / span)
                if velocity.isFinite { return velocity }
            }
        }
        if uu > 0 {
            let velocity = Point(x: ux / uu, y: uy / uu) * (1 / span)
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
        let largest = Swift.max(Swift.abs(velocity.x), Swift.abs(velocity.y))
        guard largest > 0 else { return .zero }
        let direction = Point(x: velocity.x / largest, y: velocity.y / largest)
        let length = direction.magnitude  // 1…√2
        let maximum = configuration.maximumSpeed
        guard largest * length > maximum else { return velocity }
        return direction * (maximum / length)
    }

    /// Below this relative determinant `det / (Sᵤᵤ·Sᵥᵥ)` the quadratic fit is ill-conditioned.
    private static let minimumRelativeDeterminant = 1e-6
}
