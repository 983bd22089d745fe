#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - CubePagerView + Gestures

extension CubePagerView {
    /// Gives `inputs` to the model at `time`, drawing after each.
    func apply(_ inputs: [CubePanBridge.Input], time: Double) {
        for input in inputs { perform { input.apply(to: &$0, time: time) } }
    }

    /// A finger came down: the model takes the touch at once, so a settling cube stops under it.
    func panTouchDown() {
        apply(bridge.touchDown(at: pan.touchDownLocation.map(Point.init)), time: pan.latestTimestamp)
    }

    /// The pan is done with the sequence (see ``CubePanBridge/panDidReset(latest:touchDown:)``).
    func panDidReset() {
        apply(bridge.panDidReset(latest: pan.latestLocation.map(Point.init), touchDown: pan.touchDownLocation.map(Point.init)),
              time: pan.latestTimestamp)
    }

    @objc func handlePan(_ recognizer: UIPanGestureRecognizer) {
        let location = Point(recognizer.location(in: self))
        let time = pan.latestTimestamp
        switch recognizer.state {
        case .began:
            apply(bridge.panBegan(at: location, touchDown: pan.touchDownLocation.map(Point.init)), time: time)
        case .changed:
            apply(bridge.panChanged(to: location), time: time)
        case .ended:
            apply(bridge.panEnded(at: location), time: time)
        case .cancelled, .failed:
            apply(bridge.panCancelled(), time: time)
        default:
            break
        }
    }

    /// Whether the pan may begin for the drag so far (see ``panGestureRecognizer``): not for a
    /// mostly vertical drag, not while a scroll view under the finger can scroll that way. A
    /// refused drag lets go of a held settle.
    func panShouldBegin() -> Bool {
        let translation = pan.translation(in: self)
        let dx = Double(translation.x), dy = Double(translation.y)
        var begins = model.pageCount > 0 && model.hasUsableSize && !CubePager.isVerticalDrag(dx: dx, dy: dy)
        if begins, let down = pan.touchDownLocation, scrollViewTakesDrag(at: down, fingerDeltaX: dx) { begins = false }
        if !begins {
            apply(bridge.panRefused(touchDown: pan.touchDownLocation.map(Point.init), latest: pan.latestLocation.map(Point.init)),
                  time: pan.latestTimestamp)
        }
        return begins
    }

    /// Whether a horizontally scrollable scroll view between the view under `point` and the
    /// pager can still scroll for a drag of `fingerDeltaX` points.
    private func scrollViewTakesDrag(at point: CGPoint, fingerDeltaX: Double) -> Bool {
        var view = hitTest(point, with: nil)
        while let current = view, current !== self {
            if let scrollView = current as? UIScrollView, scrollView.isScrollEnabled,
               scrollView.panGestureRecognizer.isEnabled {
                let inset = scrollView.adjustedContentInset
                let minimum = -Double(inset.left)
                let maximum = Double(scrollView.contentSize.width + inset.right - scrollView.bounds.width)
                if NestedScrolling.canScroll(fingerDeltaX: fingerDeltaX, contentOffsetX: Double(scrollView.contentOffset.x),
                                             minimumOffsetX: minimum, maximumOffsetX: maximum) {
                    return true
                }
            }
            view = current.superview
        }
        return false
    }

    /// Whether `recognizer` is the pan of a scroll view inside the pager's pages.
    func isInnerScrollViewPan(_ recognizer: UIGestureRecognizer) -> Bool {
        guard let scrollView = recognizer.view as? UIScrollView, scrollView.panGestureRecognizer === recognizer else { return false }
        return scrollView.isDescendant(of: contentView)
    }
}

// MARK: - CubePagerGestureDelegate

/// The pan's delegate, kept apart from the pager view: `UIView` has its own
/// `gestureRecognizerShouldBegin(_:)`, which UIKit also asks about recognisers of other views
/// (a parent's dismiss pan) when a touch lands in the pager, and the pager's rules must not
/// apply to those.
@MainActor
final class CubePagerGestureDelegate: NSObject, UIGestureRecognizerDelegate {
    weak var pagerView: CubePagerView?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        pagerView?.panShouldBegin() ?? false
    }

    /// Inner scroll views' pans wait for the pager's pan to fail, so that a drag the pager takes
    /// (at a scroll view's edge) does not also scroll or bounce the scroll view.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        pagerView?.isInnerScrollViewPan(otherGestureRecognizer) ?? false
    }
}
#endif
