import MotionCore

// MARK: - StoriesViewer + Gestures

extension StoriesViewer {
    /// A finger came down on the page.
    ///
    /// Playback holds at once (``PauseReasons/held``). What the touch becomes is decided by what
    /// follows: lifted within ``Configuration/holdDelay`` without moving past the cube's
    /// direction-lock slop, a tap; resting longer, a hold (the chrome fades out); moving
    /// sideways, the cube's drag; moving down, the dismiss; moving up, a reply (or the item's
    /// swipe-up action, ``StoryArea/firesOnSwipeUp``). A tap that came down on one of the
    /// item's areas is the area's (``Event/areaTapped(user:item:id:areaID:)``): it neither
    /// navigates nor pauses, and the elapsed time is what it was at the touch-down. A touch-down
    /// on a dismiss that is settling catches it where it is. A touch-down while another touch
    /// is down ends that one first, as a cancel.
    ///
    /// - Parameters:
    ///   - point: The finger, in the page's points.
    ///   - time: Seconds.
    /// - Returns: What happened, in order.
    @discardableResult
    public mutating func touchBegan(at point: Point, time: Double) -> [Event] {
        guard point.isFinite, time.isFinite, !isClosed else { return [] }
        var events = advance(to: time)
        if touch != nil || hasBesideTouch { events += touchCancelled(time: time) }
        guard !isClosed else { return events }
        if beginBesideTouch(at: point, events: &events) { return events }   // beside the card: the backdrop's (StoriesViewer+Card.swift)
        if beginButtonTouch(at: point) { return events }   // the mute button's: no hold, no page tap
        if beginRetryTouch(at: point) { return events }    // the Retry button's (StoriesViewer+Overlay.swift)
        let now = self.time
        if dismissal.isActive {
            dismissal.grab(finger: point, at: now)
            touch = ViewerTouch(origin: point, latest: point, start: now, kind: .dismissing, cubeHasTouch: false)
            return events
        }
        handle(cube.touchBegan(at: point, time: now), at: now, events: &events)
        touch = ViewerTouch(origin: point, latest: point, start: now, kind: .pending, cubeHasTouch: cube.isTouchDown)
        heldReasons.insert(.held)
        return events
    }

    /// The finger moved.
    ///
    /// - Parameters:
    ///   - point: The finger, in the page's points.
    ///   - time: Seconds.
    /// - Returns: What happened, in order.
    @discardableResult
    public mutating func touchMoved(to point: Point, time: Double) -> [Event] {
        if point.isFinite, time.isFinite, !isClosed, hasBesideTouch {
            var events = advance(to: time)
            if !isClosed { moveBesideTouch(to: point, events: &events) }   // StoriesViewer+Card.swift
            return events
        }
        guard point.isFinite, time.isFinite, !isClosed, touch != nil else { return [] }
        var events = advance(to: time)
        guard !isClosed, var touch else { return events }
        let now = self.time
        touch.latest = point
        if touch.cubeHasTouch { handle(cube.touchMoved(to: point, time: now), at: now, events: &events) }
        switch touch.kind {
        case .pending, .holding:
            let dx = point.x - touch.origin.x, dy = point.y - touch.origin.y
            let distance = (dx * dx + dy * dy).squareRoot()
            guard distance >= cube.configuration.directionLockSlop, distance > 0, distance.isFinite else { break }
            if CubePager.isVerticalDrag(dx: dx, dy: dy) {
                heldReasons.remove(.held)
                chrome.fade(to: 1, at: now, duration: configuration.chromeFadeDuration)
                if dy > 0, cube.hasUsableSize {
                    // Counted from where the finger crossed the slop, so the page starts under it.
                    let slop = cube.configuration.directionLockSlop / distance
                    let start = Point(x: touch.origin.x + dx * slop, y: touch.origin.y + dy * slop)
                    touch.kind = .dismissing
                    dismissal.begin(at: start, finger: point, time: now, pageSize: pageSize, configuration: configuration)
                } else {
                    // Upward: a reply, or the item's swipe-up action. (Downward on a page with no
                    // size yet: nothing to drag.)
                    touch.kind = .reply
                    if dy < 0, let item = currentItem {
                        events.append(swipeUpArea ?? .reply(user: userIndex, item: itemIndex, id: item.id))
                    }
                }
            } else if touch.kind == .pending {
                heldReasons.remove(.held)
                touch.kind = .cube
            }
        case .dismissing:
            dismissal.drag(to: point, at: now)
        case .cube, .reply:
            break
        }
        self.touch = touch
        return events
    }

