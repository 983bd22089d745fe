#if canImport(UIKit)
import StoryKit
import UIKit

// MARK: - CubePagerView + Gestures

extension CubePagerView {
    /// A finger came down: the model takes the touch at once, so a settling cube stops under it.
    func panTouchDown() {
        guard let location = pan.touchDownLocation else { return }
        let time = pan.latestTimestamp
        if modelHasTouch { releaseHeldTouch() }  // a stale sequence that never reported its end
        modelHasTouch = true
        perform { $0.touchBegan(at: Point(location), time: time) }
    }

    /// The pan is done with the sequence. If it never began (a tap, a vertical drag, a drag that
    /// went to a scroll view, another recogniser won), end the model's touch where it lies. If it
    /// began and its end was not delivered first, end the drag at the finger's last place.
    func panDidReset() {
        if isPanning {
            isPanning = false
            modelHasTouch = false
            let point = Point(pan.latestLocation ?? pan.touchDownLocation ?? .zero)
            let time = pan.latestTimestamp
            perform { $0.touchEnded(at: point, time: time) }
        } else {
            releaseHeldTouch()
        }
    }

    /// Ends a model touch that the pan did not turn into a drag, as a release without movement:
    /// a settle the touch interrupted goes on to its page.
    func releaseHeldTouch() {
        guard modelHasTouch, !isPanning else { return }
        modelHasTouch = false
        let point = Point(pan.touchDownLocation ?? pan.latestLocation ?? .zero)
        let time = pan.latestTimestamp
        perform { $0.touchEnded(at: point, time: time) }
    }

    @objc func handlePan(_ recognizer: UIPanGestureRecognizer) {
        let location = Point(recognizer.location(in: self))
        let time = pan.latestTimestamp
        switch recognizer.state {
        case .began:
            isPanning = true
            if !modelHasTouch, let down = pan.touchDownLocation {
                modelHasTouch = true
                perform { $0.touchBegan(at: Point(down), time: time) }
            }
            perform { $0.touchMoved(to: location, time: time); return [] }
        case .changed:
            perform { $0.touchMoved(to: location, time: time); return [] }
        case .ended:
            guard isPanning else { return }
            isPanning = false
            modelHasTouch = false
            perform { $0.touchEnded(at: location, time: time) }
        case .cancelled, .failed:
            guard isPanning else { return }
            isPanning = false
            modelHasTouch = false
            perform { $0.touchCancelled(time: time) }
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
        if !begins { releaseHeldTouch() }
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
