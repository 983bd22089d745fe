import MotionCore

// MARK: - CubePager + Settle spring

extension CubePager {
    /// The settle sub-model: the spring that takes the cube to a page after a release, a cancel
    /// or a programmatic turn, and the frames drawn of it.
    ///
    /// It starts from the cube's position with the velocity carried across (the finger's at a
    /// release, the spring's own when a turn replaces a settle), never passes its target page,
    /// never goes more than one page past either end, and ends exactly at its settling time (at
    /// most ``maximumDuration``). Frames only go forward: an input or frame time before the
    /// latest frame drawn counts as that frame, so the cube never steps back on screen.
    ///
    /// The pager holds one inside its interaction (settling, or under a finger that has not
    /// taken the cube) and forwards to it from ``CubePager/advance(to:)``, the touch-down that
    /// interrupts it and ``CubePager/turn(to:time:animated:)``.
    ///
    /// ```swift
    /// let settle = CubePager.Settle(spring: .default, from: 0.6, to: 1, velocity: 2, time: 10)
    /// settle?.sample(at: 10.1, lastIndex: 3).value   // between 0.6 and 1, never past 1
    /// settle?.hasEnded(by: 10 + settle!.duration)     // true: the cube rests on page 1
    /// ```
    package struct Settle: Sendable, Hashable {
        /// The spring, in pages, from the position the settle started at to ``target``.
        package var motion: SpringMotion<Double>
        /// When the settle started, in seconds on the input clock.
        package var startTime: Double
        /// The latest time the settle was drawn at (``CubePager/advance(to:)``), in seconds:
        /// later inputs never take the cube back before it.
        package var latestFrameTime: Double
        /// How long the settle lasts, in seconds (at most ``maximumDuration``).
        package var duration: Double
        /// The page the settle ends on.
        package var target: Int

        /// The longest settle, in seconds: an undamped spring never settles, so it is cut short here.
        package static let maximumDuration = 10.0

        /// Starts a spring from `position` to page `target`, or nil when there is nothing to move
        /// (the spring's settling time is zero or not a number: the cube is already there).
        ///
        /// - Parameters:
        ///   - spring: The spring's response and damping.
        ///   - position: Where the cube is, in pages.
        ///   - target: The page to settle on.
        ///   - velocity: The velocity carried across, in pages per second; non-finite counts as 0.
        ///   - time: The start, in seconds on the input clock; non-finite counts as 0.
        package init?(spring: SpringParameters, from position: Double, to target: Int, velocity: Double, time: Double) {
            let motion = SpringMotion(spring: spring, from: position, to: Double(target),
                                      initialVelocity: velocity.finite(or: 0))
            let duration = motion.settlingDuration()
            guard duration > 0 else { return nil }
            self.motion = motion
            self.startTime = time.finite(or: 0)
            self.latestFrameTime = time.finite(or: 0)
            self.duration = Swift.min(duration.finite(or: Self.maximumDuration), Self.maximumDuration)
            self.target = target
        }

        /// The velocity the settle starts with, in pages per second (the carried velocity, 0 when
        /// it was not finite).
        package var initialVelocity: Double { motion.initialVelocity }

        /// When the settle ends, in seconds on the input clock.
        package var endTime: Double { startTime + duration }

        /// Whether the settle has ended by `time` (seconds on the input clock).
        package func hasEnded(by time: Double) -> Bool { time - startTime >= duration }

        /// The time, in seconds, at which an input at `time` finds the settle: never before the
        /// latest frame drawn, so an interrupting touch holds the cube where the screen shows it.
        package func inputTime(_ time: Double) -> Double { Swift.max(time, latestFrameTime) }

        /// Records a frame drawn at `time` (seconds); an earlier time than the latest frame
        /// changes nothing.
        package mutating func drawFrame(at time: Double) {
            latestFrameTime = Swift.max(latestFrameTime, time)
        }

        /// The cube's position (pages) and velocity (pages per second) at `time`, stopped at the
        /// target so the cube never spins past the face it is settling on, and never more than
        /// one page past either end (a release flung outward at an end comes back from there).
        ///
        /// - Parameters:
        ///   - time: Seconds on the input clock.
        ///   - lastIndex: The last page, so that the position stays within `−1…lastIndex + 1`.
        /// - Returns: The position and velocity; velocity 0 where the position is stopped.
        package func sample(at time: Double, lastIndex: Int) -> (value: Double, velocity: Double) {
            let sample = motion.sample(at: time - startTime)
            let from = motion.from, to = motion.to
            if (from < to && sample.value > to) || (from > to && sample.value < to) { return (to, 0) }
            if !sample.value.isFinite { return (to, 0) }
            if sample.value < -1 { return (-1, 0) }
            if sample.value > Double(lastIndex) + 1 { return (Double(lastIndex) + 1, 0) }
            return (sample.value, sample.velocity.finite(or: 0))
        }
    }

    /// The decision of a release: the page the settle goes to and whether the release went past
    /// the last page (the settle sub-model's target rule).
    ///
    /// The target is `startPage ± 1` when the release position projected with
    /// ``DecelerationRate/normal`` (WWDC18 session 803) is at least `snapThreshold` beyond the
    /// start page that way, else the start page, clamped to the pages that exist.
    package struct Release: Sendable, Hashable {
        /// The page to settle on, in `0...lastIndex`.
        package var target: Int
        /// Whether the release went past the last page: by more than `pastEndThreshold`, or with
        /// a projection at least `snapThreshold` beyond it.
        package var isPastEnd: Bool

        /// Decides a release.
        ///
        /// - Parameters:
        ///   - position: The cube's visible position at release, in pages.
        ///   - velocity: The release velocity, in pages per second (positive toward later pages).
        ///   - startPage: The page the gesture started on: the target is at most one page from it.
        ///   - lastIndex: The last page.
        ///   - snapThreshold: How far past the start page, in pages, the projection must land.
        ///   - pastEndThreshold: How far past the last page, in pages, a release reports going past the end.
        package init(position: Double, velocity: Double, startPage: Int, lastIndex: Int,
                     snapThreshold: Double, pastEndThreshold: Double) {
            let projected = DecelerationRate.normal.project(position, initialVelocity: velocity)
            let threshold = snapThreshold
            let step = projected - Double(startPage) >= threshold ? 1 : (Double(startPage) - projected >= threshold ? -1 : 0)
            target = Swift.min(Swift.max(startPage + step, 0), lastIndex)
            let last = Double(lastIndex)
            isPastEnd = position > last && (position - last > pastEndThreshold || projected - last >= threshold)
        }
    }
}
