import StoryKit

// MARK: - MediaReportQueue

/// The reports a front-end's media source has not handed over yet: events stamped with the time
/// they arrived, taken in order up to a time (``StoryKit/StoryMediaSource/reports(through:)``).
/// Plain values, tested on Linux.
package struct MediaReportQueue: Sendable, Hashable {
    /// The reports not yet taken, in arrival order.
    package private(set) var pending: [MediaReport] = []

    /// An empty queue.
    package init() {}

    /// The latest time a report was stamped with, taken or not (−∞ before the first), in seconds.
    private var lastStamp = -Double.infinity

    /// Keeps `events` of item `id`, in order, stamped `time` (seconds; a time earlier than the
    /// last report's, taken or not, counts as that time, so times never go back; a time that is
    /// not finite counts as the last report's too, or 0 before the first, so no report waits for
    /// ever behind it and none is stamped with a time the viewer refuses).
    ///
    /// - Returns: Whether anything was added.
    @discardableResult
    package mutating func append(_ events: [StoriesViewer.MediaEvent], for id: String, at time: Double) -> Bool {
        guard !events.isEmpty else { return false }
        let stamp = time.isFinite ? Swift.max(time, lastStamp) : (lastStamp.isFinite ? lastStamp : 0)
        lastStamp = stamp
        pending += events.map { MediaReport(id: id, event: $0, time: stamp) }
        return true
    }

    /// The reports up to `time`, in order, each once; later ones stay.
    package mutating func take(through time: Double) -> [MediaReport] {
        let due = pending.prefix { $0.time <= time }
        pending.removeFirst(due.count)
        return Array(due)
    }

    /// Forgets every report (the viewer closed).
    package mutating func removeAll() {
        pending = []
    }
}
