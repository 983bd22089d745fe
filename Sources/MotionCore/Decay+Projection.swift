// MARK: - DecelerationRate + Projection

extension DecelerationRate {
    /// How far a release velocity carries a value before it stops, as in WWDC18 session 803.
    ///
    /// "Designing Fluid Interfaces" projects a gesture's release velocity to the point where a
    /// scroll view would come to rest, to decide where the content should land (which corner a
    /// picture-in-picture window goes to, whether a sheet opens or closes):
    /// `distance = (v₀ / 1000) · rate / (1 − rate)`, the sum of the per-millisecond steps
    /// `v₀/1000 · (rate + rate² + …)`.
    ///
    /// The continuous ``Decay`` comes to rest at `−v₀ / (1000 · ln rate)` instead, 0.1 % further
    /// for ``normal`` and 0.5 % for ``fast``; use this function when deciding, ``Decay`` when
    /// animating.
    ///
    /// ```swift
    /// DecelerationRate.normal.projectedDistance(initialVelocity: 1_000.0)  // 499 pt
    /// ```
    ///
    /// - Parameter initialVelocity: The release velocity, in value units per second; a
    ///   non-finite velocity gives zero.
    /// - Returns: The distance travelled until rest, in value units, along the velocity.
    @inlinable
    public func projectedDistance<V: AnimatableVector>(initialVelocity: V) -> V {
        guard initialVelocity.isFinite else { return .zero }
        let distance = initialVelocity * (rawValue / (1_000 * (1 - rawValue)))
        return distance.isFinite ? distance : .zero
    }

    /// The value a release at `value` with `initialVelocity` comes to rest at, by WWDC18
    /// session 803's projection: `value + projectedDistance(initialVelocity:)`.
    ///
    /// - Parameters:
    ///   - value: Where the gesture was released, in value units; non-finite gives zero.
    ///   - initialVelocity: The release velocity, in value units per second.
    /// - Returns: The projected resting value.
    @inlinable
    public func project<V: AnimatableVector>(_ value: V, initialVelocity: V) -> V {
        let start = value.isFinite ? value : .zero
        let result = start + projectedDistance(initialVelocity: initialVelocity)
        return result.isFinite ? result : start
    }
}

// MARK: - Decay + Projection

extension Decay {
    /// Where WWDC18 session 803's projection puts the end of this coast:
    /// `from + (v₀ / 1000) · rate / (1 − rate)`.
    ///
    /// Within 0.1 % (``DecelerationRate/normal``) of ``destination``, where the continuous curve
    /// actually stops.
    public var projectedValue: Value {
        rate.project(from, initialVelocity: initialVelocity)
    }
}
