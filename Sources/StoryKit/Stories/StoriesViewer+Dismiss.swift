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
        dismissal.geometry(at: time, pageSize: pageSize, configuration: configuration)
    }

    /// Whether a dismiss is being dragged or settling.
    public var isDismissing: Bool { dismissal.isActive }

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
        let now = self.time, size = pageSize
        dismissal.setAvatarFrame(frame, at: now, pageSize: size)
        return events
    }

    /// Moves a settling dismiss to `time`; closes the viewer when it lands, ends it when it is
    /// back.
    mutating func advanceDismiss(to time: Double, events: inout [Event]) {
        if dismissal.advance(to: time) == .finished { finish(.dismissed, events: &events) }
    }
}
