import MotionCore

// MARK: - StoriesViewer + Playback

extension StoriesViewer {
    /// Moves the viewer to `time`: progress, item ends, hold recognition, the cube's settle and
    /// the dismiss's, in the order they fall due.
    ///
    /// Call it every frame (a display link's target time). Progress between two calls is exact
    /// whatever the frame rate: an item that ends between frames hands over at its end time.
    ///
    /// - Parameter time: Seconds; earlier than ``time`` counts as ``time``, non-finite is ignored.
    /// - Returns: What happened, in order.
    @discardableResult
    public mutating func advance(to time: Double) -> [Event] {
        guard time.isFinite, !isClosed else { return [] }
        let target = Swift.max(time, self.time)
        var events: [Event] = []
        // Each pass runs up to the next timer (a settle's end, a hold) and fires it; a few
        // passes at most, bounded in case timers land on the same instant.
        for _ in 0..<16 {
            var next = target
            if let end = cube.settleEndTime, end > self.time { next = Swift.min(next, end) }
            if let hold = holdTime, hold > self.time { next = Swift.min(next, hold) }
            accrue(to: next, events: &events)
            if isClosed { return events }
            if let hold = holdTime, hold <= next { recognizeHold(at: next, events: &events) }
            handle(cube.advance(to: next), at: next, events: &events)
            if isClosed || next >= target { break }
        }
        accrue(to: target, events: &events)
        advanceDismiss(to: target, events: &events)
        return events
    }

    /// A media source reports on an item's media.
    ///
    /// Reports for items that are not on a visible page are kept until their page shows (a
    /// preloaded next user starts without a black frame); a report for the current item takes
    /// effect at `time` (progress up to then is counted first).
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - id: The item's id.
    ///   - time: Seconds.
    /// - Returns: What happened as a consequence (an item's end, a failure), in order.
    @discardableResult
    public mutating func media(_ event: MediaEvent, for id: String, time: Double) -> [Event] {
        guard time.isFinite, !isClosed else { return [] }
        var events = advance(to: time)
        guard !isClosed else { return events }
        let now = self.time
        let isCurrent = currentItem?.id == id
        let before = isCurrent ? currentDuration : nil
        var reported = event
        if case .duration(let seconds) = event, isCurrent, seconds.isFinite, seconds > 0 {
            // A length shorter than what was already shown ends the item there instead of
            // taking the progress back.
            reported = .duration(Swift.max(seconds, elapsed))
        }
        reports.record(reported, for: id, at: now)
        switch event {
        case .duration:
            // A new length of the item playing: the bar goes on from where it is (see
            // `progress`), not from elapsed / length.
            if isCurrent { clock.lengthChanged(from: before, to: currentDuration) }
        case .playhead(let seconds):
            if isCurrent, seconds.isFinite, let duration = currentDuration {
                let ended = clock.follow(playhead: seconds, duration: duration)
                markSeenIfDue(events: &events)
                if ended { itemEnded(at: now, events: &events) }
            }
            return events
        case .ended:
            if isCurrent, reports.isDisplaying(id) {
                if let duration = currentDuration { clock.reachEnd(duration: duration) }
                markSeen(events: &events)
                itemEnded(at: now, events: &events)
            }
            return events
        case .failed(let reason):
            if isCurrent { events.append(.failed(id: id, reason: reason)) }
        case .displaying:
            if isCurrent { startItemIfShown(events: &events) }
        case .ready, .stalled, .resumed:
            break
        }
        pruneMediaStatus()
        return events
    }

    /// Loads the current item again after a failure: its state goes back to loading and the
    /// media source is expected to load it anew (``players`` lists it again). A length already
    /// reported is kept, so the progress bar stays where it was.
    ///
    /// - Parameter time: Seconds.
    /// - Returns: The events of getting to `time`.
    @discardableResult
    public mutating func retry(time: Double) -> [Event] {
        guard time.isFinite, !isClosed else { return [] }
        let events = advance(to: time)
        // Loading again; the media's length is what it was, so the bar keeps its place.
        if let id = currentItem?.id { reports.retry(id) }
        return events
    }

