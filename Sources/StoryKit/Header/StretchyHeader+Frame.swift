import MotionCore

// MARK: - StretchyHeader + Frame

extension StretchyHeader {
    /// Where everything is at one scroll offset, in the scroll view's visible coordinates
    /// (points), with the transforms that put it there.
    public struct Frame: Sendable, Hashable {
        /// The offset this frame is for, sanitised (NaN is 0; kept within ±``Layout/limit``).
        public var offset: Double
        /// The header's scale about the middle of its top edge (anchor point (0.5, 0)); ≥ 1.
        public var headerScale: Double
        /// The header's vertical translation; 0 at rest and pulled down, −``Layout/stickyOffset``
        /// once stuck.
        public var headerTranslation: Double
        /// The header's frame on screen after its transform. Its bounds are always
        /// `width × headerBottom`.
        public var header: Rect
        /// Whether the header is in front of the scrolling content (the avatar behind it): exactly
        /// when the offset is past ``Layout/stickyOffset``.
        public var isHeaderInFront: Bool
        /// How far the content (avatar, name label, body) is moved: −offset.
        public var contentTranslation: Double
        /// The avatar's scale about the middle of its bottom edge (anchor point (0.5, 1)), 0…1.
        public var avatarScale: Double
        /// The avatar's frame on screen.
        public var avatar: Rect
        /// The title's centre in the header's own coordinates (the header's bounds, before its
        /// transform); the header clips it.
        public var titleCenter: Point
        /// The title's frame on screen (it shows only where it is inside ``header``).
        public var title: Rect
        /// The title's opacity, 0…1 (below 1 only under Reduce Motion).
        public var titleOpacity: Double
        /// The blurred copy's opacity over the header image, 0…1.
        public var blurOpacity: Double
        /// The tab bar's frame on screen, nil without one: it scrolls with the content until its
        /// top meets the stuck header's bottom, then stays.
        public var tabBar: Rect?
        /// How far the tab bar is held down against the content's scroll (its translation within
        /// the content), ≥ 0.
        public var tabBarHold: Double
        /// How far the content is pulled down past rest (for a refresh control), ≥ 0.
        public var pullDistance: Double
    }

    /// The header at scroll offset `offset` (points from rest; negative when pulled down). Allocates
    /// nothing.
    public func frame(offset: Double) -> Frame {
        let offset = offset.finite(or: 0).clamped(to: -Layout.limit...Layout.limit)
        let width = layout.width, bottom = layout.headerBottom
        let scale = tracks.headerScale.value(at: offset)
        let lift = tracks.headerTranslation.value(at: offset)
        let header = Rect(x: width / 2 - width * scale / 2, y: lift, width: width * scale, height: bottom * scale)
        let avatarScale = tracks.avatarScale.value(at: offset)
        let rest = layout.avatar
        let avatar = Rect(x: rest.midX - rest.width * avatarScale / 2, y: rest.maxY - offset - rest.height * avatarScale,
                          width: rest.width * avatarScale, height: rest.height * avatarScale)
        let titleCenter = Point(x: width / 2, y: tracks.titleCenterY.value(at: offset))
        let titleSize = layout.titleSize
        // Header coordinates to the screen: about the top-centre anchor, then lifted.
        let titleOnScreen = Rect(x: width / 2 + (titleCenter.x - titleSize.width / 2 - width / 2) * scale,
                                 y: lift + (titleCenter.y - titleSize.height / 2) * scale,
                                 width: titleSize.width * scale, height: titleSize.height * scale)
        let hold = tracks.tabBarHold.value(at: offset)
        let tabBar = layout.tabBar.map { Rect(x: $0.minX, y: $0.minY - offset + hold, width: $0.width, height: $0.height) }
        return Frame(offset: offset, headerScale: scale, headerTranslation: lift, header: header,
                     isHeaderInFront: offset > layout.stickyOffset, contentTranslation: -offset,
                     avatarScale: avatarScale, avatar: avatar, titleCenter: titleCenter, title: titleOnScreen,
                     titleOpacity: tracks.titleOpacity.value(at: offset), blurOpacity: tracks.blurOpacity.value(at: offset),
                     tabBar: tabBar, tabBarHold: hold, pullDistance: Swift.max(0, -offset))
    }
}
