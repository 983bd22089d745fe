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
        settle.drawFrame(at: time)
        interaction = interaction.replacingSettle(settle)
        (position, velocity) = settle.sample(at: settle.latestFrameTime, lastIndex: lastIndex)
        return []
    }

    /// Decides the target of a release (the finger already lifted, see ``Release``) and starts
    /// the settle.
    mutating func release(startPage: Int, velocity: Double, time: Double) -> [Event] {
        let release = Release(position: position, velocity: velocity, startPage: startPage, lastIndex: lastIndex,
                              snapThreshold: configuration.snapThreshold,
                              pastEndThreshold: configuration.pastEndThreshold)
        var events: [Event] = release.isPastEnd ? [.pastEnd] : []
        events += announcer.announce(release.target, from: currentIndex)
        events += startSettle(to: release.target, time: time, velocity: velocity)
        return events
    }

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
        guard let settle = Settle(spring: configuration.spring, from: position, to: target,
                                  velocity: velocity, time: time) else { return finishSettle(target: target) }
        interaction = interaction.replacingSettle(settle)
        self.velocity = settle.initialVelocity
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
}
