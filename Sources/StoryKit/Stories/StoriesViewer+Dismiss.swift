import MotionCore

// MARK: - StoriesViewer + Dismiss

extension StoriesViewer {
    /// Where the page is during the swipe-down dismiss: what the front-end applies to the page's
    /// container and to the backdrop behind it.
    public struct DismissGeometry: Sendable, Hashable {
        /// The dismiss progress: 0 the full page, 1 in the avatar (or shrunk and faded in place).
        public var progress: Double
        /// The page centre's translation from its resting place, in points.
        public var offset: Point
        /// The page's scale about its centre.
        public var scale: Double
        /// The visible part of the page, in the page's own points (unscaled): the whole page at
        /// rest, narrowing to a centred square as it lands in a round avatar.
        public var mask: Rect
        /// The mask's corner radius, in the page's own points (continuous corners).
        public var cornerRadius: Double
        /// The page's opacity (it fades only in a dismiss without an avatar).
        public var pageOpacity: Double
        /// The opacity of the black backdrop behind the page: 1 at rest, 0 when dismissed.
        public var backdropOpacity: Double

        /// The page at rest.
        ///
        /// - Parameter size: The page's size; a non-finite or negative side counts as 0.
        public static func identity(_ size: Size) -> DismissGeometry {
            let w = size.width.isFinite ? Swift.max(size.width, 0) : 0
            let h = size.height.isFinite ? Swift.max(size.height, 0) : 0
            return DismissGeometry(progress: 0, offset: .zero, scale: 1, mask: Rect(x: 0, y: 0, width: w, height: h),
                            cornerRadius: 0, pageOpacity: 1, backdropOpacity: 1)
        }
    }

    /// Where the page is now (``DismissGeometry/identity(_:)`` when no dismiss runs).
    public var dismissGeometry: DismissGeometry {
        guard let dismiss else { return .identity(pageSize) }
        return dismiss.geometry(at: time, pageSize: pageSize, avatarFrame: avatarFrame, configuration: configuration)
    }

    /// Whether a dismiss is being dragged or settling.
    public var isDismissing: Bool { dismiss != nil }

    /// The tray avatar to dismiss into, in the viewer's points; `nil` to shrink and fade in
    /// place. The host gives it when the dismiss begins and may move it while the dismiss runs
    /// (the tray scrolled): a settle in flight turns toward the new place with its velocity.
    ///
    /// - Parameters:
    ///   - frame: The avatar's frame; a frame with a non-finite or non-positive size counts as
    ///     none.
    ///   - time: Seconds.
    /// - Returns: What happened getting to `time`.
    @discardableResult
    public mutating func setAvatarFrame(_ frame: Rect?, time: Double) -> [Event] {
        guard time.isFinite, !isClosed else { return [] }
        let events = advance(to: time)
        let usable = frame.flatMap { f in
            f.origin.isFinite && f.size.width.isFinite && f.size.height.isFinite
                && f.size.width > 0 && f.size.height > 0 ? f : nil
        }
        avatarFrame = usable
        let now = self.time, size = pageSize
        dismiss?.retarget(at: now, pageSize: size, avatarFrame: usable)
        return events
    }

    /// Moves a settling dismiss to `time`; closes the viewer when it lands, ends it when it is
    /// back.
    mutating func advanceDismiss(to time: Double, events: inout [Event]) {
        guard var dismiss, let outcome = dismiss.advance(to: time) else { return }
        self.dismiss = dismiss
        switch outcome {
        case .finished: finish(.dismissed, events: &events)
        case .cancelled: self.dismiss = nil
        }
    }
}

// MARK: - Dismiss state

extension StoriesViewer {
    /// The swipe-down: progress through an ``InteractiveTransition`` (how far toward the avatar)
    /// and the page centre's offset, which follows the finger and then springs to its target
    /// with the finger's release velocity.
    struct Dismiss: Sendable, Hashable {
        var transition: InteractiveTransition
        var tracker = VelocityTracker()
        /// The distance of a whole dismiss, in points.
        var distance: Double
        var spring: SpringParameters
        var fastRelease: Double
        var fingerOrigin: Point
        var progressAtGrab: Double
        var offsetAtGrab: Point
        var offset: Point = .zero
        var offsetMotion: SpringMotion<Point>?
        var motionStart = 0.0
        var outcome: InteractiveTransition.Outcome?
        var transitionDone = false
        /// The page's size, in points, for the avatar's place relative to the page's centre.
        var pageSize: Size

        init(pageSize: Size, configuration: Configuration, finger: Point, time: Double) {
            self.pageSize = pageSize
            spring = configuration.dismissSpring
            transition = InteractiveTransition(configuration: .init(spring: configuration.dismissSpring))
            let height = pageSize.height.isFinite && pageSize.height > 0 ? pageSize.height : 1
            distance = Swift.max(height * configuration.dismissDistance, 1)
            fastRelease = configuration.dismissVelocity
            fingerOrigin = finger
            progressAtGrab = transition.grab(at: time)
            offsetAtGrab = .zero
            // No sample here: the finger's first real sample comes with the first update, and a
            // second sample at the same instant would read as a jump.
        }

        func currentOffset(at time: Double) -> Point {
            guard let offsetMotion else { return offset }
            return offsetMotion.value(at: Swift.max(time - motionStart, 0))
        }

        /// A finger caught the settling page: it goes on from where it is.
        mutating func grab(finger: Point, at time: Double) {
            offsetAtGrab = currentOffset(at: time)
            offset = offsetAtGrab
            offsetMotion = nil
            outcome = nil
            transitionDone = false
            progressAtGrab = transition.grab(at: time)
            fingerOrigin = finger
            tracker.reset()
            tracker.add(time: time, position: finger)
        }

