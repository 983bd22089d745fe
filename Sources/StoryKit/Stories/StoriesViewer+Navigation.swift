import MotionCore

// MARK: - StoriesViewer + Navigation

extension StoriesViewer {
    /// Goes to the next item: the next of this user, else the next user through the cube, else
    /// the viewer closes (``CloseReason/finished``).
    ///
    /// - Parameter time: Seconds.
    /// - Returns: What happened, in order.
    @discardableResult
    public mutating func nextItem(time: Double) -> [Event] {
        guard time.isFinite, !isClosed else { return [] }
        var events = advance(to: time)
        if !isClosed { nextItem(at: self.time, events: &events) }
        return events
    }

    /// Goes to the previous item: the previous of this user, else the previous user's page
    /// (where that user was), else the first item starts again.
    ///
    /// - Parameter time: Seconds.
    /// - Returns: What happened, in order.
    @discardableResult
    public mutating func previousItem(time: Double) -> [Event] {
        guard time.isFinite, !isClosed else { return [] }
        var events = advance(to: time)
        if !isClosed { previousItem(at: self.time, events: &events) }
        return events
    }

    /// Turns the cube to `user` (VoiceOver's next/previous user, a host button); that user's
    /// page starts where they were.
    ///
    /// - Parameters:
    ///   - user: The user's index, clamped to the users.
    ///   - time: Seconds.
    /// - Returns: What happened, in order (the user change comes when the cube settles).
    @discardableResult
    public mutating func showUser(_ user: Int, time: Double) -> [Event] {
        guard time.isFinite, !isClosed, !users.isEmpty else { return [] }
        var events = advance(to: time)
        guard !isClosed else { return events }
        let target = Swift.min(Swift.max(user, 0), users.count - 1)
        handle(cube.turn(to: target, time: self.time), at: self.time, events: &events)
        return events
    }

    mutating func nextItem(at time: Double, events: inout [Event]) {
        guard users.indices.contains(userIndex) else { return }
        if itemIndex + 1 < users[userIndex].items.count {
            show(item: itemIndex + 1, events: &events)
        } else if userIndex + 1 < users.count {
            handle(cube.turn(to: userIndex + 1, time: time), at: time, events: &events)
        } else if cube.phase == .idle {
            finish(.finished, events: &events)
        }
    }

    mutating func previousItem(at time: Double, events: inout [Event]) {
        guard users.indices.contains(userIndex) else { return }
        if itemIndex > 0 {
            show(item: itemIndex - 1, events: &events)
        } else if userIndex > 0 {
            handle(cube.turn(to: userIndex - 1, time: time), at: time, events: &events)
        } else {
            show(item: 0, events: &events)
        }
    }

    /// Makes `item` of the current user current, from its start.
    mutating func show(item: Int, events: inout [Event]) {
        guard users.indices.contains(userIndex), users[userIndex].items.indices.contains(item) else { return }
        endStartedItem(completed: false, events: &events)
        itemIndex = item
        clock.restart()
        resumeItems[userIndex] = item
        let id = users[userIndex].items[item].id
        events.append(.itemShown(user: userIndex, item: item, id: id))
        // Media that failed before its item became current (a neighbour's page loaded during a
        // cube turn, a prefetch): the item is failed now, and the host hears it as for a failure
        // reported while current.
        if let reason = reports.failureReason(of: id) { events.append(.failed(id: id, reason: reason)) }
        startItemIfShown(events: &events)
    }

    /// Reacts to the cube's page events at `time`.
    mutating func handle(_ cubeEvents: [CubePager.Event], at time: Double, events: inout [Event]) {
        for event in cubeEvents {
            switch event {
            case .didChangePage(let page) where users.indices.contains(page) && page != userIndex:
                let from = userIndex
                endStartedItem(completed: false, events: &events)
                leaveUser(events: &events)
                userIndex = page
                events.append(.userChanged(from: from, to: page))
                show(item: resumeItems[page], events: &events)
            case .pastEnd:
                finish(.pannedPastEnd, events: &events)
            default:
                break
            }
        }
    }
}
