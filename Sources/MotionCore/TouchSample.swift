/// One position of a finger at one instant, as a gesture recognizer reports it.
///
/// ``VelocityTracker`` estimates the release velocity from a short history of these. The time is
/// in seconds on any monotonic clock (`CACurrentMediaTime()`, `UITouch.timestamp`, a test's
/// virtual clock); only differences between samples matter. The position is in points, in any
/// fixed coordinate space (UIKit's, with y growing downward, in StoryKit).
///
/// ```swift
/// var tracker = VelocityTracker()
/// tracker.add(TouchSample(time: touch.timestamp, position: Point(x: 120, y: 300)))
/// ```
public struct TouchSample: Sendable, Hashable, Codable {
    /// When the finger was at ``position``, in seconds.
    public var time: Double
    /// Where the finger was at ``time``, in points.
    public var position: Point

    /// Creates a sample from a time and a position.
    ///
    /// - Parameters:
    ///   - time: The instant of the sample, in seconds on a monotonic clock.
    ///   - position: The finger's location at that instant, in points.
    @inlinable
    public init(time: Double, position: Point) {
        self.time = time
        self.position = position
    }

    /// `true` when the time and both coordinates are finite; ``VelocityTracker`` ignores other
    /// samples.
    @inlinable
    public var isFinite: Bool { time.isFinite && position.isFinite }
}
