#if canImport(UIKit)
import MotionCore
import UIKit
import UIKit.UIGestureRecognizerSubclass

/// The pager's pan: a `UIPanGestureRecognizer` that reports each of its callbacks as a
/// ``CubePanBridge/PanEvent`` (the moment a finger comes down too), keeps the touches' own
/// timestamps, and is its own delegate and target.
///
/// A pan begins only after the finger has moved, but a settling cube must stop under the finger
/// at once, so the recogniser reports `touchDown` from `touchesBegan`, while still possible,
/// without recognising anything: taps and the page's own buttons are not affected. `reset`
/// comes when the recogniser is done with the touch sequence, however it ended (recognised,
/// failed because another recogniser won or it was refused, or a tap that never moved).
///
/// Its delegate is itself (the pager sets it), not the pager view: `UIView` has its own
/// `gestureRecognizerShouldBegin(_:)`, which UIKit also asks about recognisers of other views
/// (a parent's dismiss pan) when a touch lands in the pager, and the pager's rules must not
/// apply to those.
@MainActor
final class CubePagerPanGestureRecognizer: UIPanGestureRecognizer, UIGestureRecognizerDelegate {
    /// Called with each callback: the first finger of a sequence down (``track`` holds it), the
    /// pan's states, and `reset()` (before the touch state is cleared).
    var onEvent: ((CubePanBridge.PanEvent) -> Void)?
    /// The tracked finger's places and the latest touch time (see ``PanTouchTrack``); recorded
    /// before `super`, so that the action sent for an event reads them.
    private(set) var track = PanTouchTrack<UITouch>()

    /// A recogniser that is its own target.
    init() {
        super.init(target: nil, action: nil)
        addTarget(self, action: #selector(stateDidChange))
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let beganTracking = track.began(located(touches).first, timestamp: event.timestamp)
        super.touchesBegan(touches, with: event)
        if beganTracking { onEvent?(.touchDown) }
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
        onEvent?(.reset)
        super.reset()
        track.reset()
    }

    /// The action: reports the pan's began, changed, ended and cancelled (or failed) states.
    @objc private func stateDidChange() {
        CubePanBridge.PanEvent(GesturePhase(rawState: state.rawValue), at: Point(location(in: view))).map { onEvent?($0) }
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
