import MotionCore

// MARK: - StoriesViewer.Dismissal

extension StoriesViewer {
    /// The swipe-down dismiss as a model of its own: the tray avatar it lands in and the swipe
    /// while it runs (dragged, then settling into the avatar or back to the page).
    ///
    /// The viewer holds one and forwards to it: its touch tells it when a downward drag begins,
    /// moves, lifts or is cancelled; its clock advances it; the host moves the avatar; the front-end
    /// resizes the page. It answers where the page is (``geometry(at:pageSize:configuration:)``)
    /// and how the swipe ended (``advance(to:)``). Times are seconds on the viewer's clock; points
    /// are the page's, origin at its top left.
    ///
    /// ```swift
    /// let page = Size(width: 390, height: 844)
    /// var dismissal = StoriesViewer.Dismissal()
    /// dismissal.setAvatarFrame(Rect(x: 20, y: 60, width: 64, height: 64), at: 0, pageSize: page)
    /// dismissal.begin(at: Point(x: 200, y: 310), finger: Point(x: 200, y: 600), time: 1,
    ///                 pageSize: page, configuration: StoriesViewer.Configuration())
    /// dismissal.release(at: 1.2)                 // 290 of 422 pt: past half way, into the avatar
    /// dismissal.advance(to: 3)                   // .finished once it has landed
    /// ```
    struct Dismissal: Sendable, Hashable {
        /// The tray avatar to land in, in the page's points; `nil` to shrink and fade in place.
        /// Only a frame with a finite origin and a finite, positive size is kept.
        private(set) var avatarFrame: Rect?
        /// The swipe while it is dragged or settling; `nil` at rest (and after a swipe went back).
        private(set) var swipe: DismissSwipe?

        /// Whether a swipe is being dragged or settling (it holds playback).
        var isActive: Bool { swipe != nil }

        /// The host gave (or moved, or took away) the avatar at `time` seconds: a settle toward
        /// it turns toward the new place with its velocity.
        ///
        /// - Parameters:
        ///   - frame: The avatar's frame in points; a non-finite origin or a non-finite or
        ///     non-positive side counts as none.
        ///   - time: Seconds.
        ///   - pageSize: The page's size, in points.
        mutating func setAvatarFrame(_ frame: Rect?, at time: Double, pageSize: Size) {
            let usable = frame.flatMap { f in
                f.origin.isFinite && f.size.width.isFinite && f.size.height.isFinite
                    && f.size.width > 0 && f.size.height > 0 ? f : nil
            }
            avatarFrame = usable
            swipe?.retarget(at: time, pageSize: pageSize, avatarFrame: usable)
        }

        /// The page became `pageSize` points at `time` seconds: a settle into the avatar heads
        /// for the avatar's place on the new page.
        mutating func resize(to pageSize: Size, at time: Double) {
            swipe?.retarget(at: time, pageSize: pageSize, avatarFrame: avatarFrame)
        }

        /// A downward drag crossed the direction-lock slop: the swipe starts at `start` (where
        /// the finger crossed it, so the page starts under the finger) and follows the finger to
        /// `finger`, at `time` seconds.
        ///
        /// - Parameters:
        ///   - start: The finger where the swipe counts from, in points.
        ///   - finger: The finger now, in points.
        ///   - time: Seconds.
        ///   - pageSize: The page's size, in points (its height sets the whole dismiss's drag).
        ///   - configuration: The dismiss's distance, spring and fast-release speed.
        mutating func begin(at start: Point, finger: Point, time: Double, pageSize: Size, configuration: Configuration) {
            swipe = DismissSwipe(pageSize: pageSize, configuration: configuration, finger: start, time: time)
            swipe?.update(finger: finger, at: time)
        }

        /// A finger at `finger` came down on the settling page at `time` seconds: the page stops
        /// where it is and follows that finger from there.
        mutating func grab(finger: Point, at time: Double) {
            swipe?.grab(finger: finger, at: time)
        }

        /// The finger moved to `finger` (points) at `time` seconds: the page follows it.
        mutating func drag(to finger: Point, at time: Double) {
            swipe?.update(finger: finger, at: time)
        }

        /// The finger lifted at `time` seconds: the swipe settles into the avatar (past half way
        /// once projected, or a fast flick down) or back to the page, with the finger's velocity.
        mutating func release(at time: Double) {
            swipe?.release(at: time, avatarFrame: avatarFrame)
        }

        /// The touch was cancelled at `time` seconds: the page settles back.
        mutating func cancel(at time: Double) {
            swipe?.cancel(at: time)
        }

        /// Moves a settling swipe to `time` seconds.
        ///
        /// - Returns: ``InteractiveTransition/Outcome/finished`` once the page has landed (the
        ///   swipe stays, at its end, for the closed viewer's last frame),
        ///   ``InteractiveTransition/Outcome/cancelled`` once it is back (the swipe is gone);
        ///   `nil` while it is dragged or still moving.
        mutating func advance(to time: Double) -> InteractiveTransition.Outcome? {
            guard var swipe, let outcome = swipe.advance(to: time) else { return nil }
            self.swipe = outcome == .cancelled ? nil : swipe
            return outcome
        }

        /// Where the page is at `time` seconds on a page of `pageSize` points
        /// (``DismissGeometry/identity(_:)`` when no swipe runs).
        func geometry(at time: Double, pageSize: Size, configuration: Configuration) -> DismissGeometry {
            guard let swipe else { return .identity(pageSize) }
            return swipe.geometry(at: time, pageSize: pageSize, avatarFrame: avatarFrame, configuration: configuration)
        }
    }
}
