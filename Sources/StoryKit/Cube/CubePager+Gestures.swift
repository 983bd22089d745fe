import MotionCore

// MARK: - CubePager + Gestures

extension CubePager {
    /// A finger came down on the pager.
    ///
    /// While the cube is settling, the touch holds it where the spring is at `time` (position
    /// continuous, velocity 0 while held), and the new gesture's start page is the page nearest
    /// that position, so repeated fast swipes move at most one page each. Nothing else moves
    /// until the finger passes the direction-lock slop.
    ///
    /// - Parameters:
    ///   - point: The finger, in points (any coordinate space, as long as it stays the same for
    ///     the gesture). A non-finite point is ignored.
    ///   - time: Seconds on the input clock; a non-finite time is ignored.
    /// - Returns: ``Event/didChangePage(_:)`` if a settle had already finished by `time` (its
    ///   completion was not yet reported by ``advance(to:)``); otherwise empty.
    @discardableResult
    public mutating func touchBegan(at point: Point, time: Double) -> [Event] {
        guard pageCount > 0, hasUsableSize, point.isFinite, time.isFinite else { return [] }
        var events: [Event] = []
        var interrupted: Int?
        if let settle {
            let time = Swift.max(time, settle.latestFrameTime)  // never behind the frame on screen
            if time - settle.startTime >= settle.duration {
                events = finishSettle()
            } else {
                position = settledValue(settle, at: time).value
                interrupted = settle.target
                self.settle = nil
                phase = .dragging
            }
        } else if let touch {
            // A second touchBegan (a new finger, or a sequence whose end never came) restarts the
            // touch in place; the cube it held must still go somewhere if this one only taps.
            interrupted = touch.interruptedTarget ?? (touch.lock == .horizontal ? nearestPage(to: touch) : nil)
        }
        velocity = 0
        isVerticalGesture = false
        let startPage = Int((position.rounded()).clamped(to: 0...Double(lastIndex)))
        touch = Touch(origin: point, latest: point, anchorX: point.x, lock: .undecided,
                      startRawPosition: rawPosition(forVisible: position), startPage: startPage,
                      interruptedTarget: interrupted)
        tracker.reset()
        tracker.add(time: time, position: point)
        return events
    }

    /// The finger moved.
    ///
    /// Until it has moved ``Configuration/directionLockSlop`` from where it came down nothing
    /// happens; then a gesture with `|dy| > |dx|` is locked vertical (``isVerticalGesture``; an
    /// interrupted settle resumes) and every later move is ignored, and otherwise the cube
    /// follows: one page width of horizontal travel is one page, leftward toward later pages,
    /// measured from where the lock was decided. Beyond start page ± 1 the cube stops; before
    /// page 0 and after the last page it rubber-bands.
    ///
    /// - Parameters:
    ///   - point: The finger, in points; a non-finite point is ignored.
    ///   - time: Seconds on the input clock; a non-finite time is ignored.
    /// - Returns: When the gesture locks vertical and the cube it held had to go on to a page
    ///   (an interrupted settle resumes), the events of that settle: ``Event/didChangePage(_:)``
    ///   when there was nothing left to move; otherwise empty.
    @discardableResult
    public mutating func touchMoved(to point: Point, time: Double) -> [Event] {
        guard var touch, touch.lock != .vertical, point.isFinite, time.isFinite, hasUsableSize else { return [] }
        tracker.add(time: time, position: point)
        touch.latest = point
        if touch.lock == .undecided {
            let dx = point.x - touch.origin.x, dy = point.y - touch.origin.y
            guard (dx * dx + dy * dy).squareRoot() >= configuration.directionLockSlop else {
                self.touch = touch
                return []
            }
            if Self.isVerticalDrag(dx: dx, dy: dy) {
                touch.lock = .vertical
                isVerticalGesture = true
                self.touch = touch
                if let target = touch.interruptedTarget { return startSettle(to: target, time: time, velocity: 0) }
                return []
            }
            touch.lock = .horizontal
            touch.anchorX = point.x
            if let settle {
                // A programmatic turn started under the resting finger: the drag takes the cube
                // where the turn has it, from the page nearest there.
                let time = Swift.max(time, settle.latestFrameTime)
                position = time - settle.startTime >= settle.duration ? Double(settle.target) : settledValue(settle, at: time).value
                touch.interruptedTarget = settle.target
                touch.startRawPosition = rawPosition(forVisible: position)
                touch.startPage = Int(position.rounded().clamped(to: 0...Double(lastIndex)))
                self.settle = nil
            }
            phase = .dragging
        }
        self.touch = touch
        let raw = rawPosition(of: touch)
        position = visiblePosition(raw: raw, startPage: touch.startPage)
        velocity = fingerVelocity(at: nil) * slope(raw: raw, startPage: touch.startPage)
        return []
    }

