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
        apply(session.bridge.touchDown(at: pan.track.touchDown), time: pan.track.timestamp)
    }

    /// The pan is done with the sequence (see ``CubePanBridge/panDidReset(latest:touchDown:)``).
    func panDidReset() {
        apply(session.bridge.panDidReset(latest: pan.track.latest, touchDown: pan.track.touchDown), time: pan.track.timestamp)
    }

    @objc func handlePan(_ recognizer: UIPanGestureRecognizer) {
        let location = Point(recognizer.location(in: self))
        let time = pan.track.timestamp
        switch recognizer.state {
        case .began:
            apply(session.bridge.panBegan(at: location, touchDown: pan.track.touchDown), time: time)
        case .changed:
            apply(session.bridge.panChanged(to: location), time: time)
        case .ended:
            apply(session.bridge.panEnded(at: location), time: time)
        case .cancelled, .failed:
            apply(session.bridge.panCancelled(), time: time)
        default:
            break
        }
    }

    /// Whether the pan may begin for the drag so far (see ``panGestureRecognizer``): not for a
    /// mostly vertical drag, not while a scroll view under the finger can scroll that way. A
    /// refused drag lets go of a held settle.
    func panShouldBegin() -> Bool {
        let translation = Point(pan.translation(in: self))
        var begins = session.panMayBegin(dx: translation.x, dy: translation.y)
        if begins, let down = pan.track.touchDown, scrollViewTakesDrag(at: CGPoint(down), fingerDeltaX: translation.x) { begins = false }
        if !begins {
            apply(session.bridge.panRefused(touchDown: pan.track.touchDown, latest: pan.track.latest), time: pan.track.timestamp)
        }
        return begins
    }

    /// Whether a horizontally scrollable scroll view between the view under `point` and the
    /// pager can still scroll for a drag of `fingerDeltaX` points.
    private func scrollViewTakesDrag(at point: CGPoint, fingerDeltaX: Double) -> Bool {
        var view = hitTest(point, with: nil)
        while let current = view, current !== self {
            if let scrollView = current as? UIScrollView, scrollView.isScrollEnabled, scrollView.panGestureRecognizer.isEnabled,
               NestedScrolling.canScroll(fingerDeltaX: fingerDeltaX, contentOffsetX: Double(scrollView.contentOffset.x),
                                         contentWidth: Double(scrollView.contentSize.width),
                                         boundsWidth: Double(scrollView.bounds.width),
                                         insetLeft: Double(scrollView.adjustedContentInset.left),
                                         insetRight: Double(scrollView.adjustedContentInset.right)) {
                return true
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
#endif
