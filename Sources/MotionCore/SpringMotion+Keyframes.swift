// MARK: - SpringMotion + Keyframes

extension SpringMotion {
    /// Evenly spaced samples of the motion from its start until it settles, for a keyframe
    /// animation that plays the spring on a render server (`CAKeyframeAnimation`).
    ///
    /// Sample `i` is the value at `i / framesPerSecond` seconds; the last sample is exactly the
    /// target and falls at ``duration``. Played with linear interpolation between evenly spaced key
    /// times, the keyframes retrace the closed-form path (b3ll/Motion's
    /// `CAKeyframeAnimationEmittable` does the same).
    ///
    /// ```swift
    /// let drop = SpringMotion(spring: .snappy, from: 0.0, to: 300.0)
    /// let keys = drop.keyframes(framesPerSecond: 60)
    /// keys.values.first   // 0
    /// keys.values.last    // 300
    /// keys.duration       // the settling time, rounded up to whole frames
    /// ```
    public struct Keyframes: Sendable, Hashable {
        /// The sampled values, evenly spaced in time; at least two (start and target).
        public var values: [Value]
        /// The time from the first to the last sample, in seconds.
        public var duration: Double
    }

    /// The motion sampled at `framesPerSecond` until it settles within `tolerance`.
    ///
    /// - Parameters:
    ///   - framesPerSecond: Sampling rate, in hertz; clamped to 1…240 (NaN gives 60).
    ///   - tolerance: Settling tolerance, as in ``settlingDuration(tolerance:)``.
    ///   - maximumDuration: The longest span sampled, in seconds (default 10): an undamped spring
    ///     never settles, so its keyframes stop here and the last one snaps to the target.
    /// - Returns: Values from `from` to exactly `to`, and their total duration.
    public func keyframes(framesPerSecond: Double = 60, tolerance: Double = SpringParameters.defaultTolerance,
                          maximumDuration: Double = 10) -> Keyframes {
        let fps = framesPerSecond.isNaN ? 60 : framesPerSecond.clamped(to: 1...240)
        let limit = maximumDuration > 0 && maximumDuration.isFinite ? maximumDuration : 10
        let settle = Swift.min(settlingDuration(tolerance: tolerance), limit)
        let intervals = Swift.max(1, Int((settle * fps).rounded(.up)))
        var values: [Value] = []
        values.reserveCapacity(intervals + 1)
        for i in 0..<intervals {
            values.append(value(at: Double(i) / fps))
        }
        values.append(to)
        return Keyframes(values: values, duration: Double(intervals) / fps)
    }
}