    /// The finger lifted: a tap on an area is the area's, another tap navigates, a hold
    /// resumes, a drag is released.
    ///
    /// - Parameters:
    ///   - point: The finger, in the page's points.
    ///   - time: Seconds.
    /// - Returns: What happened, in order.
    @discardableResult
    public mutating func touchEnded(at point: Point, time: Double) -> [Event] {
        if time.isFinite, !isClosed, hasBesideTouch {
            var events = advance(to: time)
            if !isClosed { endBesideTouch(at: point, events: &events) }
            return events
        }
        if time.isFinite, !isClosed, hasButtonTouch {
            var events = advance(to: time)
            if !isClosed { endButtonTouch(at: point, events: &events) }
            return events
        }
        if time.isFinite, !isClosed, hasRetryTouch {
            var events = advance(to: time)
            if !isClosed { endRetryTouch(at: point, time: self.time, events: &events) }
            return events
        }
        guard time.isFinite, !isClosed, touch != nil else { return [] }
        var events = advance(to: time)
        guard !isClosed, let touch else { return events }
        let now = self.time
        let end = point.isFinite ? point : touch.latest
        self.touch = nil
        heldReasons.remove(.held)
        chrome.fade(to: 1, at: now, duration: configuration.chromeFadeDuration)
        if touch.cubeHasTouch { handle(cube.touchEnded(at: end, time: now), at: now, events: &events) }
        guard !isClosed else { return events }
        switch touch.kind {
        case .pending where cube.phase == .idle:
            if let areaTap = areaTap(at: touch.origin) {
                events.append(areaTap)      // the area's: no navigation, and progress goes on
            } else if tapGoesBack(atX: touch.origin.x) {
                previousItem(at: now, events: &events)
            } else {
                nextItem(at: now, events: &events)
            }
        case .dismissing:
            if point.isFinite { dismissal.drag(to: point, at: now) }
            dismissal.release(at: now)
        case .pending, .holding, .cube, .reply:
            break
        }
        return events
    }

    /// The touch was cancelled (the system took it): nothing navigates; a drag goes back.
    ///
    /// - Parameter time: Seconds.
    /// - Returns: What happened, in order.
    @discardableResult
    public mutating func touchCancelled(time: Double) -> [Event] {
        if hasButtonTouch { var none: [Event] = []; endButtonTouch(at: nil, events: &none) }
        retryTouch = nil
        if time.isFinite, !isClosed, hasBesideTouch {
            var events = advance(to: time)
            cancelBesideTouch(events: &events)     // StoriesViewer+Card.swift
            return events
        }
        guard time.isFinite, !isClosed, let touch else { return [] }
        var events = advance(to: time)
        guard !isClosed else { return events }
        let now = self.time
        self.touch = nil
        heldReasons.remove(.held)
        chrome.fade(to: 1, at: now, duration: configuration.chromeFadeDuration)
        if touch.cubeHasTouch {
            // A drag of the cube's is cancelled (it goes back); a touch that never became one is
            // released where it came down, so a settle it caught goes on.
            let cubeEvents = touch.kind == .cube ? cube.touchCancelled(time: now) : cube.touchEnded(at: touch.origin, time: now)
            handle(cubeEvents, at: now, events: &events)
        }
        if touch.kind == .dismissing { dismissal.cancel(at: now) }
        return events
    }

    /// When the resting finger becomes a hold, if it can.
    var holdTime: Double? {
        guard let touch, touch.kind == .pending else { return nil }
        return touch.start + configuration.holdDelay
    }

    /// The finger has rested for the hold delay: the chrome fades out and the cube lets go of
    /// the touch where it came down (a settle it caught goes on).
    mutating func recognizeHold(at time: Double, events: inout [Event]) {
        guard var touch, touch.kind == .pending else { return }
        touch.kind = .holding
        if touch.cubeHasTouch {
            // Released where it came down, not cancelled: a cancel would turn a caught settle
            // back, while a finger that never moved lets it go on (as the pan bridge does).
            touch.cubeHasTouch = false
            self.touch = touch
            handle(cube.touchEnded(at: touch.origin, time: time), at: time, events: &events)
        }
        self.touch = touch
        chrome.fade(to: 0, at: time, duration: configuration.chromeFadeDuration)
    }

    /// The chrome's opacity now (bars and header), 0…1: fades out during a hold.
    public var chromeOpacity: Double { chrome.opacity(at: time, duration: configuration.chromeFadeDuration) }
}
