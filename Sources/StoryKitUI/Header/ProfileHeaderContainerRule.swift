import StoryKit

// MARK: - ProfileHeaderContainerRule

/// Which view the profile header floats in (its container), and when. Plain values, tested on
/// Linux.
///
/// The header is a sibling of the scroll view's branch in the container, below it in the
/// subview order. It goes in the container the app gives (the view controller's `view`,
/// typically), else the `view` of the view controller that owns the scroll view, and never in
/// the scroll view's `superview` as such: under a `UITableViewController` that is UIKit's private
/// wrapper view (and nil in `viewDidLoad`). A `UITableViewController`'s `view` is the table
/// itself, so it cannot hold the header: there the app must give a container. While the scroll
/// view is not yet in the container (or in any view controller's view) the choice waits
/// (``Choice/deferred``) and is made again on the next layout.
package enum ProfileHeaderContainerRule {
    /// What the front-end sees of the view hierarchy.
    package struct Hierarchy: Sendable, Hashable {
        /// The app gave a container.
        package var explicitContainer: Bool
        /// The app's container is an ancestor of the scroll view (now).
        package var explicitContainsScrollView: Bool
        /// A view controller's `view` is the scroll view or one of its ancestors (the responder
        /// chain reaches one).
        package var viewControllerView: Bool
        /// That view controller's `view` is the scroll view itself (a `UITableViewController`).
        package var viewControllerViewIsScrollView: Bool

        /// The hierarchy; see each property.
        package init(explicitContainer: Bool = false, explicitContainsScrollView: Bool = false,
                     viewControllerView: Bool = false, viewControllerViewIsScrollView: Bool = false) {
            self.explicitContainer = explicitContainer
            self.explicitContainsScrollView = explicitContainsScrollView
            self.viewControllerView = viewControllerView
            self.viewControllerViewIsScrollView = viewControllerViewIsScrollView
        }
    }

    /// Where the header goes.
    package enum Choice: Sendable, Hashable {
        /// In the app's container.
        case explicitContainer
        /// In the owning view controller's `view`.
        case viewControllerView
        /// Not yet: the scroll view is not in its container yet; choose again on the next layout.
        case deferred
        /// Nowhere the header can go (a `UITableViewController` without a container): the app
        /// must give one. The header is not shown.
        case unavailable
    }

    /// The container for `hierarchy`.
    package static func choose(_ hierarchy: Hierarchy) -> Choice {
        if hierarchy.explicitContainer {
            return hierarchy.explicitContainsScrollView ? .explicitContainer : .deferred
        }
        guard hierarchy.viewControllerView else { return .deferred }
        return hierarchy.viewControllerViewIsScrollView ? .unavailable : .viewControllerView
    }
}

// MARK: - ProfileHeaderBarHitRule

/// Where a touch goes while the tab bar is pinned under the stuck header. Plain values, tested on
/// Linux.
///
/// The tab bar stays in the app's content (a table's `tableHeaderView`) and is held under the
/// stuck header by a transform, so once pinned it lies outside its superview's bounds and behind
/// later rows in the subview order: UIKit's hit testing would give its touches to the rows
/// scrolling under it. The front-end puts a touch router over the scroll view, in the container,
/// exactly over ``touchRect(_:)``; it hands the touch to the bar (the bar's own hit test), and
/// the scroll view's pan still sees it (the bar is inside the scroll view). The floating header
/// never takes touches: above the bar's rect they scroll the content.
package enum ProfileHeaderBarHitRule {
    /// The rectangle, in the scroll view's visible coordinates, whose touches go to the tab bar:
    /// the bar's frame while it is held (pinned), less any part the header covers in front; nil
    /// while the bar scrolls with the content (ordinary hit testing reaches it) or without one.
    package static func touchRect(_ frame: StretchyHeader.Frame) -> Rect? {
        guard let bar = frame.tabBar, frame.tabBarHold > 0, bar.width > 0, bar.height > 0 else { return nil }
        let top = frame.isHeaderInFront ? Swift.max(bar.minY, frame.header.maxY) : bar.minY
        guard top < bar.maxY else { return nil }
        return Rect(x: bar.minX, y: top, width: bar.width, height: bar.maxY - top)
    }

    /// ``touchRect(_:)`` in the container's coordinates, for a scroll view whose visible top-left
    /// is at `origin` there (where the touch router goes); nil when there is none.
    package static func touchRect(_ frame: StretchyHeader.Frame, origin: Point) -> Rect? {
        touchRect(frame).map { Rect(x: $0.minX + origin.x, y: $0.minY + origin.y, width: $0.width, height: $0.height) }
    }

    /// Whether a touch at `point` (the scroll view's visible coordinates) goes to the tab bar.
    package static func routesToBar(_ point: Point, _ frame: StretchyHeader.Frame) -> Bool {
        guard let rect = touchRect(frame) else { return false }
        return point.x >= rect.minX && point.x < rect.maxX && point.y >= rect.minY && point.y < rect.maxY
    }
}
