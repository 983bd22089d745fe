import MotionCore

/// The ring around a story avatar, and its loading animation: the model of Instagram's story
/// ring (a gradient ring for new stories, a thin grey one once seen) and of the feedback a tap
/// gets while the story loads.
///
/// A ``tap(time:)`` starts **loading**: the avatar shrinks slightly and the ring opens into
/// segments that turn, for as long as it takes. ``ready(time:)`` (the host's media pipeline has
/// the first item displayable) **resolves** it: every channel — the segments' gap, their
/// rotation, the avatar's scale — goes from where it is, at the speed it has, to rest, so there
/// is no jump in value or velocity whenever readiness comes; then ``advance(to:)`` reports
/// ``Event/launch`` and the viewer opens from the avatar. ``cancel(time:)`` (a tap on another
/// avatar) resolves the same way without launching.
///
/// The animation is a timeline of groups chained by begin time (``timeline``): the press, an
/// endless loop, the resolution — as Twitter's article on Stories describes — and
/// ``frame(at:)`` samples it at any time, so Core Animation (which plays the same groups) and the
/// compositor draw the same ring. Nothing keeps a clock: time is an input.
///
/// ```swift
/// var ring = StoryRing(status: .unseen)
/// ring.tap(time: 0)                       // loading: segments turn, the avatar shrinks
/// let frame = ring.frame(at: 1.0)         // openness, rotation, scale, dash, phase…
/// ring.ready(time: 2.5)                   // the story can show: resolve
/// let events = ring.advance(to: 2.8)      // [.launch]: open the viewer from the avatar
/// ```
public struct StoryRing: Sendable, Hashable {
    /// Whether the avatar has stories, and whether they were seen.
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// New stories: the gradient ring.
        case unseen
        /// Every story seen: the thin grey ring.
        case seen
        /// No story: no ring.
        case none
    }

    /// Where the ring is.
    public enum Phase: Sendable, Hashable {
        /// At rest.
        case idle
        /// Loading since the tap at `tap` (seconds).
        case loading(tap: Double)
        /// Resolving from `from` (seconds; the tap at `tap`) towards rest; `launches`: the
        /// viewer opens when it ends (false after a cancel).
        case resolving(tap: Double, from: Double, launches: Bool)
    }

    /// What the ring tells its host.
    public enum Event: Sendable, Hashable {
        /// The tap was taken: loading began.
        case loadingStarted
        /// Loading ended and the ring is at rest: open the viewer now.
        case launch
        /// Loading was cancelled (another avatar was tapped); the ring went back to rest.
        case cancelled
    }

    /// The ring's look and timing.
    public var configuration: Configuration
    /// Which ring shows.
    public var status: Status
    /// Where the ring is.
    public private(set) var phase: Phase = .idle
    /// The latest time given, in seconds.
    public private(set) var time: Double

    /// A ring at rest.
    ///
    /// - Parameters:
    ///   - status: Which ring shows.
    ///   - configuration: Look and timing.
    ///   - time: The start time, in seconds (non-finite: 0).
    public init(status: Status, configuration: Configuration = Configuration(), time: Double = 0) {
        self.status = status
        self.configuration = configuration
        self.time = time.isFinite ? time : 0
    }

    /// Whether the ring is loading or resolving.
    public var isBusy: Bool { phase != .idle }

    /// Takes a tap on the avatar: loading starts (a tap while busy, or on an avatar without
    /// stories, does nothing).
    ///
    /// - Parameter time: Seconds; a time before the latest one counts as the latest.
    /// - Returns: ``Event/loadingStarted``, or nothing.
    @discardableResult
    public mutating func tap(time: Double) -> [Event] {
        let now = accept(time)
        let events = settle()
        guard phase == .idle, status != .none else { return events }
        phase = .loading(tap: now)
        return events + [.loadingStarted]
    }

    /// The story can show: the ring resolves from where it is, then launches.
    ///
    /// - Parameter time: Seconds; a time before the latest one counts as the latest.
    /// - Returns: The events up to `time` (``Event/launch`` if the resolution is instant).
    @discardableResult
    public mutating func ready(time: Double) -> [Event] {
        let now = accept(time)
        let events = settle()
        guard case .loading(let tap) = phase else { return events }
        phase = .resolving(tap: tap, from: now, launches: true)
        return events + settle()
    }

    /// Stops loading (another avatar was tapped, the host gave up): the ring resolves to rest
    /// without launching.
    ///
    /// - Parameter time: Seconds; a time before the latest one counts as the latest.
    /// - Returns: ``Event/cancelled`` if it was loading or resolving towards a launch.
    @discardableResult
    public mutating func cancel(time: Double) -> [Event] {
        let now = accept(time)
        let events = settle()
        switch phase {
        case .idle, .resolving(_, _, false):
            return events
        case .loading(let tap):
            phase = .resolving(tap: tap, from: now, launches: false)
        case .resolving(let tap, let from, true):
            phase = .resolving(tap: tap, from: from, launches: false)
        }
        return events + [.cancelled] + settle()
    }

    /// Moves the ring's clock to `time`.
    ///
    /// - Parameter time: Seconds; a time before the latest one counts as the latest.
    /// - Returns: ``Event/launch`` when a resolution towards a launch ends by `time`.
    @discardableResult
    public mutating func advance(to time: Double) -> [Event] {
        accept(time)
        return settle()
    }

    /// Ends a resolution that is over by ``time``.
    ///
    /// - Returns: ``Event/launch`` if it was towards a launch.
    mutating func settle() -> [Event] {
        guard case .resolving(_, let from, let launches) = phase, time >= from + configuration.resolveDuration else { return [] }
        phase = .idle
        return launches ? [.launch] : []
    }

    /// `time` if finite and not before the latest time, else the latest time; kept as latest.
    @discardableResult
    mutating func accept(_ time: Double) -> Double {
        if time.isFinite, time > self.time { self.time = time }
        return self.time
    }
}
