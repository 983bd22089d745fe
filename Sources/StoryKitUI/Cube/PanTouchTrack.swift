import StoryKit

// MARK: - PanTouchTrack

/// Which finger the cube's pan follows, where it came down and where it is, and the latest
/// touch time, as plain values (``CubePagerPanGestureRecognizer`` feeds it UIKit's touches).
///
/// The first finger of a sequence is tracked until the recogniser resets: a second finger never
/// replaces it and its moves are not recorded. Every touch event, tracked finger or not, updates
/// the time. Generic over the touch type so that it is tested on every platform.
///
/// A state machine over time: touch events arrive in order on the main thread, ending with a
/// reset.
package struct PanTouchTrack<Touch: Equatable> {
    /// The tracked finger, if any.
    package private(set) var touch: Touch?
    /// Where the tracked finger came down, in the recogniser's view's coordinates (points).
    package private(set) var touchDown: Point?
    /// The tracked finger's latest location, in the view's coordinates (points).
    package private(set) var latest: Point?
    /// The timestamp of the latest touch event, in seconds of system uptime (the clock of
    /// `CACurrentMediaTime()`).
    package private(set) var timestamp = 0.0

    /// Nothing tracked, at time 0.
    package init() {}

    /// Fingers came down at `timestamp`; `first` is one of them, with its location (points).
    ///
    /// - Returns: Whether this began the tracking (the first finger of the sequence): the
    ///   recogniser then reports the touch-down.
    package mutating func began(_ first: (touch: Touch, location: Point)?, timestamp: Double) -> Bool {
        self.timestamp = timestamp
        guard touch == nil, let first else { return false }
        touch = first.touch
        touchDown = first.location
        latest = first.location
        return true
    }

    /// Fingers moved, lifted or were cancelled at `timestamp`; the tracked finger's place is
    /// recorded when it is among `touches`.
    ///
    /// - Parameters:
    ///   - touches: The touches of the event with their locations, in points (none for a
    ///     cancellation, which records the time only).
    ///   - timestamp: The event's time, in seconds of system uptime.
    package mutating func changed(_ touches: [(touch: Touch, location: Point)], timestamp: Double) {
        self.timestamp = timestamp
        if let touch, let moved = touches.first(where: { $0.touch == touch }) { latest = moved.location }
    }

    /// The recogniser reset: nothing is tracked (the time stays).
    package mutating func reset() {
        touch = nil
        touchDown = nil
        latest = nil
    }
}
