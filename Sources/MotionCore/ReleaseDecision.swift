/// How an interactive transition chooses between finishing and cancelling when the finger lifts.
///
/// Each rule sees the progress and the release velocity (progress per second) and returns an
/// ``InteractiveTransition/Outcome``. Both cases have defaults for their parameters:
/// `.projected()` projects with UIScrollView's normal deceleration against half way, and
/// `.direction()` follows any release faster than 0.05 progress per second, else half way.
public enum ReleaseDecision: Sendable, Hashable {
    /// Finish when the progress the release velocity would coast to passes `threshold`.
    ///
    /// The coast is ``DecelerationRate/projectedDistance(initialVelocity:)`` (WWDC18 session 803,
    /// "Designing Fluid Interfaces"): a short flick past the threshold finishes, a slow drag back
    /// from beyond it cancels. This is the cube's rule.
    case projected(threshold: Double = 0.5, rate: DecelerationRate = .normal)
    /// Follow the direction of a release faster than `minimumSpeed`: moving forward finishes,
    /// moving back cancels; a slower release finishes when progress is past `threshold`.
    ///
    /// This is the interactive pop's rule ("a release moving back cancels, otherwise it
    /// finishes").
    case direction(minimumSpeed: Double = 0.05, threshold: Double = 0.5)

    /// The outcome for a release at `progress` moving at `velocity`.
    ///
    /// - Parameters:
    ///   - progress: Progress at release (0 start, 1 end); NaN counts as 0.
    ///   - velocity: Progress per second; NaN counts as 0.
    /// - Returns: ``InteractiveTransition/Outcome/finished`` or ``InteractiveTransition/Outcome/cancelled``.
    public func outcome(progress: Double, velocity: Double) -> InteractiveTransition.Outcome {
        let p = progress.isNaN ? 0 : progress
        let v = velocity.isNaN ? 0 : velocity
        switch self {
        case .projected(let threshold, let rate):
            let landing = rate.project(p, initialVelocity: v)
            return landing >= threshold ? .finished : .cancelled
        case .direction(let minimumSpeed, let threshold):
            if Swift.abs(v) > minimumSpeed { return v > 0 ? .finished : .cancelled }
            return p >= threshold ? .finished : .cancelled
        }
    }
}
