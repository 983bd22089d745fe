import MotionCore

// MARK: - CubePager + Settle

extension CubePager {
    /// Moves the settle to `time`; call it every frame (with the display link's timestamp).
    ///
    /// While settling, ``position`` is the spring's value, never past the target; at the
    /// spring's settling time it snaps exactly to the target page and the phase becomes idle.
    ///
    /// - Parameter time: Seconds on the input clock; non-finite is ignored, and a time before
    ///   the latest frame of the settle counts as that frame (the cube never steps back, and a
    ///   display link that draws a frame ahead of the touch clock is fine).
    /// - Returns: ``Event/didChangePage(_:)`` when the settle completes on a new page.
    @discardableResult
    public mutating func advance(to time: Double) -> [Event] {
        guard var settle = interaction.settle, time.isFinite else { return [] }
        if settle.hasEnded(by: time) { return finishSettle() }
        settle.latestFrameTime = Swift.max(settle.latestFrameTime, time)
        interaction = interaction.replacingSettle(settle)
        (position, velocity) = settledValue(settle, at: settle.latestFrameTime)
        return []
    }

    /// Decides the target of a release (the finger already lifted) and starts the settle.
    mutating func release(startPage: Int, velocity: Double, time: Double) -> [Event] {
        let projected = DecelerationRate.normal.project(position, initialVelocity: velocity)
        let threshold = configuration.snapThreshold
        let step = projected - Double(startPage) >= threshold ? 1 : (Double(startPage) - projected >= threshold ? -1 : 0)
        let target = Swift.min(Swift.max(startPage + step, 0), lastIndex)
        var events: [Event] = []
        let last = Double(lastIndex)
        if position > last, position - last > configuration.pastEndThreshold || projected - last >= threshold {
            events.append(.pastEnd)
        }
        events += announcer.announce(target, from: currentIndex)
        events += startSettle(to: target, time: time, velocity: velocity)
        return events
    }

    /// The longest settle, in seconds: an undamped spring never settles, so it is cut short here.
    static let maximumSettleDuration = 10.0

    /// Starts a spring from the current position with `velocity` (pages per second) to `target`
    /// (under the finger, if one is down and not dragging); finishes at once when there is
    /// nothing to move.
    ///
    /// Every settle announces its target first (nothing when it is already announced), so no
    /// path reaches ``Event/didChangePage(_:)`` without its ``Event/willChangePage(from:to:)``:
    /// a held cube let go by a touch that replaced a long drag goes through here too.
    mutating func startSettle(to target: Int, time: Double, velocity: Double) -> [Event] {
        let announced = announcer.announce(target, from: currentIndex)
        return announced + springToward(target, time: time, velocity: velocity)
    }

    /// The spring of ``startSettle(to:time:velocity:)``, once its target is announced.
    private mutating func springToward(_ target: Int, time: Double, velocity: Double) -> [Event] {
        let motion = SpringMotion(spring: configuration.spring, from: position, to: Double(target),
                                  initialVelocity: velocity.finite(or: 0))
        let duration = motion.settlingDuration()
        guard duration > 0 else { return finishSettle(target: target) }
        let settle = Settle(motion: motion, startTime: time.finite(or: 0), latestFrameTime: time.finite(or: 0),
                            duration: Swift.min(duration.finite(or: Self.maximumSettleDuration), Self.maximumSettleDuration),
                            target: target)
        interaction = interaction.replacingSettle(settle)
        self.velocity = motion.initialVelocity
        return []
    }

    /// Ends the settle in progress (or jumps to `target`): the cube rests on the page, and the
    /// announcer completes or cancels what it announced.
    mutating func finishSettle(target explicitTarget: Int? = nil) -> [Event] {
        let target = explicitTarget ?? interaction.settle?.target ?? currentIndex
        interaction = interaction.replacingSettle(nil)
        position = Double(target)
        velocity = 0
        let events = announcer.arrive(at: target, from: currentIndex)
        currentIndex = target
        return events
    }

    /// The spring's value and velocity at `time`, stopped at the target so the cube never spins
    /// past the face it is settling on, and never more than one page past either end (a
    /// release flung outward at an end comes back from there).
    func settledValue(_ settle: Settle, at time: Double) -> (value: Double, velocity: Double) {
        let sample = settle.motion.sample(at: time - settle.startTime)
        let from = settle.motion.from, to = settle.motion.to
        if (from < to && sample.value > to) || (from > to && sample.value < to) { return (to, 0) }
        if !sample.value.isFinite { return (to, 0) }
        if sample.value < -1 { return (-1, 0) }
        if sample.value > Double(lastIndex) + 1 { return (Double(lastIndex) + 1, 0) }
        return (sample.value, sample.velocity.finite(or: 0))
    }
}
