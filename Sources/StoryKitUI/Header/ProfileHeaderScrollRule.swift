import StoryKit

// MARK: - ProfileHeaderScrollRule

/// The scroll view arithmetic of the profile header's UIKit front-end: the offset from rest fed to
/// ``StoryKit/StretchyHeader``, the top inset that reserves the header's space, and the
/// conversion of the app's views to the scroll view's visible coordinates at rest. Plain values
/// (points), tested on Linux.
///
/// At rest the content's top sits `restInsetTop` below the scroll view's top, where
/// `restInsetTop` is `adjustedContentInset.top` less what a refreshing `UIRefreshControl` adds:
/// the refresh control holds the content down by its height while it spins, and that is a pull,
/// not the rest, so the header stays stretched. The offset from rest is
/// `contentOffset.y + restInsetTop` (0 at rest, negative pulled down). The inset the front-end
/// sets, `contentInset.top`, is the header's bottom (`safeAreaTop + headerHeight`) less what UIKit
/// adds on its own (the safe area under `.automatic`, `.scrollableAxes` or `.always` adjustment),
/// so that the content's rest top is the header's bottom whatever the adjustment behaviour.
package enum ProfileHeaderScrollRule {
    /// What a scroll view reports, in points.
    package struct Scroll: Sendable, Hashable {
        /// `contentOffset.y`.
        package var contentOffsetY: Double
        /// `contentOffset.x`.
        package var contentOffsetX: Double
        /// `contentInset.top` (the app's or the front-end's own).
        package var contentInsetTop: Double
        /// `adjustedContentInset.top`: `contentInset.top`, plus the safe area as the adjustment
        /// behaviour says, plus a refreshing refresh control's height.
        package var adjustedInsetTop: Double
        /// `adjustedContentInset.left`.
        package var adjustedInsetLeft: Double
        /// The refresh control's height while it is refreshing, 0 otherwise (or without one).
        package var refreshingHeight: Double
        /// `isTracking`: a finger is on the content.
        package var isTracking: Bool
        /// `isDecelerating`: the content moves on after the finger left (a fling or a bounce).
        package var isDecelerating: Bool

        /// A scroll view's state; see each property.
        package init(contentOffsetY: Double, contentOffsetX: Double = 0, contentInsetTop: Double, adjustedInsetTop: Double,
                     adjustedInsetLeft: Double = 0, refreshingHeight: Double = 0, isTracking: Bool = false,
                     isDecelerating: Bool = false) {
            self.contentOffsetY = contentOffsetY
            self.contentOffsetX = contentOffsetX
            self.contentInsetTop = contentInsetTop
            self.adjustedInsetTop = adjustedInsetTop
            self.adjustedInsetLeft = adjustedInsetLeft
            self.refreshingHeight = refreshingHeight
            self.isTracking = isTracking
            self.isDecelerating = isDecelerating
        }

        /// Whether the content is moving under a finger or on its own.
        package var isScrolling: Bool { isTracking || isDecelerating }
    }

    /// What to do with the top inset.
    package enum InsetDecision: Sendable, Hashable {
        /// The inset is already right.
        case keep
        /// The inset is wrong but the content is moving (or a refresh control spins): try again
        /// when it stops.
        case deferred
        /// Set `contentInset.top` and `contentOffset.y` to these (points): the offset moves by
        /// the inset's change, so the content stays where it was relative to its rest.
        case apply(contentInsetTop: Double, contentOffsetY: Double)
    }

    /// The distance from the scroll view's top to the content's top at rest, in points, ≥ 0:
    /// `adjustedContentInset.top` less a refreshing refresh control's height.
    package static func restInsetTop(_ scroll: Scroll) -> Double {
        Swift.max(0, finite(scroll.adjustedInsetTop) - Swift.max(0, finite(scroll.refreshingHeight)))
    }

    /// The scroll offset from rest for ``StoryKit/StretchyHeader/frame(offset:)``, in points:
    /// `contentOffset.y + restInsetTop` (0 at rest, negative pulled down, −refresh height while
    /// a refresh control spins with the content resting under it). A non-finite content offset
    /// counts as the rest (0).
    package static func offset(_ scroll: Scroll) -> Double {
        guard scroll.contentOffsetY.isFinite else { return 0 }
        return scroll.contentOffsetY + restInsetTop(scroll)
    }

    /// What UIKit adds to `contentInset.top` on its own (the safe area, as the adjustment
    /// behaviour says), in points, ≥ 0.
    package static func systemInsetTop(_ scroll: Scroll) -> Double {
        Swift.max(0, restInsetTop(scroll) - finite(scroll.contentInsetTop))
    }

    /// The `contentInset.top` that puts the content's rest top at the header's bottom: the
    /// header's bottom less ``systemInsetTop(_:)``, ≥ 0.
    ///
    /// - Parameter headerBottom: ``StoryKit/StretchyHeader/Layout/headerBottom``, in points.
    package static func reservedInsetTop(headerBottom: Double, _ scroll: Scroll) -> Double {
        Swift.max(0, finite(headerBottom) - systemInsetTop(scroll))
    }

    /// Whether and how to change the top inset for a header whose bottom is `headerBottom`: kept
    /// when right (within `tolerance`), deferred while the content moves or a refresh control
    /// spins (so the inset, hence the content's place, never changes mid-scroll), else applied
    /// with the content offset moved by the change.
    ///
    /// - Parameters:
    ///   - headerBottom: The header's bottom, `safeAreaTop + headerHeight`, in points.
    ///   - scroll: The scroll view's state.
    ///   - tolerance: The change ignored, in points (half a pixel at 1×, 0.5, by default).
    package static func insetDecision(headerBottom: Double, _ scroll: Scroll, tolerance: Double = 0.5) -> InsetDecision {
        insetDecision(reservedInsetTop: reservedInsetTop(headerBottom: headerBottom, scroll), scroll, tolerance: tolerance)
    }

    /// Whether and how to change the top inset to `reservedInsetTop` (a
    /// ``ProfileHeaderInsetSplit/contentInsetTop``): kept when right (within `tolerance`),
    /// deferred while the content moves or a refresh control spins, else applied with the content
    /// offset moved by the change.
    package static func insetDecision(reservedInsetTop: Double, _ scroll: Scroll, tolerance: Double = 0.5) -> InsetDecision {
        let wanted = Swift.max(0, finite(reservedInsetTop))
        let current = finite(scroll.contentInsetTop)
        guard Swift.abs(wanted - current) > tolerance else { return .keep }
        guard !scroll.isScrolling, scroll.refreshingHeight <= 0 else { return .deferred }
        return .apply(contentInsetTop: wanted, contentOffsetY: finite(scroll.contentOffsetY) - (wanted - current))
    }

    /// A rectangle in the scroll view's content coordinates (a view's untransformed frame
    /// converted to the scroll view) in the scroll view's visible coordinates at rest, the
    /// model's: moved down by the rest inset and right by the left inset.
    package static func restRect(contentRect: Rect, _ scroll: Scroll) -> Rect {
        Rect(x: finite(contentRect.minX) + finite(scroll.adjustedInsetLeft), y: finite(contentRect.minY) + restInsetTop(scroll),
             width: finite(contentRect.width), height: finite(contentRect.height))
    }

    /// A view's frame without its transform, in its superview's coordinates: its bounds' size
    /// placed so that its anchor point lies on its centre (`UIView.center` is the layer's
    /// position), as UIKit places it.
    ///
    /// - Parameters:
    ///   - center: The view's `center` (the layer's position), in points.
    ///   - size: The view's bounds size, in points.
    ///   - anchor: The layer's `anchorPoint`, in unit coordinates (0.5, 0.5 by default).
    package static func untransformedFrame(center: Point, size: Size, anchor: Point) -> Rect {
        Rect(x: center.x - size.width * anchor.x, y: center.y - size.height * anchor.y, width: size.width, height: size.height)
    }

    /// The `contentOffset.y` that keeps the content where it was relative to its rest when
    /// `contentInset.top` changes from `currentInsetTop` to `newInsetTop` (at detach, the app's
    /// inset given back): the offset moves by the change, in points, as in
    /// ``insetDecision(reservedInsetTop:_:tolerance:)``. Non-finite values count as 0.
    package static func offsetY(_ offsetY: Double, keepingContentFrom currentInsetTop: Double, to newInsetTop: Double) -> Double {
        finite(offsetY) - (finite(newInsetTop) - finite(currentInsetTop))
    }

    /// `value`, or 0 when it is not finite.
    static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}