        mutating func update(finger: Point, at time: Double) {
            guard offsetMotion == nil else { return }
            tracker.add(time: time, position: finger)
            offset = Point(x: offsetAtGrab.x + finger.x - fingerOrigin.x, y: offsetAtGrab.y + finger.y - fingerOrigin.y)
            transition.update(progress: progressAtGrab + (finger.y - fingerOrigin.y) / distance, at: time)
        }

        /// The finger lifted: finish when the projected progress passes half way or the release
        /// is a fast downward one, else go back; both from here with the release velocity.
        mutating func release(at time: Double, avatarFrame: Rect?) {
            guard offsetMotion == nil else { return }
            let velocity = tracker.velocity(at: time)
            let progress = transition.progress(at: time)
            let chosen: InteractiveTransition.Outcome = velocity.y >= fastRelease && fastRelease > 0
                ? .finished : ReleaseDecision.projected().outcome(progress: progress, velocity: velocity.y / distance)
            settle(toward: chosen, at: time, velocity: velocity, avatarFrame: avatarFrame)
        }

        /// The touch was cancelled: back to the page.
        mutating func cancel(at time: Double) {
            guard offsetMotion == nil else { return }
            settle(toward: .cancelled, at: time, velocity: tracker.velocity(at: time), avatarFrame: nil)
        }

        mutating func settle(toward chosen: InteractiveTransition.Outcome, at time: Double, velocity: Point,
                             avatarFrame: Rect?) {
            let v = velocity.isFinite ? velocity : .zero
            if chosen == .finished { transition.finish(at: time, velocity: v.y / distance) } else {
                transition.cancel(at: time, velocity: v.y / distance)
            }
            outcome = chosen
            transitionDone = false
            let from = offset
            offsetMotion = SpringMotion(spring: spring, from: from, to: target(for: chosen, avatarFrame: avatarFrame),
                                        initialVelocity: v)
            motionStart = time
        }

        /// Where the page centre goes for `outcome`: the avatar's centre (relative to the page's
        /// centre) when finishing into one, else where it rests.
        func target(for outcome: InteractiveTransition.Outcome, avatarFrame: Rect?) -> Point {
            guard outcome == .finished, let avatarFrame else { return .zero }
            let target = Point(x: avatarFrame.midX - pageSize.width / 2, y: avatarFrame.midY - pageSize.height / 2)
            return target.isFinite ? target : .zero
        }

        /// The avatar moved: a settle toward it turns toward the new place, continuously.
        mutating func retarget(at time: Double, pageSize: Size, avatarFrame: Rect?) {
            self.pageSize = pageSize
            guard let motion = offsetMotion, let outcome else { return }
            let newTarget = target(for: outcome, avatarFrame: avatarFrame)
            offsetMotion = motion.retargeted(to: newTarget, at: Swift.max(time - motionStart, 0))
            motionStart = time
        }

        /// Moves the settle to `time`; the outcome once both the progress and the page have
        /// come to rest.
        mutating func advance(to time: Double) -> InteractiveTransition.Outcome? {
            guard let outcome, let motion = offsetMotion else { return nil }
            if !transitionDone, transition.advance(to: time) != nil { transitionDone = true }
            if case .completed = transition.phase { transitionDone = true }
            let elapsed = time - motionStart
            // Settled within a tenth of a point (and a tenth of a point per second): closer than
            // a pixel at 3×, so ending there shows no jump.
            guard transitionDone, elapsed >= motion.settlingDuration(tolerance: 0.1) else { return nil }
            offset = motion.to
            return outcome
        }

        func geometry(at time: Double, pageSize: Size, avatarFrame: Rect?, configuration: Configuration) -> DismissGeometry {
            let w = pageSize.width.isFinite ? Swift.max(pageSize.width, 0) : 0
            let h = pageSize.height.isFinite ? Swift.max(pageSize.height, 0) : 0
            let p = Swift.min(Swift.max(transition.progress(at: time), 0), 1)
            var offset = currentOffset(at: time)
            if !offset.isFinite { offset = .zero }
            if configuration.reduceMotion {
                // Reduce Motion: the page stays where it is and fades; the backdrop with it.
                return DismissGeometry(progress: p, offset: .zero, scale: 1, mask: Rect(x: 0, y: 0, width: w, height: h),
                                       cornerRadius: 0, pageOpacity: 1 - p, backdropOpacity: 1 - p)
            }
            let round = Swift.min(1, 4 * p) * configuration.dismissCornerRadius
            guard let avatar = avatarFrame, Swift.min(w, h) >= 1 else {
                let scale = 1 + (configuration.inPlaceDismissScale - 1) * p
                return DismissGeometry(progress: p, offset: offset, scale: scale,
                                       mask: Rect(x: 0, y: 0, width: w, height: h), cornerRadius: round,
                                       pageOpacity: 1 - p, backdropOpacity: 1 - p)
            }
            let side = Swift.min(w, h)
            let endScale = Swift.min(Swift.min(avatar.width, avatar.height) / side, 1_000)
            let scale = 1 + (endScale - 1) * p
            let crop = p * p
            let maskHeight = h - (h - side) * crop
            let maskWidth = w - (w - side) * crop
            let radius = round * (1 - crop) + side / 2 * crop
            return DismissGeometry(progress: p, offset: offset, scale: scale,
                                   mask: Rect(x: (w - maskWidth) / 2, y: (h - maskHeight) / 2, width: maskWidth, height: maskHeight),
                                   cornerRadius: radius, pageOpacity: 1, backdropOpacity: 1 - p)
        }
    }
}
