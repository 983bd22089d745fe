#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - CubePagerView + Gestures

extension CubePagerView {
    /// Hands the pan's `event` to the driver with the finger's places and the touch's time
    /// (``CubePagerDriver/panned(_:touchDown:latest:time:)``).
    func panDidReport(_ event: CubePanBridge.PanEvent) {
        driver.panned(event, touchDown: pan.track.touchDown, latest: pan.track.latest, time: pan.track.timestamp)
    }

    /// Whether the pan may begin for the drag so far (see ``panGestureRecognizer``): not for a
    /// mostly vertical drag, not while a scroll view under the finger can scroll that way. A
    /// refused drag lets go of a held settle.
    func panShouldBegin() -> Bool {
        let translation = Point(pan.translation(in: self))
        return driver.panShouldBegin(dx: translation.x, dy: translation.y, scrollViews: scrollViewsUnderTouchDown(),
                                     touchDown: pan.track.touchDown, latest: pan.track.latest, time: pan.track.timestamp)
    }

    /// The scroll views from the view where the finger came down up to the pager, innermost first.
    private func scrollViewsUnderTouchDown() -> [NestedScrolling.ScrollView] {
        guard let down = pan.track.touchDown, let touched = hitTest(CGPoint(down), with: nil) else { return [] }
        return sequence(first: touched, next: \.superview).prefix { $0 !== self }.compactMap { view in
            guard let scrollView = view as? UIScrollView else { return nil }
            return NestedScrolling.ScrollView(isScrollable: scrollView.isScrollEnabled && scrollView.panGestureRecognizer.isEnabled,
                                              contentOffsetX: scrollView.contentOffset.x, contentWidth: scrollView.contentSize.width,
                                              boundsWidth: scrollView.bounds.width, insetLeft: scrollView.adjustedContentInset.left,
                                              insetRight: scrollView.adjustedContentInset.right)
        }
    }

    /// Whether `recognizer` is the pan of a scroll view inside the pager's pages.
    func isInnerScrollViewPan(_ recognizer: UIGestureRecognizer) -> Bool {
        guard let scrollView = recognizer.view as? UIScrollView, scrollView.panGestureRecognizer === recognizer else { return false }
        return scrollView.isDescendant(of: contentView)
    }
}
#endif
