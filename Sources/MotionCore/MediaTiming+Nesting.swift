// MARK: - MediaTiming + Nesting

extension MediaTiming {
    /// The time this object's children see when its parent is at `parentTime`, or `nil` when this
    /// object — and so every child — is removed.
    ///
    /// In Core Animation's hierarchical timing a child's parent time is its parent's local time:
    /// an animation in a `CAAnimationGroup` measures its `beginTime` from the group's start, runs
    /// again each time the group repeats and backwards while the group autoreverses, and is cut
    /// off where the group's active period ends (Apple's `CAMediaTiming` overview; Lockwood,
    /// "Hierarchical Time"). A group with fill `.removed` clips its children; one with `.forwards`
    /// freezes them at its end.
    ///
    /// - Parameter parentTime: Seconds in this object's parent time base.
    /// - Returns: ``LocalTime/time`` of ``localTime(forParentTime:)``, in seconds.
    @inlinable
    public func convert(parentTime: Double) -> Double? {
        localTime(forParentTime: parentTime)?.time
    }

    /// The local time of the last timing of `chain` when the root is at `rootTime`, converting
    /// through every level as Core Animation converts time down the layer tree.
    ///
    /// `chain` runs from the outermost timing (say the layer's time base) to the innermost (the
    /// animation whose value is wanted); each level's parent time is the previous level's local
    /// time. The result is `nil` as soon as any level is removed. Its ``LocalTime/phase`` is the
    /// outermost filling phase when an enclosing level is filling (a child frozen by its group's
    /// forward fill reports `.after`), otherwise the innermost level's.
    ///
    /// The chain is read once, in order, without allocating: pass an array, a slice or a
    /// `CollectionOfOne`. An empty chain is the identity: the root time itself, active, progress 0.
    ///
    /// ```swift
    /// let ring = MediaTiming(duration: 2, repeatCount: .infinity)      // the group
    /// let grow = MediaTiming(beginTime: 0.5, duration: 1)              // a child animation
    /// MediaTiming.localTime(forRootTime: 4.75, through: [ring, grow])?.time   // 0.25
    /// ```
    ///
    /// - Parameters:
    ///   - rootTime: Seconds in the time base of the outermost timing's parent.
    ///   - chain: Timings from outermost to innermost.
    /// - Returns: The innermost local time, or `nil` when any level is removed.
    @inlinable
    public static func localTime(forRootTime rootTime: Double,
                                 through chain: some Sequence<MediaTiming>) -> LocalTime? {
        var time = rootTime.isNaN ? 0 : rootTime
        var result = LocalTime(time: time, progress: 0, phase: .active)
        var enclosingPhase = LocalTime.Phase.active
        for timing in chain {
            guard let local = timing.localTime(forParentTime: time) else { return nil }
            result = local
            time = local.time
            if enclosingPhase == .active { enclosingPhase = local.phase }
        }
        result.phase = enclosingPhase
        return result
    }

    /// A copy of `next` that begins when this timing's active period ends, in the same parent
    /// time base — chaining "by begin time" instead of completion blocks, as the Stories loading ring
    /// of "Building a smooth Stories experience on iOS" does.
    ///
    /// - Parameter next: The timing to play afterwards; its other properties are kept.
    /// - Returns: `next` with `beginTime` set to this timing's ``endTime`` (`.infinity` when this
    ///   one never ends, so `next` never begins).
    @inlinable
    public func followed(by next: MediaTiming) -> MediaTiming {
        var copy = next
        copy.beginTime = endTime
        return copy
    }

    /// The timings placed back to back: each begins when the previous one's active period ends.
    ///
    /// Only `beginTime` changes; the first begins at `start`. After a paused or never-ending
    /// timing the rest begin at `.infinity` (they never play). Building the sequence allocates
    /// its array once; evaluating it does not.
    ///
    /// ```swift
    /// let steps = MediaTiming.sequence([MediaTiming(duration: 0.3),
    ///                                   MediaTiming(duration: 0.5, speed: 2),
    ///                                   MediaTiming(duration: 1)])
    /// steps.map(\.beginTime)   // [0, 0.3, 0.55]
    /// ```
    ///
    /// - Parameters:
    ///   - timings: The timings in playing order.
    ///   - start: When the first begins, in parent seconds (NaN is treated as 0).
    /// - Returns: The timings with consecutive begin times.
    public static func sequence(_ timings: some Sequence<MediaTiming>, beginningAt start: Double = 0)
        -> [MediaTiming] {
        var result: [MediaTiming] = []
        result.reserveCapacity(timings.underestimatedCount)
        var begin = start.isNaN ? 0 : start
        for timing in timings {
            var placed = timing
            placed.beginTime = begin
            begin = placed.endTime
            result.append(placed)
        }
        return result
    }
}
