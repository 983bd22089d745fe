#if canImport(UIKit)
import UIKit
import UIKit.UIGestureRecognizerSubclass

/// The pager's pan: a `UIPanGestureRecognizer` that also reports the moment a finger comes
/// down and the touches' own timestamps.
///
/// A pan begins only after the finger has moved, but a settling cube must stop under the finger
/// at once, so the recogniser calls ``onTouchDown`` from `touchesBegan`, while still possible,
/// without recognising anything: taps and the page's own buttons are not affected. ``onReset``
/// fires when the recogniser is done with the touch sequence, however it ended (recognised,
/// failed because another recogniser won or it was refused, or a tap that never moved).
@MainActor
final class CubePagerPanGestureRecognizer: UIPanGestureRecognizer {
    /// Called when the first finger of a sequence comes down (``touchDownLocation`` and
    /// ``latestTimestamp`` are set).
    var onTouchDown: (() -> Void)?
    /// Called from `reset()`, before the touch state is cleared.
    var onReset: (() -> Void)?
    /// Where the tracked finger came down, in the recogniser's view's coordinates (points).
    private(set) var touchDownLocation: CGPoint?
    /// The tracked finger's latest location, in the view's coordinates (points).
    private(set) var latestLocation: CGPoint?
    /// The timestamp of the latest touch event the recogniser saw, in seconds of system uptime
    /// (the clock of `CACurrentMediaTime()`).
    private(set) var latestTimestamp: TimeInterval = 0
    private var trackedTouch: UITouch?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        latestTimestamp = event.timestamp
        let isFirst = trackedTouch == nil
        if isFirst, let touch = touches.first {
            trackedTouch = touch
            latestLocation = touch.location(in: view)
            touchDownLocation = latestLocation
        }
        super.touchesBegan(touches, with: event)
        if isFirst, trackedTouch != nil { onTouchDown?() }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        record(touches, event)
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        record(touches, event)
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        latestTimestamp = event.timestamp
        super.touchesCancelled(touches, with: event)
    }

    override func reset() {
        onReset?()
        super.reset()
        trackedTouch = nil
        touchDownLocation = nil
        latestLocation = nil
    }

    /// Notes the event's time and, if the tracked finger moved, its place; before `super`, so
    /// that the action sent for this event reads them.
    private func record(_ touches: Set<UITouch>, _ event: UIEvent) {
        latestTimestamp = event.timestamp
        if let trackedTouch, touches.contains(trackedTouch) { latestLocation = trackedTouch.location(in: view) }
    }
}
#endif
