extension MediaTiming {
    /// A timed object's local time at one parent time, and whether it is playing or filling.
    ///
    /// Returned by ``MediaTiming/localTime(forParentTime:)``; a `nil` result there means the object
    /// is removed (outside its active period with a fill mode that does not cover that side).
    public struct LocalTime: Sendable, Hashable {
        /// Where the object stands relative to its active period, in parent-time order.
        public enum Phase: Sendable, Hashable {
            /// Before the active period, showing its first frame (fill `.backwards`/`.both`).
            case before
            /// Inside the active period, playing.
            case active
            /// After the active period, holding its last frame (fill `.forwards`/`.both`).
            case after
        }

        /// The basic local time in seconds, `0…duration` (for an open-ended duration, `≥ 0`).
        ///
        /// For a group this is the time its children see as their parent time.
        public var time: Double
        /// `time / duration` in 0…1, the input of a ``TimingCurve``. For an instant timing it is
        /// 0 before and 1 after (0 when it autoreverses); for an open-ended one it is 0.
        public var progress: Double
        /// Whether the object is playing or holding a frame.
        public var phase: Phase

        /// Creates a local time.
        ///
        /// - Parameters:
        ///   - time: Basic local time in seconds.
        ///   - progress: Fraction of the basic duration, 0…1.
        ///   - phase: Playing or filling.
        @inlinable
        public init(time: Double, progress: Double, phase: Phase) {
            self.time = time
            self.progress = progress
            self.phase = phase
        }

        /// `true` when the object holds its first or last frame rather than playing.
        @inlinable public var isFilled: Bool { phase != .active }
    }

    /// The object's local time at `parentTime`, or `nil` when it is removed from the presentation.
    ///
    /// Follows the two stages of Apple's `CAMediaTiming` model (see ``MediaTiming``): the playhead
    /// `(parentTime − beginTime) · speed + timeOffset` (wrapped around the active duration, so a
    /// time offset shifts where playback starts, not when), then the iteration, the autoreverse
    /// direction and the fill mode. Examples, for `duration = 1`:
    /// - `speed = 2`: parent time 0.25 → local 0.5.
    /// - `repeatCount = 2.5`: parent 2.25 → 0.25; after 2.5 with `.forwards` → holds 0.5.
    /// - `autoreverses`: parent 1.25 → 0.75; after 2 with `.forwards` → holds 0.
    /// - `speed = 0, timeOffset = 0.3`: every parent time → 0.3.
    ///
    /// At the exact instant an iteration ends the *next* one is reported (`repeatCount = 2` at
    /// parent 1 gives local 0), except at the end of the active period, which is the end of the
    /// last iteration. Playing backwards mirrors this.
    ///
    /// - Parameter parentTime: Seconds in the parent's time base; NaN is treated as 0, and the
    ///   elapsed local time is clamped to ±``timeLimit``.
    /// - Returns: The local time, its progress and phase; `nil` when removed.
    @inlinable
    public func localTime(forParentTime parentTime: Double) -> LocalTime? {
        let a = activeDuration
        let d = sanitizedDuration
        let s = sanitizedSpeed
        let offset = sanitizedTimeOffset

        // Stage 1: the phase and the playhead (active local time) with its boundary convention.
        // `upper` picks (0, P] over [0, P) when wrapping: the value reached from below.
        let phase: LocalTime.Phase
        var playhead: Double
        var upper: Bool
        if s == 0 {
            // Paused: parent time is irrelevant (the header formula multiplies it by 0).
            guard a > 0 else { return filled(.after, duration: d, backwardsPlayback: false) }
            phase = .active
            playhead = offset
            upper = playhead == a
        } else {
            var delta = (parentTime.isNaN ? 0 : parentTime) - sanitizedBeginTime
            if delta.isNaN { delta = 0 }  // ∞ − ∞: a timing that begins at the end of time
            let elapsed = (delta * Swift.abs(s)).clamped(to: -Self.timeLimit...Self.timeLimit)
            let forward = s > 0
            if elapsed < 0 {
                phase = .before
                playhead = offset
                upper = !forward
            } else if elapsed >= a {
                guard a > 0 else { return filled(.after, duration: d, backwardsPlayback: !forward) }
                phase = .after
                playhead = forward ? offset + a : offset - a
                upper = forward
            } else {
                phase = .active
                playhead = forward ? offset + elapsed : offset - elapsed
                upper = !forward
            }
        }
        guard a > 0 else { return filled(phase, duration: d, backwardsPlayback: s < 0) }

        // Stage 2a: time offset loops around the active duration (Lockwood, "Layer Time").
        if a.isFinite {
            playhead = Self.wrap(playhead, period: a, upper: upper)
        } else if !d.isFinite && playhead < 0 {
            // Open-ended content with a negative playhead: not started yet (forward) or run back
            // past its start (backward). Either way it shows its start, 0.
            let side: LocalTime.Phase = s >= 0 ? .before : .after
            return fill(side) ? LocalTime(time: 0, progress: 0, phase: side) : nil
        }
        guard fill(phase) else { return nil }

        // Stage 2b: basic local time within an iteration, autoreversing on odd half-cycles.
        guard d.isFinite else { return LocalTime(time: playhead, progress: 0, phase: phase) }
        let cycle = autoreverses ? 2 * d : d
        let inCycle = Self.wrap(playhead, period: cycle, upper: upper)
        let local = (autoreverses && inCycle > d ? cycle - inCycle : inCycle).clamped(to: 0...d)
        return LocalTime(time: local, progress: (local / d).clamped(to: 0...1), phase: phase)
    }

