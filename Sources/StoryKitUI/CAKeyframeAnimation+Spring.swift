#if canImport(UIKit)
import MotionCore
import QuartzCore

// MARK: - CAKeyframeAnimation + SpringMotion

extension CAKeyframeAnimation {
    /// A keyframe animation of `keyPath` that plays `motion` on the render server.
    ///
    /// The spring is sampled by the model (``MotionCore/SpringMotion/keyframes(framesPerSecond:tolerance:maximumDuration:)``)
    /// at evenly spaced times and played with linear interpolation, so the layer follows the same
    /// closed-form path the model computes, including the release velocity and any overshoot.
    /// Unlike `CASpringAnimation`, it works for any animatable value (points, rects, transform
    /// components) and its duration is the model's settling time.
    ///
    /// ```swift
    /// let motion = SpringMotion(spring: .snappy, from: Point(x: 0, y: 0), to: Point(x: 0, y: 300),
    ///                           initialVelocity: Point(x: 0, y: 1_200))
    /// layer.position = CGPoint(motion.to)
    /// layer.add(CAKeyframeAnimation(keyPath: "position", sampling: motion), forKey: "drop")
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The animated layer property, e.g. `"position"` or `"transform"`.
    ///   - motion: The spring motion to play from its time 0.
    ///   - framesPerSecond: Keyframes per second, 1…240; 60 by default (120 on ProMotion).
    public convenience init<Value: AnimatableVector & CoreAnimationValueConvertible>(
        keyPath: String, sampling motion: SpringMotion<Value>, framesPerSecond: Double = 60
    ) {
        self.init(keyPath: keyPath)
        let keys = motion.keyframes(framesPerSecond: framesPerSecond)
        values = keys.values.map(\.coreAnimationValue)
        duration = keys.duration
        calculationMode = .linear
    }
}
#endif
