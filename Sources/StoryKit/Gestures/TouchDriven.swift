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

// MARK: - TouchInput

/// One touch input as a value: what a front-end's recogniser bridge decides to send and a
/// ``TouchDriven`` model receives, so that the decision is tested on its own and the delivery is
/// written once.
public enum TouchInput: Sendable, Hashable {
    /// ``TouchDriven/touchBegan(at:time:)`` at this point.
    case began(Point)
    /// ``TouchDriven/touchMoved(to:time:)`` to this point.
    case moved(Point)
    /// ``TouchDriven/touchEnded(at:time:)`` at this point.
    case ended(Point)
    /// ``TouchDriven/touchCancelled(time:)``.
    case cancelled

    /// Gives this input to `model` at `time` (seconds on the touch clock).
    ///
    /// - Returns: The events it caused.
    @discardableResult
    public func apply<Model: TouchDriven>(to model: inout Model, time: Double) -> [Model.Event] {
        switch self {
        case .began(let point): model.touchBegan(at: point, time: time)
        case .moved(let point): model.touchMoved(to: point, time: time)
        case .ended(let point): model.touchEnded(at: point, time: time)
        case .cancelled: model.touchCancelled(time: time)
        }
    }
}
