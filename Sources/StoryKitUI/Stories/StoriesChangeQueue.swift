// MARK: - StoriesChangeQueue

/// The order of the Stories controller's model changes, as plain bookkeeping tested on Linux: a
/// change asked for while another is being applied (a media report that arrives while the media
/// and views are brought up to date) waits, and runs once that one's events have been reported.
/// A change asked for while the events are reported (the delegate pauses or closes) runs at once.
///
/// ```swift
/// guard queue.start(change) else { return }    // waits behind the running one
/// // change the model, bring everything up to date
/// queue.applied()
/// // report the events
/// if let next = queue.next() { perform(next) }
/// ```
package struct StoriesChangeQueue<Change> {
    /// Whether a change is being applied (between ``start(_:)`` and ``applied()``).
    package private(set) var isApplying = false
    /// The changes waiting, oldest first.
    package private(set) var pending: [Change] = []

    /// An empty queue.
    package init() {}

    /// Asks to apply `change`.
    ///
    /// - Returns: `true` when it is applied now (call ``applied()`` once the model and views
    ///   are up to date); `false` when it waits behind the change being applied.
    package mutating func start(_ change: Change) -> Bool {
        guard !isApplying else {
            pending.append(change)
            return false
        }
        isApplying = true
        return true
    }

    /// The change is applied; its events are reported next, and changes asked for meanwhile run
    /// at once.
    package mutating func applied() {
        isApplying = false
    }

    /// The events are reported: the oldest waiting change, taken from the queue, to apply now.
    package mutating func next() -> Change? {
        pending.isEmpty ? nil : pending.removeFirst()
    }
}
