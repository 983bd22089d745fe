#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass

/// The viewer's one touch input: a recogniser that never recognises anything and hands every
/// touch phase to ``onTouches`` with the event's timestamp (seconds of system uptime, the
/// display link's clock). The model decides what the touch is.
///
/// It neither cancels nor delays the touches of the views under it, so a host's control works
/// as one; it is its own delegate: touches that begin on a control are the control's and
/// never reach the model, and it runs beside every other recogniser. ``onReset`` fires when
/// UIKit is done with the sequence, however it ended, so a finger the recogniser lost track of
/// is cancelled in the model.
@MainActor
final class StoriesTouchRecognizer: UIGestureRecognizer, UIGestureRecognizerDelegate {
    /// Called with each phase's touches and the event's timestamp.
    var onTouches: ((_ phase: StoriesTouchPhase, _ touches: Set<UITouch>, _ timestamp: TimeInterval) -> Void)?
    /// Called from `reset()`.
    var onReset: (() -> Void)?

    init() {
        super.init(target: nil, action: nil)
        cancelsTouchesInView = false
        delaysTouchesBegan = false
        delaysTouchesEnded = false
        requiresExclusiveTouchType = false
        delegate = self
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        onTouches?(.began, touches, event.timestamp)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        onTouches?(.moved, touches, event.timestamp)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        onTouches?(.ended, touches, event.timestamp)
        failIfNoFingerLeft(event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        onTouches?(.cancelled, touches, event.timestamp)
        failIfNoFingerLeft(event)
    }

    override func reset() {
        onReset?()
        super.reset()
    }

    /// It never prevents another recogniser, nor is it prevented.
    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// Ends the sequence once every finger is up, so UIKit resets the recogniser for the next.
    private func failIfNoFingerLeft(_ event: UIEvent) {
        let down = event.allTouches?.contains { $0.phase != .ended && $0.phase != .cancelled } ?? false
        if !down, state == .possible { state = .failed }
    }

    // MARK: UIGestureRecognizerDelegate

    /// A touch that begins on a control (a host's view over the viewer) is the control's.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        var view = touch.view
        while let current = view, current !== gestureRecognizer.view {
            if current is UIControl { return false }
            view = current.superview
        }
        return true
    }

    /// Every other recogniser runs beside this one.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }
}
#endif
