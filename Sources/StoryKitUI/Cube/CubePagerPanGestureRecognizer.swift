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
    /// The tracked touch's latest timestamp, in seconds of system uptime.
    private(set) var latestTimestamp: TimeInterval = 0
    private var trackedTouch: UITouch?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        let isFirst = trackedTouch == nil
        if isFirst, let touch = touches.first {
            trackedTouch = touch
            record(touch)
            touchDownLocation = latestLocation
        }
        super.touchesBegan(touches, with: event)
        if isFirst, trackedTouch != nil { onTouchDown?() }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if let trackedTouch, touches.contains(trackedTouch) { record(trackedTouch) }
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if let trackedTouch, touches.contains(trackedTouch) { record(trackedTouch) }
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if let trackedTouch, touches.contains(trackedTouch) { latestTimestamp = trackedTouch.timestamp }
        super.touchesCancelled(touches, with: event)
    }

    override func reset() {
        onReset?()
        super.reset()
        trackedTouch = nil
        touchDownLocation = nil
        latestLocation = nil
    }

    private func record(_ touch: UITouch) {
        latestLocation = touch.location(in: view)
        latestTimestamp = touch.timestamp
    }
}
#endif
