import MotionCore

// MARK: - TouchDriven

/// An effect driven by one finger and the frame clock: raw touches and frame times in, events
/// out, the one input shape of the touch-driven effects (``CubePager``, ``StoriesViewer``,
/// ``ZoomTransition``).
///
/// A front-end forwards its gesture recogniser's touches (UIKit's `touchesBegan…`, a pan's
/// states, SwiftUI's `DragGesture`) and each display-link frame; a test or the command line
/// replays a ``GestureScript`` the same way. Points are in the effect's container's points
/// (origin top-left, y down) and times in seconds on one input clock. Every method takes the
/// time it happens at, so an effect never reads a clock, and returns what happened, in order.
/// A non-finite point or time is ignored; a time before the latest one counts as the latest.
///
/// ```swift
/// var cube = CubePager(pageCount: 3, pageSize: Size(width: 390, height: 844))
/// cube.touchBegan(at: Point(x: 300, y: 400), time: 0)
/// cube.touchMoved(to: Point(x: 100, y: 400), time: 0.1)
/// let events = cube.touchEnded(at: Point(x: 60, y: 400), time: 0.12) + cube.advance(to: 1)
/// ```
///
/// Effects that take other input have their own methods and the same ``advance(to:)``:
/// ``StoryRing`` (tap, ready, cancel), ``StoryTray`` (scroll offset and taps) and
/// ``StretchyHeader`` (the scroll offset, given to each frame).
public protocol TouchDriven: Sendable {
    /// What the effect reports to its host (a page changed, a transition finished…).
    associatedtype Event: Sendable

    /// A finger came down at `point` (points) at `time` (seconds).
    ///
    /// - Returns: Events that happened by `time`, in order.
    mutating func touchBegan(at point: Point, time: Double) -> [Event]

    /// The finger moved to `point` (points) at `time` (seconds).
    ///
    /// - Returns: Events that happened by `time`, in order.
    mutating func touchMoved(to point: Point, time: Double) -> [Event]

    /// The finger lifted at `point` (points) at `time` (seconds).
    ///
    /// - Returns: Events that happened by `time`, in order.
    mutating func touchEnded(at point: Point, time: Double) -> [Event]

    /// The system took the touch (a call, a system gesture) at `time` (seconds).
    ///
    /// - Returns: Events that happened by `time`, in order.
    mutating func touchCancelled(time: Double) -> [Event]

    /// A frame at `time` (seconds): moves the effect's clock on.
    ///
    /// - Returns: Events that happened by `time` (a settle that ended, a transition that
    ///   finished), in order.
    mutating func advance(to time: Double) -> [Event]
}

// MARK: - Conformances

extension CubePager: TouchDriven {}

extension StoriesViewer: TouchDriven {}

extension ZoomTransition: TouchDriven {}
