// MARK: - InteractiveTransition + Driving

extension InteractiveTransition {
    /// A finger came down: the gesture takes over from whatever the transition was doing.
    ///
    /// While settling, the spring is stopped where it is at `time`; its velocity at that instant
    /// is kept in ``velocityAtGrab``. A completed transition can be grabbed again (to reverse it).
    ///
    /// - Parameter time: The touch-down time, in seconds; NaN is treated as the spring's start.
    /// - Returns: ``progressAtGrab``, the progress the gesture continues from.
    @discardableResult
    public mutating func grab(at time: Double) -> Double {
        let now = time.isFinite ? time : motionStart
        if case .settling = phase {
            heldProgress = progress(at: now)
            velocityAtGrab = velocity(at: now)
        } else {
            velocityAtGrab = 0
        }
        motion = nil
        phase = .interacting
        progressAtGrab = heldProgress
        tracker.reset()
        tracker.add(time: now, position: Point(x: heldProgress, y: 0))
        return progressAtGrab
    }

    /// The gesture moved: set the progress at `time`.
    ///
    /// Grabs first when the transition is not interacting, so a front-end that misses the
    /// touch-down still gets continuous motion.
    ///
    /// - Parameters:
    ///   - progress: The new progress, clamped to ``Configuration/interactiveRange``. A non-finite
    ///     value is ignored.
    ///   - time: The sample's time, in seconds; a non-finite time ignores the sample.
    public mutating func update(progress: Double, at time: Double) {
        guard progress.isFinite, time.isFinite else { return }
        if phase != .interacting { grab(at: time) }
        heldProgress = progress.clamped(to: configuration.interactiveRange)
        tracker.add(time: time, position: Point(x: heldProgress, y: 0))
    }

    /// The finger lifted: decide the outcome and hand over to the spring.
    ///
    /// - Parameters:
    ///   - time: The release time, in seconds.
    ///   - velocity: The release velocity in progress per second; `nil` (or non-finite) uses the
    ///     velocity tracked from the ``update(progress:at:)`` samples.
    ///   - decision: How the outcome is chosen; ``ReleaseDecision/projected(threshold:rate:)`` by default.
    /// - Returns: The outcome the transition is now settling toward.
    @discardableResult
    public mutating func release(at time: Double, velocity: Double? = nil,
                                 decision: ReleaseDecision = .projected()) -> Outcome {
        let v = releaseVelocity(at: time, given: velocity)
        let outcome = decision.outcome(progress: heldProgress, velocity: v)
        settle(toward: outcome, at: time, velocity: v)
        return outcome
    }

    /// Settle to the end (progress 1) from the current progress, starting at `velocity`.
    ///
    /// - Parameters:
    ///   - time: The hand-over time, in seconds.
    ///   - velocity: Progress per second; `nil` uses the tracked velocity.
    public mutating func finish(at time: Double, velocity: Double? = nil) {
        settle(toward: .finished, at: time, velocity: releaseVelocity(at: time, given: velocity))
    }

    /// Settle back to the start (progress 0) from the current progress, starting at `velocity`.
    ///
    /// - Parameters:
    ///   - time: The hand-over time, in seconds.
    ///   - velocity: Progress per second; `nil` uses the tracked velocity.
    public mutating func cancel(at time: Double, velocity: Double? = nil) {
        settle(toward: .cancelled, at: time, velocity: releaseVelocity(at: time, given: velocity))
    }

    /// Moves the settle forward to `time` and reports its outcome once, when it has settled.
    ///
    /// Call it every frame (from a display link) while ``phase`` is settling. On the first call at
    /// or after the settling time the phase becomes ``Phase/completed(_:)``, progress rests
    /// exactly at the target, and the outcome is returned; every other call returns `nil`.
    ///
    /// - Parameter time: The frame time, in seconds.
    /// - Returns: The outcome on the frame the transition completes, otherwise `nil`.
    public mutating func advance(to time: Double) -> Outcome? {
        guard case .settling(let outcome) = phase, time.isFinite else { return nil }
        guard time - motionStart >= motionDuration else { return nil }
        heldProgress = outcome.targetProgress
        motion = nil
        phase = .completed(outcome)
        return outcome
    }

    /// The progress at `time`: the gesture's while interacting, the spring's while settling.
    ///
    /// - Parameter time: Seconds; NaN gives the spring's start.
    /// - Returns: Progress; within the interactive range except when an under-damped spring
    ///   overshoots.
    public func progress(at time: Double) -> Double {
        guard case .settling(let outcome) = phase, let motion else { return heldProgress }
        let elapsed = time - motionStart
        if elapsed >= motionDuration { return outcome.targetProgress }
        return motion.value(at: elapsed)
    }

    /// The progress velocity at `time`, in progress per second: the tracked gesture velocity while
    /// interacting, the spring's while settling, zero otherwise.
    ///
    /// - Parameter time: Seconds.
    public func velocity(at time: Double) -> Double {
        switch phase {
        case .interacting:
            return tracker.velocity(at: time.isFinite ? time : nil).x
        case .settling:
            guard let motion else { return 0 }
            let elapsed = time - motionStart
            return elapsed >= motionDuration ? 0 : motion.velocity(at: elapsed)
        case .idle, .completed:
            return 0
        }
    }

    private func releaseVelocity(at time: Double, given velocity: Double?) -> Double {
        if let velocity, velocity.isFinite { return velocity }
        guard phase == .interacting else { return self.velocity(at: time) }
        return tracker.velocity(at: time.isFinite ? time : nil).x
    }

    private mutating func settle(toward outcome: Outcome, at time: Double, velocity: Double) {
        let start = time.isFinite ? time : (tracker.newestSample?.time ?? motionStart)
        let from = progress(at: start)
        let next = SpringMotion(spring: configuration.spring, from: from, to: outcome.targetProgress,
                                initialVelocity: velocity)
        heldProgress = from
        motion = next
        motionStart = start
        motionDuration = Swift.min(next.settlingDuration(tolerance: configuration.settlingTolerance),
                                   configuration.maximumSettlingDuration)
        phase = .settling(outcome)
    }
}