    /// The fraction `0…1` of the basic duration reached at `parentTime`, or `nil` when removed.
    ///
    /// Feed it to a ``TimingCurve`` to get the eased progress:
    /// `curve.value(at: timing.progress(forParentTime: t) ?? 0)`.
    ///
    /// - Parameter parentTime: Seconds in the parent's time base.
    /// - Returns: ``LocalTime/progress`` of ``localTime(forParentTime:)``.
    @inlinable
    public func progress(forParentTime parentTime: Double) -> Double? {
        localTime(forParentTime: parentTime)?.progress
    }

    // MARK: - Helpers

    /// Whether the object is shown in `phase` given its fill mode.
    @usableFromInline
    func fill(_ phase: LocalTime.Phase) -> Bool {
        switch phase {
        case .active: true
        case .before: fillMode.fillsBackwards
        case .after: fillMode.fillsForwards
        }
    }

    /// The result for an instant (zero active duration) timing in `phase`.
    @usableFromInline
    func filled(_ phase: LocalTime.Phase, duration d: Double, backwardsPlayback: Bool) -> LocalTime? {
        let shownPhase: LocalTime.Phase = phase == .active ? .after : phase
        guard fill(shownPhase) else { return nil }
        // An instant timing jumps to its end: 1, or 0 when it comes back (autoreverse) or runs
        // backwards; before it begins it shows its start.
        let start = backwardsPlayback ? 1.0 : 0.0
        let end = (autoreverses != backwardsPlayback) ? 0.0 : 1.0
        let progress = shownPhase == .before ? start : end
        return LocalTime(time: progress * d, progress: progress, phase: shownPhase)
    }

    /// `value` wrapped into `[0, period)`, or `(0, period]` when `upper`; values already inside
    /// are returned unchanged.
    @usableFromInline
    static func wrap(_ value: Double, period: Double, upper: Bool) -> Double {
        if upper ? (value > 0 && value <= period) : (value >= 0 && value < period) { return value }
        var r = value.truncatingRemainder(dividingBy: period)
        if r < 0 { r += period }
        if upper { return r == 0 ? period : r }
        return r >= period ? 0 : r
    }
}
