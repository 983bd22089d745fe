/// The progress of an interactive transition: driven by a gesture, then handed to a spring that
/// starts at the release velocity, and grabbable again mid-flight.
///
/// This is the model behind an interactive pop, a swipe-down dismissal or a cube turn: the part of
/// `UIPercentDrivenInteractiveTransition` and `UIViewPropertyAnimator` that decides where the
/// transition is, without their hidden clock. Every method takes the time (seconds, any monotonic
/// clock) so the transition is deterministic frame by frame.
///
/// The life of a transition:
/// 1. ``grab(at:)`` — a finger comes down. If the transition was settling, it stops where it is
///    (``progressAtGrab``), as an object caught by the finger does.
/// 2. ``update(progress:at:)`` — the gesture moves; progress is usually
///    `progressAtGrab + translation / width`. A ``VelocityTracker`` follows the samples, so feed
///    every touch sample (60–120 Hz): a gap over 40 ms reads as a finger that stopped.
/// 3. ``release(at:velocity:decision:)`` — the finger lifts; the ``ReleaseDecision`` picks finish
///    or cancel from the progress and the projected velocity, and a ``SpringMotion`` takes over
///    from the current progress *with the release velocity*, so position and velocity are
///    continuous. ``finish(at:velocity:)`` and ``cancel(at:velocity:)`` force the outcome.
/// 4. ``advance(to:)`` — called every frame while settling; returns the outcome exactly once, on
///    the frame where the spring has settled. A grab before then abandons the settle, and no
///    completion is reported for it.
///
/// ```swift
/// var pop = InteractiveTransition()
/// pop.grab(at: 0)
/// for frame in 1...9 {                          // a drag at 2 progress/s, sampled at 60 Hz
///     let time = Double(frame) / 60
///     pop.update(progress: 2 * time, at: time)
/// }
/// let outcome = pop.release(at: 0.15)           // .finished: 0.3 moving at 2/s projects past 0.5
/// pop.progress(at: 0.15)                        // 0.3, continuous
/// pop.advance(to: 0.5)                          // nil while the spring is still moving
/// ```
///
/// Progress units: 0 is the start of the transition, 1 its end. While interacting, progress is
/// clamped to ``Configuration/interactiveRange``; a spring may overshoot it while settling when
/// its damping ratio is below 1. Velocities are in progress per second (a gesture velocity in
/// points per second divided by the distance that makes progress 1).
///
/// Bad input never produces NaN: a non-finite progress or time sample is ignored, a non-finite
/// release velocity falls back to the tracked velocity (then to zero).
public struct InteractiveTransition: Sendable, Hashable {
    /// How a transition ends.
    public enum Outcome: Sendable, Hashable {
        /// The transition completed: progress rests at 1.
        case finished
        /// The transition was undone: progress rests at 0.
        case cancelled

        /// The progress the outcome rests at: 1 for ``finished``, 0 for ``cancelled``.
        @inlinable
        public var targetProgress: Double { self == .finished ? 1 : 0 }
    }

    /// Where the transition is in its life.
    public enum Phase: Sendable, Hashable {
        /// Not touched since it was created or since it completed.
        case idle
        /// A gesture drives the progress.
        case interacting
        /// A spring carries the progress toward the outcome's target.
        case settling(Outcome)
        /// The spring has settled; the outcome has been reported by ``advance(to:)``.
        case completed(Outcome)
    }

    /// The tunable parts of an interactive transition.
    public struct Configuration: Sendable, Hashable {
        /// The spring that settles the transition after release. Default: response 0.35 s,
        /// critically damped (no overshoot, as UIKit's navigation transitions).
        public var spring: SpringParameters
        /// The range the gesture may drive progress in, default 0…1.
        public var interactiveRange: ClosedRange<Double>
        /// Distance (progress) and speed (progress per second) below which the spring counts as
        /// settled. Default 0.001: a thousandth of the transition, under half a point on a phone.
        public var settlingTolerance: Double
        /// The longest a settle may take, in seconds, after which progress snaps to the target.
        /// Guards against an undamped spring that would never settle. Default 10 s.
        public var maximumSettlingDuration: Double
        /// How release velocity is estimated from the progress samples.
        public var tracking: VelocityTracker.Configuration

        /// Creates a configuration; every parameter has the default described on its property.
        ///
        /// Non-finite or non-positive tolerances and durations fall back to the defaults; a
        /// non-finite range becomes 0…1.
        public init(
            spring: SpringParameters = SpringParameters(response: 0.35, dampingRatio: 1),
            interactiveRange: ClosedRange<Double> = 0...1,
            settlingTolerance: Double = 0.001,
            maximumSettlingDuration: Double = 10,
            tracking: VelocityTracker.Configuration = VelocityTracker.Configuration()
        ) {
            self.spring = spring
            let finiteRange = interactiveRange.lowerBound.isFinite && interactiveRange.upperBound.isFinite
            self.interactiveRange = finiteRange ? interactiveRange : 0...1
            self.settlingTolerance = settlingTolerance > 0 && settlingTolerance.isFinite ? settlingTolerance : 0.001
            self.maximumSettlingDuration = maximumSettlingDuration > 0 && maximumSettlingDuration.isFinite
                ? maximumSettlingDuration : 10
            self.tracking = tracking
        }
    }

    /// The configuration the transition was created with.
    public let configuration: Configuration
    /// The current phase.
    public internal(set) var phase: Phase = .idle
    /// The progress where the latest grab caught the transition; add the gesture's translation
    /// (in progress units) to it to drive ``update(progress:at:)``.
    public internal(set) var progressAtGrab: Double
    /// The progress velocity at the moment of the latest grab (progress per second): how fast the
    /// settle was moving when the finger stopped it. Zero when nothing was moving.
    public internal(set) var velocityAtGrab: Double = 0

    /// The progress while idle, interacting or completed (the spring's start while settling).
    var heldProgress: Double
    var tracker: VelocityTracker
    var motion: SpringMotion<Double>?
    var motionStart: Double = 0
    var motionDuration: Double = 0

    /// Creates a transition at rest at `progress`.
    ///
    /// - Parameters:
    ///   - progress: The starting progress, clamped to the interactive range; NaN gives its lower
    ///     bound.
    ///   - configuration: SpringParameters, range and tolerances.
    public init(progress: Double = 0, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let start = progress.clamped(to: configuration.interactiveRange)
        heldProgress = start
        progressAtGrab = start
        tracker = VelocityTracker(configuration: configuration.tracking)
    }
}
