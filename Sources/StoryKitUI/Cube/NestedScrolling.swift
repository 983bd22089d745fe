// MARK: - NestedScrolling

/// The rule that shares a horizontal drag between the pager and a horizontally scrolling view
/// inside a page (a photo carousel, a row of stickers).
///
/// The pager's pan waits for the decision; when the finger has moved far enough for a pan to
/// begin, the scroll views between the touched view and the pager are asked, innermost first:
/// if any of them can still scroll in the direction of the drag, the drag is theirs (the pager's
/// pan fails and the scroll view's pan proceeds); if all of them are at their edge in that
/// direction, the drag turns the cube (and the scroll views' pans, which wait for the pager's to
/// fail, never begin). Once a drag belongs to a scroll view it stays with it, even when the
/// scroll view reaches its edge mid-drag: the next drag turns the cube. This is what
/// `UIPageViewController` does with nested scroll views.
package enum NestedScrolling {
    /// A scroll view between the touched view and the pager, as numbers (points).
    package struct ScrollView: Sendable, Hashable {
        /// Whether it scrolls at all: its `isScrollEnabled`, and its pan recogniser enabled.
        var isScrollable: Bool
        /// Its `contentOffset.x`, in points.
        var contentOffsetX: Double
        /// Its `contentSize.width`, in points.
        var contentWidth: Double
        /// Its `bounds.width`, in points.
        var boundsWidth: Double
        /// Its `adjustedContentInset.left`, in points.
        var insetLeft: Double
        /// Its `adjustedContentInset.right`, in points.
        var insetRight: Double
    }

    /// Whether a drag of `fingerDeltaX` points belongs to one of `scrollViews` (the scroll views
    /// from the touched view up to the pager, innermost first) rather than to the pager: one of
    /// them scrolls and can still scroll that way.
    static func takesDrag(fingerDeltaX: Double, scrollViews: [ScrollView]) -> Bool {
        scrollViews.contains { view in
            view.isScrollable
                && canScroll(fingerDeltaX: fingerDeltaX, contentOffsetX: view.contentOffsetX, contentWidth: view.contentWidth,
                             boundsWidth: view.boundsWidth, insetLeft: view.insetLeft, insetRight: view.insetRight)
        }
    }

    /// Whether a scroll view can still scroll for a drag going one way.
    ///
    /// - Parameters:
    ///   - fingerDeltaX: The drag's horizontal travel, in points; negative when the finger moves
    ///     left (which reveals content further right, increasing the content offset).
    ///   - contentOffsetX: The scroll view's `contentOffset.x`, in points.
    ///   - minimumOffsetX: The smallest resting offset, `−adjustedContentInset.left`.
    ///   - maximumOffsetX: The largest resting offset,
    ///     `contentSize.width + adjustedContentInset.right − bounds.width` (at least the minimum).
    ///   - tolerance: Points of slack at an edge (rounding of `contentOffset`); 0.5 by default.
    /// - Returns: `true` when the scroll view takes the drag, `false` when it is at (or past) its
    ///   edge that way, or the drag has no horizontal travel.
    static func canScroll(fingerDeltaX: Double, contentOffsetX: Double, minimumOffsetX: Double,
                          maximumOffsetX: Double, tolerance: Double = 0.5) -> Bool {
        guard fingerDeltaX.isFinite, contentOffsetX.isFinite, minimumOffsetX.isFinite, maximumOffsetX.isFinite else { return false }
        let maximum = max(maximumOffsetX, minimumOffsetX)
        if fingerDeltaX < 0 { return contentOffsetX < maximum - tolerance }
        if fingerDeltaX > 0 { return contentOffsetX > minimumOffsetX + tolerance }
        return false
    }

    /// Whether a scroll view can still scroll for a drag going one way, from the scroll view's
    /// own numbers: the resting offsets run from `−insetLeft` to
    /// `contentWidth + insetRight − boundsWidth`.
    ///
    /// - Parameters:
    ///   - fingerDeltaX: The drag's horizontal travel, in points; negative when the finger moves left.
    ///   - contentOffsetX: The scroll view's `contentOffset.x`, in points.
    ///   - contentWidth: Its `contentSize.width`, in points.
    ///   - boundsWidth: Its `bounds.width`, in points.
    ///   - insetLeft: Its `adjustedContentInset.left`, in points.
    ///   - insetRight: Its `adjustedContentInset.right`, in points.
    /// - Returns: `true` when the scroll view takes the drag.
    static func canScroll(fingerDeltaX: Double, contentOffsetX: Double, contentWidth: Double, boundsWidth: Double,
                          insetLeft: Double, insetRight: Double) -> Bool {
        canScroll(fingerDeltaX: fingerDeltaX, contentOffsetX: contentOffsetX, minimumOffsetX: -insetLeft,
                  maximumOffsetX: contentWidth + insetRight - boundsWidth)
    }
}
