import MotionCore

// MARK: - ZoomTransition + Drag

extension ZoomTransition {
    /// A finger comes down on the detail (or on the moving image): the drag takes the mask where
    /// it is — at rest presented, mid-open, mid-close or mid-cancel.
    ///
    /// - Parameters:
    ///   - point: The finger, in the container's points; a non-finite point is ignored.
    ///   - time: Seconds.
    /// - Returns: Events of moves that ended by `time`, then ``Event/began`` when it starts a
    ///   pop from the detail at rest.
    @discardableResult
    public mutating func touchBegan(at point: Point, time: Double) -> [Event] {
        let now = accept(time)
        var events = advance(to: now)
        guard point.x.isFinite, point.y.isFinite else { return events }
        switch phase {
        case .rest(false), .fading, .crossFading, .dragging: return events
        case .rest(true): events.append(.began)
        case .settling: break
        }
        let grabbed = mask(at: now)
        phase = .dragging(grab: point, grabTime: now, grabbed: grabbed, mask: grabbed, finger: point)
        tracker.reset()
        tracker.add(time: now, position: point)
        return events
    }

    /// The finger moved: the mask follows it and shrinks with the progress.
    ///
    /// - Parameters:
    ///   - point: The finger, in the container's points; a non-finite point is ignored.
    ///   - time: Seconds.
    /// - Returns: Events of moves that ended by `time` (none while a finger drags the mask).
    @discardableResult
    public mutating func touchMoved(to point: Point, time: Double) -> [Event] {
        follow(to: point, time: time)
        return advance(to: time)
    }

    /// The mask follows the finger at `point` while dragging; nothing else happens.
    mutating func follow(to point: Point, time: Double) {
        let now = accept(time)
        guard case let .dragging(grab, grabTime, grabbed, _, _) = phase, point.x.isFinite, point.y.isFinite else { return }
        tracker.add(time: now, position: point)
        phase = .dragging(grab: grab, grabTime: grabTime, grabbed: grabbed, mask: dragged(to: point), finger: point)
    }

    /// The finger lifted: finish into ``Geometry/source`` or cancel back to the detail, as
    /// ``touchEnded(at:time:source:)`` does with the source the model knows.
    ///
    /// - Parameters:
    ///   - point: The finger, in the container's points.
    ///   - time: Seconds.
    /// - Returns: Events of moves that ended by `time`.
    @discardableResult
    public mutating func touchEnded(at point: Point, time: Double) -> [Event] {
        touchEnded(at: point, time: time, source: geometry.source)
    }

    /// The finger lifted: finish into `source` (asked for again now; nil: fade in place) or
    /// cancel back to the detail, as ``Configuration/decision`` says for the progress and its
    /// speed; the spring starts from the mask's frame and velocity.
    ///
    /// - Returns: Events of moves that ended by `time` (the outcome's own event comes when its
    ///   spring rests).
    @discardableResult
    public mutating func touchEnded(at point: Point, time: Double, source: Rect?) -> [Event] {
        let now = accept(time)
        guard case .dragging = phase else { return advance(to: now) }
        if point.x.isFinite, point.y.isFinite {
            tracker.add(time: now, position: point)
            if case let .dragging(grab, grabTime, grabbed, _, _) = phase {
                phase = .dragging(grab: grab, grabTime: grabTime, grabbed: grabbed, mask: dragged(to: point), finger: point)
            }
        }
        let velocity = dragVelocity()
        let speed = tracker.velocity(at: now)
        let rate = progressRate(speed)
        switch configuration.decision.outcome(progress: dragProgress, velocity: rate.isFinite ? rate : 0) {
        case .finished: closeOrFade(source, at: now, velocity: velocity)
        case .cancelled: settle(presenting: true, cancelling: true, at: now, velocity: velocity)
        }
        return []
    }

    /// The system took the touch: back to the detail.
    ///
    /// - Parameter time: Seconds.
    /// - Returns: Events of moves that ended by `time`.
    @discardableResult
    public mutating func touchCancelled(time: Double) -> [Event] {
        let now = accept(time)
        guard case .dragging = phase else { return advance(to: now) }
        settle(presenting: true, cancelling: true, at: now, velocity: dragVelocity())
        return []
    }

    /// The pop's progress while dragging: the grabbed mask's plus the finger's travel (over the
    /// container's width, or height for a downward dismiss); 0 when not dragging.
    public var dragProgress: Double {
        guard case let .dragging(grab, _, grabbed, _, finger) = phase else { return 0 }
        let travel = progressRate(Point(x: finger.x - grab.x, y: finger.y - grab.y))
        let value = progress(of: grabbed) + travel
        return value.isFinite ? value : 0
    }

    /// The container's width and height, at least 1 point.
    var width: Double { Swift.max(geometry.container.width, 1) }
    var height: Double { Swift.max(geometry.container.height, 1) }

    /// The scale of `mask` against the detail's frame (1 at rest presented).
    func scale(of mask: Rect) -> Double {
        geometry.destination.width > 0 ? mask.width / geometry.destination.width : 1
    }

    /// The pop's progress a mask stands for: the drag's scale undone (0 at the detail).
    func progress(of mask: Rect) -> Double {
        let k = configuration.scalePerProgress
        guard k > 0 else { return 0 }
        let s = scale(of: mask)
        if case .rubberBand = configuration.scaleCurve {
            let knee = self.knee
            if s < knee {
                let band = knee - configuration.minimumScale
                let overshoot = band > 0 ? RubberBand.overshoot(forOffset: Swift.min(knee - s, band * 0.999_999), dimension: band,
                                                                constant: Self.bandConstant) : 0
                return (1 - knee + overshoot) / k
            }
        }
        return Swift.max((1 - s) / k, 0)
    }

