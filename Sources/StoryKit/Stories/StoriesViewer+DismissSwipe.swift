import MotionCore

// MARK: - StoriesViewer.DismissSwipe

extension StoriesViewer {
    /// One swipe-down, from the drag that starts it until it lands or is back: its progress
    /// through an ``InteractiveTransition`` (how far toward the avatar) and the page centre's
    /// offset, which follows the finger and then springs to its target with the finger's release
    /// velocity.
    ///
    /// ``Dismissal`` holds it while it runs; every time is in seconds, every point and offset in
    /// the page's points.
    struct DismissSwipe: Sendable, Hashable {
        /// How far toward the avatar, 0…1 (the finger's drag over ``distance``, then the settle).
        var transition: InteractiveTransition
        /// The finger's recent samples, for the release velocity (points per second).
        var tracker = VelocityTracker()
        /// The drag of a whole dismiss (progress 1), in points.
        var distance: Double
        /// The spring the page's offset settles with after the release.
        var spring: SpringParameters
        /// A downward release at least this fast, in points per second, always finishes (0: never
        /// by speed alone).
        var fastRelease: Double
        /// Where the finger was when the drag (or the latest grab) began, in points.
        var fingerOrigin: Point
        /// The progress when the drag (or the latest grab) began, 0…1.
        var progressAtGrab: Double
        /// The page centre's offset when the drag (or the latest grab) began, in points.
        var offsetAtGrab: Point
        /// The page centre's offset while the finger holds it (and where a settle ended), in points.
        var offset: Point = .zero
        /// The offset's settle after the release, in points; `nil` while the finger holds the page.
        var offsetMotion: SpringMotion<Point>?
        /// When ``offsetMotion`` started, in seconds.
        var motionStart = 0.0
        /// Where the settle goes, once released.
        var outcome: InteractiveTransition.Outcome?
        /// Whether the progress has come to rest (the offset may still be settling).
        var transitionDone = false
        /// The page's size, in points, for the avatar's place relative to the page's centre.
        var pageSize: Size

        /// A swipe on a page of `pageSize` points whose finger is at `finger` at `time` seconds,
        /// with the distance, spring and fast-release speed of `configuration`.
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

        /// The page centre's offset at `time` seconds, in points.
        func currentOffset(at time: Double) -> Point {
            guard let offsetMotion else { return offset }
            return offsetMotion.value(at: Swift.max(time - motionStart, 0))
        }

        /// A finger at `finger` caught the settling page at `time`: it goes on from where it is.
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

        /// The finger moved to `finger` at `time`: the page follows it, and the progress is its
        /// downward drag over ``distance``. Ignored once released.
        mutating func update(finger: Point, at time: Double) {
            guard offsetMotion == nil else { return }
            tracker.add(time: time, position: finger)
            offset = Point(x: offsetAtGrab.x + finger.x - fingerOrigin.x, y: offsetAtGrab.y + finger.y - fingerOrigin.y)
            transition.update(progress: progressAtGrab + (finger.y - fingerOrigin.y) / distance, at: time)
        }

        /// The finger lifted at `time`: finish when the projected progress passes half way or the
        /// release is a fast downward one, else go back; both from here with the release velocity.
        ///
        /// - Parameters:
        ///   - time: Seconds.
        ///   - avatarFrame: The avatar to land in, in points; `nil` to shrink in place.
        mutating func release(at time: Double, avatarFrame: Rect?) {
            guard offsetMotion == nil else { return }
            let velocity = tracker.velocity(at: time)
            let progress = transition.progress(at: time)
            let chosen: InteractiveTransition.Outcome = velocity.y >= fastRelease && fastRelease > 0
                ? .finished : ReleaseDecision.projected().outcome(progress: progress, velocity: velocity.y / distance)
            settle(toward: chosen, at: time, velocity: velocity, avatarFrame: avatarFrame)
        }

        /// The touch was cancelled at `time`: back to the page, with the finger's velocity.
        mutating func cancel(at time: Double) {
            guard offsetMotion == nil else { return }
            settle(toward: .cancelled, at: time, velocity: tracker.velocity(at: time), avatarFrame: nil)
        }

        /// Starts the settle toward `chosen` at `time` with `velocity` (points per second): the
        /// progress to 1 or 0, the offset to the avatar's centre or back to rest.
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

        /// Where the page centre goes for `outcome`, in points: the avatar's centre (relative to
        /// the page's centre) when finishing into one, else where it rests.
        func target(for outcome: InteractiveTransition.Outcome, avatarFrame: Rect?) -> Point {
            guard outcome == .finished, let avatarFrame else { return .zero }
            let target = Point(x: avatarFrame.midX - pageSize.width / 2, y: avatarFrame.midY - pageSize.height / 2)
            return target.isFinite ? target : .zero
        }

        /// The avatar moved or the page was resized at `time`: a settle toward the avatar turns
        /// toward its new place, continuously (same offset and velocity at `time`).
        mutating func retarget(at time: Double, pageSize: Size, avatarFrame: Rect?) {
            self.pageSize = pageSize
            guard let motion = offsetMotion, let outcome else { return }
            let newTarget = target(for: outcome, avatarFrame: avatarFrame)
            offsetMotion = motion.retargeted(to: newTarget, at: Swift.max(time - motionStart, 0))
            motionStart = time
        }

        /// Moves the settle to `time` seconds.
        ///
        /// - Returns: The outcome once both the progress and the page have come to rest; `nil`
        ///   before, and while the finger holds the page.
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

        /// Where the page is at `time` seconds on a page of `pageSize` points: toward the avatar
        /// (scaling to its size and cropping to a centred circle), shrinking and fading in place
        /// without one, or only fading under Reduce Motion.
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
