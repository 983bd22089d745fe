import MotionCore

// MARK: - StoryTray + Inputs

extension StoryTray {
    /// Scrolls the row to `offset`, clamped to 0…``maximumOffset`` (non-finite: unchanged).
    public mutating func scroll(to offset: Double) {
        guard offset.isFinite else { return }
        contentOffset = Swift.min(Swift.max(offset, 0), maximumOffset)
    }

    /// Scrolls the least that shows all of user `user`'s avatar and ring (the viewer moved to
    /// that user); nothing for an index out of range.
    ///
    /// The avatar keeps up to ``Configuration/inset`` of room from the viewport's edge, less when
    /// the viewport is too narrow for the avatar, its ring and a full inset on both sides; an
    /// avatar and ring wider than the viewport are centred in it.
    public mutating func scroll(toReveal user: Int) {
        guard let frame = leadingAvatarFrame(user: user) else { return }
        let ring = configuration.ringRoom
        let span = (min: frame.minX - ring, max: frame.maxX + ring)
        let width = span.max - span.min
        guard width <= viewportWidth else {
            scroll(to: contentOffset + (span.min + span.max) / 2 - viewportWidth / 2)
            return
        }
        let margin = Swift.min(configuration.inset, (viewportWidth - width) / 2)
        if span.min - margin < 0 {
            scroll(to: contentOffset + span.min - margin)
        } else if span.max + margin > viewportWidth {
            scroll(to: contentOffset + span.max + margin - viewportWidth)
        }
    }

    /// Changes the visible width (rotation, split view), keeping the offset in range.
    public mutating func setViewportWidth(_ width: Double) {
        guard width.isFinite else { return }
        viewportWidth = Swift.min(Swift.max(width, 0), Rect.layoutLimit)
        scroll(to: contentOffset)
    }

    /// Takes a tap at `point` (in the viewport): on an avatar with stories, its ring starts
    /// loading and any other loading ring is cancelled; elsewhere nothing.
    ///
    /// - Returns: ``Event/cancelled(user:)`` for the ring that was loading, then
    ///   ``Event/loadingStarted(user:)``; also a launch that was due by `time`.
    @discardableResult
    public mutating func tap(at point: Point, time: Double) -> [Event] {
        var events = advance(to: time)
        guard let user = user(at: point), user != loadingUser else { return events }
        if let other = loadingUser {
            rings[other].cancel(time: time)
            events.append(.cancelled(user: other))
            loadingUser = nil
        }
        if rings[user].tap(time: time).contains(.loadingStarted) {
            loadingUser = user
            events.append(.loadingStarted(user: user))
        }
        return events
    }

    /// The loading user's first item can show: their ring resolves, then launches.
    @discardableResult
    public mutating func ready(time: Double) -> [Event] {
        guard let user = loadingUser else { return advance(to: time) }
        rings[user].ready(time: time)
        return advance(to: time)
    }

    /// Stops the loading (the host gave up): the ring resolves without launching.
    @discardableResult
    public mutating func cancel(time: Double) -> [Event] {
        var events = advance(to: time)
        guard let user = loadingUser else { return events }
        rings[user].cancel(time: time)
        loadingUser = nil
        events.append(.cancelled(user: user))
        return events
    }

    /// Moves every ring's clock to `time`.
    ///
    /// - Returns: ``Event/launch(user:from:)`` when the loading ring has resolved.
    @discardableResult
    public mutating func advance(to time: Double) -> [Event] {
        var events: [Event] = []
        for index in rings.indices where rings[index].advance(to: time).contains(.launch) && index == loadingUser {
            loadingUser = nil
            if let frame = avatarFrame(user: index) { events.append(.launch(user: index, from: frame)) }
        }
        return events
    }

    /// Takes the items seen so far: a user with nothing left unseen gets the grey ring (the
    /// order stays until the tray is made again, as Instagram's does while you watch).
    ///
    /// - Parameter seen: The ids of every item seen.
    public mutating func updateSeen(_ seen: Set<String>) {
        for (index, user) in users.enumerated() where !user.items.contains(where: { !seen.contains($0.id) }) {
            rings[index].status = .seen
        }
    }
}
