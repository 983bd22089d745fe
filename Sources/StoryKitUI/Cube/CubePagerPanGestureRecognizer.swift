#if canImport(UIKit)
import MotionCore
import UIKit
import UIKit.UIGestureRecognizerSubclass

/// The pager's pan: a `UIPanGestureRecognizer` that also reports the moment a finger comes
/// down and the touches' own timestamps, and is its own delegate.
///
/// A pan begins only after the finger has moved, but a settling cube must stop under the finger
/// at once, so the recogniser calls ``onTouchDown`` from `touchesBegan`, while still possible,
/// without recognising anything: taps and the page's own buttons are not affected. ``onReset``
/// fires when the recogniser is done with the touch sequence, however it ended (recognised,
/// failed because another recogniser won or it was refused, or a tap that never moved).
///
/// Its delegate is itself (the pager sets it), not the pager view: `UIView` has its own
/// `gestureRecognizerShouldBegin(_:)`, which UIKit also asks about recognisers of other views
/// (a parent's dismiss pan) when a touch lands in the pager, and the pager's rules must not
/// apply to those.
@MainActor
final class CubePagerPanGestureRecognizer: UIPanGestureRecognizer, UIGestureRecognizerDelegate {
    /// Called when the first finger of a sequence comes down (``track`` holds it).
    var onTouchDown: (() -> Void)?
    /// Called from `reset()`, before the touch state is cleared.
    var onReset: (() -> Void)?
    /// The tracked finger's places and the latest touch time (see ``PanTouchTrack``); recorded
    /// before `super`, so that the action sent for an event reads them.
    private(set) var track = PanTouchTrack<UITouch>()

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let beganTracking = track.began(located(touches).first, timestamp: event.timestamp)
        super.touchesBegan(touches, with: event)
        if beganTracking, track.touch != nil { onTouchDown?() }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        track.changed(located(touches), timestamp: event.timestamp)
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        track.changed(located(touches), timestamp: event.timestamp)
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        track.changed([], timestamp: event.timestamp)
        super.touchesCancelled(touches, with: event)
    }

    override func reset() {
        onReset?()
        super.reset()
        track.reset()
    }

    /// `touches` with their locations in the view, in points.
    private func located(_ touches: Set<UITouch>) -> [(touch: UITouch, location: Point)] {
        touches.map { (touch: $0, location: Point($0.location(in: view))) }
    }

    // MARK: - UIGestureRecognizerDelegate

    /// The pager's rules (``CubePagerView/panShouldBegin()``).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        (view as? CubePagerView)?.panShouldBegin() ?? false
    }

    /// Inner scroll views' pans wait for the pager's pan to fail, so that a drag the pager takes
    /// (at a scroll view's edge) does not also scroll or bounce the scroll view.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        (view as? CubePagerView)?.isInnerScrollViewPan(otherGestureRecognizer) ?? false
    }
}
#endif
