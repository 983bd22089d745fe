import MotionCore

// MARK: - CubePager + Programmatic turns

extension CubePager {
    /// Turns the cube to page `index` without a finger: VoiceOver's next/previous actions, a
    /// "next" button, the viewer's timer moving to the next user.
    ///
    /// Animated, the cube springs from where it is (keeping the velocity of a settle in
    /// progress) to the page, exactly as after a release; several pages away it spins through
    /// the pages between. Not animated, or before the pager has a usable page size (nothing is
    /// on screen to animate), it jumps there at once. Ignored while a finger turns the cube (the
    /// finger wins).
    ///
    /// - Parameters:
    ///   - index: The page, clamped into `0..<pageCount`.
    ///   - time: Seconds on the input clock; non-finite is ignored.
    ///   - animated: Whether to spring there (default) or jump.
    /// - Returns: As a release: ``Event/didCancelPageChange(from:to:)`` when a settle was heading
    ///   elsewhere, ``Event/willChangePage(from:to:)`` when `index` is a new page, and, when
    ///   there is nothing to animate, ``Event/didChangePage(_:)``.
    @discardableResult
    public mutating func turn(to index: Int, time: Double, animated: Bool = true) -> [Event] {
        guard pageCount > 0, time.isFinite else { return [] }
        if case .dragging = interaction { return [] }
        let target = Swift.min(Swift.max(index, 0), lastIndex)
        let settle = interaction.settle
        if let settle {
            let time = settle.inputTime(time)
            if !settle.hasEnded(by: time) { (position, velocity) = settle.sample(at: time, lastIndex: lastIndex) }
        }
        var events = announcer.announce(target, from: currentIndex)
        // A finger resting on the cube no longer resumes an old settle: the turn replaces it.
        if animated, hasUsableSize {
            events += startSettle(to: target, time: time, velocity: settle != nil ? velocity : 0)
        } else {
            events += finishSettle(target: target)
        }
        return events
    }

    /// Changes the number of pages (the data source reloaded), keeping the current page when it
    /// still exists.
    ///
    /// A touch or settle in progress is ended: the cube rests on ``currentIndex``, clamped into
    /// the new range. An announced page change that can no longer happen is cancelled.
    ///
    /// - Parameter count: The new number of pages, clamped to 0…``maximumPageCount``.
    /// - Returns: ``Event/didCancelPageChange(from:to:)`` for an announced change that was cut
    ///   short, then ``Event/didChangePage(_:)`` when the current page had to move.
    @discardableResult
    public mutating func setPageCount(_ count: Int) -> [Event] {
        var events = announcer.withdraw()
        pageCount = Swift.min(Swift.max(count, 0), Self.maximumPageCount)
        interaction = .idle
        tracker.reset()
        velocity = 0
        let clamped = Swift.min(currentIndex, lastIndex)
        events += announcer.arrive(at: clamped, from: currentIndex)
        currentIndex = clamped
        position = Double(currentIndex)
        return events
    }
}