    /// The finger lifted: decide the target page and start the settle.
    ///
    /// The release velocity is the ``VelocityTracker``'s estimate at `time`, converted to pages
    /// per second (`−vx / width`, times the rubber band's slope past an end). The target is
    /// `startPage ± 1` when `DecelerationRate.normal.project(position, velocity)` is at least
    /// ``Configuration/snapThreshold`` beyond the start page that way, else the start page;
    /// clamped to the pages that exist. A release past the last page by more than
    /// ``Configuration/pastEndThreshold``, or whose projection passes the snap threshold beyond
    /// it, reports ``Event/pastEnd``.
    ///
    /// - Parameters:
    ///   - point: The finger, in points; a non-finite point counts as the last finite one.
    ///   - time: Seconds on the input clock; a non-finite time counts as the newest sample's.
    /// - Returns: In order, ``Event/pastEnd``; ``Event/didCancelPageChange(from:to:)`` when an
    ///   interrupted settle was heading to another page; ``Event/willChangePage(from:to:)`` when
    ///   the target differs from ``currentIndex`` and was not already announced; and
    ///   ``Event/didChangePage(_:)`` if there was nothing to settle.
    @discardableResult
    public mutating func touchEnded(at point: Point, time: Double) -> [Event] {
        var events = touchMoved(to: point, time: time)
        guard let touch else { return events }
        self.touch = nil
        switch touch.lock {
        case .vertical, .undecided:
            // A tap resumes an interrupted settle from where the cube is held (a vertical gesture
            // resumed it when it locked); a cube still held goes to the nearest page.
            if let target = touch.interruptedTarget, settle == nil {
                events += startSettle(to: target, time: lastTime(time), velocity: 0)
            }
            events += settleIfHeld(touch, time: lastTime(time))
        case .horizontal:
            let raw = rawPosition(of: touch)
            let releaseVelocity = fingerVelocity(at: time.isFinite ? time : nil)
                * slope(raw: raw, startPage: touch.startPage)
            events += release(startPage: touch.startPage, velocity: releaseVelocity, time: lastTime(time))
        }
        return events
    }

    /// The page nearest the cube's position, within the touch's start page ± 1 and the pages.
    func nearestPage(to touch: Touch) -> Int {
        let nearest = position.finite(or: Double(currentIndex)).rounded()
            .clamped(to: Double(touch.startPage - 1)...Double(touch.startPage + 1))
        return Int(nearest.clamped(to: 0...Double(lastIndex)))
    }

    /// After the last finger left: a cube that is still held (dragging, with no settle) settles
    /// without velocity on the page nearest to where it is, announcing it.
    mutating func settleIfHeld(_ touch: Touch, time: Double) -> [Event] {
        guard settle == nil, phase == .dragging else { return [] }
        let target = nearestPage(to: touch)
        return announce(target) + startSettle(to: target, time: time, velocity: 0)
    }

    /// The system cancelled the touch (an incoming call, another recogniser won): the cube
    /// settles, without velocity, on the page nearest to where it is (within start page ± 1).
    ///
    /// - Parameter time: Seconds on the input clock; a non-finite time counts as the newest
    ///   sample's.
    /// - Returns: As ``touchEnded(at:time:)``: a cancel of an earlier announcement of another
    ///   page, ``Event/willChangePage(from:to:)`` when that page is not ``currentIndex`` and was
    ///   not already announced, and ``Event/didChangePage(_:)`` if there was nothing to settle.
    @discardableResult
    public mutating func touchCancelled(time: Double) -> [Event] {
        guard let touch else { return [] }
        self.touch = nil
        if settle != nil { return [] }  // a vertical gesture already resumed the interrupted settle
        guard touch.lock == .horizontal || touch.interruptedTarget != nil || phase == .dragging else { return [] }
        let target = nearestPage(to: touch)
        return announce(target) + startSettle(to: target, time: lastTime(time), velocity: 0)
    }

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
        guard var settle, time.isFinite else { return [] }
        if time - settle.startTime >= settle.duration { return finishSettle() }
        settle.latestFrameTime = Swift.max(settle.latestFrameTime, time)
        self.settle = settle
        (position, velocity) = settledValue(settle, at: settle.latestFrameTime)
        return []
    }
}

// MARK: - Release and settle