    /// The rubber band's constant below the knee.
    static let bandConstant = 0.55

    /// The knee of a rubber-banded scale curve (the floor for a linear one).
    var knee: Double {
        if case .rubberBand(let knee) = configuration.scaleCurve {
            return knee.isFinite ? Swift.min(Swift.max(knee, configuration.minimumScale), 1) : configuration.minimumScale
        }
        return configuration.minimumScale
    }

    /// The drag's scale at `progress`: `clamp(1 − k · progress, minimum, 1)`, or rubber-banded
    /// below the knee (``Configuration/ScaleCurve``).
    public func dragScale(progress: Double) -> Double {
        guard progress.isFinite else { return progress > 0 ? configuration.minimumScale : 1 }
        let linear = 1 - configuration.scalePerProgress * progress
        guard case .rubberBand = configuration.scaleCurve, linear < knee else {
            return Swift.min(Swift.max(linear, configuration.minimumScale), 1)
        }
        let band = knee - configuration.minimumScale
        return knee - RubberBand.offset(knee - linear, dimension: band, constant: Self.bandConstant)
    }

    /// d(scale)/d(progress) at `progress`: −k on the line, less below the knee, 0 at a floor.
    func dragScaleSlope(progress: Double) -> Double {
        let k = configuration.scalePerProgress
        let linear = 1 - k * progress
        if linear >= 1 || !progress.isFinite { return 0 }
        if case .rubberBand = configuration.scaleCurve, linear < knee {
            let band = knee - configuration.minimumScale
            guard band > 0 else { return 0 }
            let x = knee - linear, c = Self.bandConstant
            let denominator = 1 + c * x / band
            return -k * c / (denominator * denominator)
        }
        return linear > configuration.minimumScale ? -k : 0
    }

    /// The mask with the finger at `point`: the grabbed mask moved by the finger's translation
    /// and scaled about its centre from its own scale to the drag's scale at the progress.
    func dragged(to point: Point) -> Rect {
        guard case let .dragging(grab, _, grabbed, _, _) = phase else { return mask(at: time) }
        // Reduce Motion: the detail stays where it is and fades with the drag instead.
        if configuration.reduceMotion { return grabbed }
        let translation = Point(x: point.x - grab.x, y: point.y - grab.y)
        let start = progress(of: grabbed)
        let travel = progressRate(translation)
        let s0 = scale(of: grabbed)
        let ratio = s0 > 0 ? dragScale(progress: start + travel) / Swift.max(s0, 1e-9) : 1
        // The grabbed mask's own scale may be outside the drag's range (a re-grab mid-close): it
        // changes only as the progress does, never jumping at the grab.
        let factor = s0 > 0 && (s0 < configuration.minimumScale || s0 > 1) ? 1 + (ratio * s0 - dragScale(progress: start)) / s0 : ratio
        let scaled = Self.shrunk(grabbed, by: Swift.max(factor, 0))
        // A finger reported absurdly far (hostile input) keeps the mask within ±10⁷ points.
        return Geometry.clean(Rect(x: scaled.minX + translation.x, y: scaled.minY + translation.y,
                                   width: scaled.width, height: scaled.height))
    }

    /// The mask's velocity while dragging, per second: the finger's, plus the size change of the
    /// progress's rate (zero where the scale is clamped).
    func dragVelocity() -> Rect {
        guard case let .dragging(_, _, _, mask, _) = phase, !configuration.reduceMotion else { return .zero }
        var finger = tracker.velocity(at: time)
        let fastest = 1e5  // points per second; beyond any finger
        finger = Point(x: Swift.min(Swift.max(finger.x, -fastest), fastest), y: Swift.min(Swift.max(finger.y, -fastest), fastest))
        let rate = progressRate(finger)
        let scaling = dragScaleSlope(progress: progress(of: mask)) * rate
        let widthRate = geometry.destination.width * scaling
        let heightRate = geometry.destination.width > 0 ? mask.height / mask.width * widthRate : 0
        let vx = finger.x - widthRate / 2, vy = finger.y - heightRate / 2
        let v = Rect(x: vx, y: vy, width: widthRate, height: heightRate.isFinite ? heightRate : 0)
        return v.minX.isFinite && v.minY.isFinite ? v : .zero
    }
}

// MARK: - ZoomTransition + Deprecated drag names

extension ZoomTransition {
    /// A finger comes down: ``touchBegan(at:time:)``, the name every touch-driven effect uses.
    @available(*, deprecated, renamed: "touchBegan(at:time:)")
    @discardableResult
    public mutating func dragBegan(at point: Point, time: Double) -> [Event] {
        touchBegan(at: point, time: time)
    }

    /// The finger moved: ``touchMoved(to:time:)``, which also reports the events of moves that
    /// ended by `time` (this one leaves them to the next ``advance(to:)``).
    @available(*, deprecated, renamed: "touchMoved(to:time:)")
    public mutating func dragMoved(to point: Point, time: Double) {
        follow(to: point, time: time)
    }

    /// The finger lifted: ``touchEnded(at:time:source:)``.
    @available(*, deprecated, renamed: "touchEnded(at:time:source:)")
    @discardableResult
    public mutating func dragEnded(at point: Point, time: Double, source: Rect?) -> [Event] {
        touchEnded(at: point, time: time, source: source)
    }

    /// The system took the touch: ``touchCancelled(time:)``.
    @available(*, deprecated, renamed: "touchCancelled(time:)")
    @discardableResult
    public mutating func dragCancelled(time: Double) -> [Event] {
        touchCancelled(time: time)
    }
}
