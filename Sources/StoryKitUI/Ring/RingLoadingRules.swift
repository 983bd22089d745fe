import StoryKit

// MARK: - RingLoadingRules

/// The host's requests for a story ring (load, ready, cancel) and the ring brought to them: the
/// rules ``StoryRingView`` and ``StoryRingAvatar`` share, as a plain value tested on Linux.
///
/// The model takes a tap only at rest and readiness only while loading; a host does not know
/// which phase the ring is in. So the request is kept, and the ring follows it whenever it can:
///
/// - ``StoryRingLoadingState/loading`` at rest: a tap.
/// - ``StoryRingLoadingState/ready`` while loading: readiness; at rest, a tap and readiness at
///   once (the story was already there).
/// - ``StoryRingLoadingState/idle`` while loading, or resolving towards a launch: a cancel.
/// - A request made while a cancel resolves waits for the resolution to end (a tap on the
///   avatar just cancelled loads again, rather than being lost).
/// - The launch sets the request back to ``StoryRingLoadingState/idle``.
/// - An avatar without stories (``StoryKit/StoryRing/Status/none``) does not load: the request
///   is dropped.
///
/// Once readiness was given, the launch happens whatever is requested but ``StoryRingLoadingState/idle``.
package struct RingLoadingRules: Sendable, Hashable {
    /// The ring: its phase is what is on screen.
    package private(set) var ring: StoryRing
    /// What the host asked for last (``StoryRingLoadingState/idle`` again after the launch).
    package private(set) var request = StoryRingLoadingState.idle

    /// Rules for `ring`, with nothing requested.
    package init(ring: StoryRing) {
        self.ring = ring
    }

    /// Whether the host's request is loading or ready, the launch still to come.
    package var isLoading: Bool { request != .idle }

    /// When ``advance(to:)`` must be called next: the end of the ring's resolution (seconds), or
    /// nil when nothing is due.
    package var settleTime: Double? {
        guard case .resolving(_, let from, _) = ring.phase else { return nil }
        return from + ring.configuration.resolveDuration
    }

    /// Sets the ring's status and configuration (the ring's timeline follows at once).
    package mutating func update(status: StoryRing.Status, configuration: StoryRing.Configuration) {
        if ring.status != status { ring.status = status }
        if ring.configuration != configuration { ring.configuration = configuration }
    }

    /// Sets the ring's status and the app's configuration with the system's Reduce Motion added:
    /// the ring pulses instead of turning when either says so.
    package mutating func update(status: StoryRing.Status, configuration: StoryRing.Configuration, systemReduceMotion: Bool) {
        var effective = configuration
        effective.reduceMotion = configuration.reduceMotion || systemReduceMotion
        update(status: status, configuration: effective)
    }

    /// These rules with ``update(status:configuration:systemReduceMotion:)`` applied (a SwiftUI
    /// body reads them without changing its state).
    package func updated(status: StoryRing.Status, configuration: StoryRing.Configuration, systemReduceMotion: Bool) -> Self {
        var rules = self
        rules.update(status: status, configuration: configuration, systemReduceMotion: systemReduceMotion)
        return rules
    }

    /// How long from `now` (seconds) until ``advance(to:)`` is due, in seconds, ≥ 0 (0 when it
    /// is overdue); nil when nothing is due.
    package func settleDelay(now: Double) -> Double? {
        settleTime.map { Swift.max($0 - now, 0) }
    }

    /// ``settleDelay(now:)`` in nanoseconds, for `Task.sleep(nanoseconds:)`: clamped to
    /// `UInt64.max` (about 584 years) so that an absurd resolve duration waits "forever" rather
    /// than trapping on the conversion.
    package func settleDelayNanoseconds(now: Double) -> UInt64? {
        settleDelay(now: now).map { delay in
            let nanoseconds = delay * 1e9
            guard nanoseconds.isFinite, nanoseconds < 1.8e19 else { return nanoseconds > 0 || nanoseconds.isNaN ? .max : 0 }
            return UInt64(Swift.max(nanoseconds, 0))
        }
    }

    /// Moves the ring's clock to its settle time, or to `now` (seconds) when that is later: a
    /// timer or a sleep that wakes a hair early by another clock still settles, and so does one
    /// whose clock is not finite (NaN or infinite `now` counts as the settle time).
    ///
    /// - Returns: The ring's events, in order (the launch, once).
    @discardableResult
    package mutating func settle(now: Double) -> [StoryRing.Event] {
        let due = settleTime ?? now
        return advance(to: now.isFinite ? Swift.max(now, due) : due)
    }

    /// Takes the host's request at `time` (seconds).
    ///
    /// - Returns: The ring's events, in order: a resolution that ended by `time` first (a launch
    ///   the host has not heard of yet), then ``StoryKit/StoryRing/Event/loadingStarted`` or
    ///   ``StoryKit/StoryRing/Event/cancelled``.
    @discardableResult
    package mutating func request(_ state: StoryRingLoadingState, time: Double) -> [StoryRing.Event] {
        var events = advance(to: time)
        request = state
        events += reconcile(time)
        return events
    }

    /// Moves the ring's clock to `time` (seconds): a resolution that ended launches (or rests
    /// after a cancel), and a request that waited for it is taken.
    ///
    /// - Returns: The ring's events, in order.
    @discardableResult
    package mutating func advance(to time: Double) -> [StoryRing.Event] {
        var events = ring.advance(to: time)
        if events.contains(.launch) { request = .idle }
        if !ring.isBusy { events += reconcile(time) }
        return events
    }

    /// Brings the ring towards the request, as far as its phase allows.
    private mutating func reconcile(_ time: Double) -> [StoryRing.Event] {
        var events: [StoryRing.Event] = []
        switch (request, ring.phase) {
        case (.idle, .loading), (.idle, .resolving(_, _, true)):
            events += ring.cancel(time: time)
        case (.loading, .idle), (.ready, .idle):
            events += ring.tap(time: time)
            if !ring.isBusy {
                request = .idle                  // no stories: nothing to load
            } else if request == .ready {
                events += ring.ready(time: time)
            }
        case (.ready, .loading):
            events += ring.ready(time: time)
        default:
            break
        }
        if events.contains(.launch) { request = .idle }
        return events
    }
}