extension CubePager {
    /// Decides the target of a release and starts the settle.
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
        events += announce(target)
        events += startSettle(to: target, time: time, velocity: velocity)
        return events
    }

    /// The events that announce a settle toward `target`: a cancel of an earlier announcement
    /// of another page, then ``Event/willChangePage(from:to:)`` unless `target` is the current
    /// page or was already announced.
    mutating func announce(_ target: Int) -> [Event] {
        var events: [Event] = []
        if let announced = announcedTarget, announced != target {
            events.append(.didCancelPageChange(from: currentIndex, to: announced))
            announcedTarget = nil
        }
        if target != currentIndex, announcedTarget != target {
            events.append(.willChangePage(from: currentIndex, to: target))
            announcedTarget = target
        }
        return events
    }

    /// The longest settle, in seconds: an undamped spring never settles, so it is cut short here.
    static let maximumSettleDuration = 10.0

    /// Starts a spring from the current position with `velocity` (pages per second) to `target`;
    /// finishes at once when there is nothing to move.
    mutating func startSettle(to target: Int, time: Double, velocity: Double) -> [Event] {
        let motion = SpringMotion(spring: configuration.spring, from: position, to: Double(target),
                                  initialVelocity: velocity.finite(or: 0))
        let duration = motion.settlingDuration()
        guard duration > 0 else { return finishSettle(target: target) }
        settle = Settle(motion: motion, startTime: time.finite(or: 0), latestFrameTime: time.finite(or: 0),
                        duration: Swift.min(duration.finite(or: Self.maximumSettleDuration), Self.maximumSettleDuration),
                        target: target)
        phase = .settling
        self.velocity = motion.initialVelocity
        return []
    }

    /// Ends the settle in progress (or jumps to `target`), reporting a page change.
    mutating func finishSettle(target explicitTarget: Int? = nil) -> [Event] {
        let target = explicitTarget ?? settle?.target ?? currentIndex
        settle = nil
        position = Double(target)
        velocity = 0
        phase = touch?.lock == .horizontal ? .dragging : .idle
        var events: [Event] = []
        if let announced = announcedTarget, announced != target {
            events.append(.didCancelPageChange(from: currentIndex, to: announced))
        }
        announcedTarget = nil
        guard target != currentIndex else { return events }
        currentIndex = target
        events.append(.didChangePage(target))
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

// MARK: - Drag geometry

extension CubePager {
    /// The finger's horizontal velocity as cube velocity, in pages per second (unscaled by the
    /// rubber band): moving left turns toward later pages.
    func fingerVelocity(at time: Double?) -> Double {
        (-tracker.velocity(at: time).x / pageSize.width).finite(or: 0)
    }

    /// The time of a release: `time` when finite, else the newest sample's, else 0.
    func lastTime(_ time: Double) -> Double {
        time.isFinite ? time : (tracker.newestSample?.time ?? 0)
    }

    /// The position the finger asks for, before stops and rubber band, in pages.
    func rawPosition(of touch: Touch) -> Double {
        (touch.startRawPosition - (touch.latest.x - touch.anchorX) / pageSize.width).finite(or: touch.startRawPosition)
    }

    /// The range a gesture from `startPage` may turn through without resistance: one page either
    /// way, unbounded toward a missing page (the rubber band limits it there).
    func freeRange(startPage: Int) -> ClosedRange<Double> {
        (startPage > 0 ? Double(startPage - 1) : -Double.infinity)
            ... (startPage < lastIndex ? Double(startPage + 1) : Double.infinity)
    }

    /// The visible position for a raw one: clamped to start page ± 1, rubber-banded past the ends.
    func visiblePosition(raw: Double, startPage: Int) -> Double {
        let range = freeRange(startPage: startPage)
        let r = Swift.min(Swift.max(raw, range.lowerBound), range.upperBound)
        let width = pageSize.width, last = Double(lastIndex), c = configuration.rubberBandConstant
        if r < 0 { return -RubberBand.offset(-r * width, dimension: width, constant: c) / width }
        if r > last { return last + RubberBand.offset((r - last) * width, dimension: width, constant: c) / width }
        return r
    }

    /// d(visible)/d(raw) at `raw`: 1 inside, the rubber band's slope past an end, 0 at a stop.
    func slope(raw: Double, startPage: Int) -> Double {
        let range = freeRange(startPage: startPage)
        guard range.contains(raw) else { return 0 }
        let width = pageSize.width, last = Double(lastIndex), c = configuration.rubberBandConstant
        if raw < 0 { return RubberBand.slope(atOvershoot: -raw * width, dimension: width, constant: c) }
        if raw > last { return RubberBand.slope(atOvershoot: (raw - last) * width, dimension: width, constant: c) }
        return 1
    }

    /// The raw position that shows `visible`: the rubber band undone past the ends.
    func rawPosition(forVisible visible: Double) -> Double {
        let width = pageSize.width, last = Double(lastIndex), c = configuration.rubberBandConstant
        if visible < 0 { return -RubberBand.overshoot(forOffset: -visible * width, dimension: width, constant: c) / width }
        if visible > last { return last + RubberBand.overshoot(forOffset: (visible - last) * width, dimension: width, constant: c) / width }
        return visible
    }
}