    /// The app went to the background (`false`) or came back (`true`): playback pauses and
    /// resumes.
    @discardableResult
    public mutating func setAppActive(_ active: Bool, time: Double) -> [Event] {
        setHeld(.background, !active, time: time)
    }

    /// VoiceOver focus entered (`true`) or left the page: progress does not run out while
    /// VoiceOver reads.
    @discardableResult
    public mutating func setVoiceOverFocus(_ focused: Bool, time: Double) -> [Event] {
        setHeld(.voiceOver, focused, time: time)
    }

    /// The user paused (`true`) or resumed playback on purpose: VoiceOver's pause action, a
    /// host's button.
    @discardableResult
    public mutating func setPaused(_ paused: Bool, time: Double) -> [Event] {
        setHeld(.user, paused, time: time)
    }

    /// Closes the viewer (the host's close button): nothing plays from now on.
    @discardableResult
    public mutating func close(time: Double) -> [Event] {
        guard !isClosed else { return [] }
        var events = time.isFinite ? advance(to: time) : []
        if !isClosed { finish(.closedByHost, events: &events) }
        return events
    }

    mutating func setHeld(_ reason: PauseReasons, _ on: Bool, time: Double) -> [Event] {
        guard time.isFinite, !isClosed else { return [] }
        let events = advance(to: time)
        if on { heldReasons.insert(reason) } else { heldReasons.remove(reason) }
        return events
    }

    // MARK: Progress

    /// Counts progress from ``time`` to `target` under the conditions in force, handing over at
    /// every item end on the way, and moves ``time`` to `target`.
    mutating func accrue(to target: Double, events: inout [Event]) {
        guard target > time else { return }
        // Every pass either reaches the target or ends an item; an item end that does not pause
        // (the next item of the same user already on screen) starts another pass. Bounded by the
        // user's item count, with a margin.
        let bound = (users.indices.contains(userIndex) ? users[userIndex].items.count : 0) + 2
        for _ in 0..<bound {
            // A video whose length is not known yet shows no progress (its bar waits at 0): the
            // media reports the length at readyToPlay, before the first frame, in practice.
            guard !isClosed, canProgress, let duration = currentDuration else { break }
            guard let used = clock.run(for: target - time, duration: duration) else {
                time = target
                markSeenIfDue(events: &events)
                return
            }
            time += used
            markSeen(events: &events)
            itemEnded(at: time, events: &events)
        }
        time = target
    }

    /// Marks the current item seen once it has been shown for ``Configuration/seenAfter`` (or
    /// its whole length, if shorter).
    mutating func markSeenIfDue(events: inout [Event]) {
        guard let duration = currentDuration else { return }
        if clock.isSeen(duration: duration, seenAfter: configuration.seenAfter) { markSeen(events: &events) }
    }

    /// Marks the current item seen now.
    mutating func markSeen(events: inout [Event]) {
        guard let id = currentItem?.id, !seen.contains(id) else { return }
        seen.insert(id)
        events.append(.itemSeen(id: id))
    }

    /// The current item ended at `time`: the next one, the next user, or the end.
    mutating func itemEnded(at time: Double, events: inout [Event]) {
        endStartedItem(completed: true, events: &events)
        nextItem(at: time, events: &events)
    }

    /// Forgets media reports for items that no visible page shows.
    mutating func pruneMediaStatus() {
        guard reports.needsPruning else { return }
        var keep = Set(players.map(\.id))
        for user in Swift.max(userIndex - 1, 0)...Swift.min(userIndex + 1, Swift.max(users.count - 1, 0)) where users.indices.contains(user) {
            let items = users[user].items
            if items.indices.contains(resumeItems[user]) { keep.insert(items[resumeItems[user]].id) }
        }
        reports.prune(keeping: keep)
    }

    /// Closes for `reason`: the final event.
    mutating func finish(_ reason: CloseReason, events: inout [Event]) {
        guard closeReason == nil else { return }
        closeAnalytics(reason, events: &events)
        closeReason = reason
        touch = nil
        events.append(.closed(reason))
    }
}
