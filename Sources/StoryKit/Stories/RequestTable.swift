// MARK: - RequestTable

/// Which downloads run, at what priority, for whom: the coalescing and scheduling *policy* of
/// the media pipeline as a value (after Nuke's `TaskPool` rule), with no I/O in it.
///
/// Subscribers are item ids; a download is keyed by URL. A transport carries out the
/// ``Change``s that ``apply(_:)``, ``complete(url:)`` and ``fail(url:)`` return, in order, and
/// reports back what finished.
///
/// Rules, whatever the input:
/// - **One download per URL**, however many items want it; its priority is the highest of its
///   subscribers', and it is re-prioritised as soon as that changes.
/// - A download is **cancelled only when its last subscriber leaves** (the item is out of the
///   plan); then it is forgotten.
/// - At most ``maximumConcurrent`` downloads run. The current item's is **never queued behind a
///   prefetch**: when the limit is reached, the lowest-priority running prefetch is suspended
///   to make room (its connection closed, its bytes kept, queued to resume later).
/// - **Prefetching yields**: while the plan says ``PrefetchPlan/mayPrefetch`` is `false` and the
///   current item's download is not done, nothing but that download runs (running prefetches
///   are suspended).
/// - Queued downloads start in the plan's order (priority, then position in the plan).
/// - A response is **delivered only to subscribers in the latest plan**: ``complete(url:)`` on a
///   URL no item wants any more hands nothing on, so a stale response never becomes current.
/// - The table holds at most one entry per request of the latest plan, so its size is bounded
///   by ``PrefetchPlan/Configuration/maximumRequests`` whatever the feed's length.
///
/// The changes are ordered so that the limit holds after every single change: cancels and
/// suspensions first, then re-prioritisations, then starts, most important first.
///
/// ```swift
/// var table = RequestTable()                          // at most 4 downloads at once
/// for change in table.apply(plan) { transport.carryOut(change) }
/// // later, when the transport has the bytes:
/// let outcome = table.complete(url: url)
/// for id in outcome.items { viewer.media(.ready, for: id, time: now) }   // only items still wanted
/// for change in outcome.changes { transport.carryOut(change) }           // the freed slot
/// ```
public struct RequestTable: Sendable, Hashable {
    /// The most downloads that may run at once, 1…64.
    public let maximumConcurrent: Int
    /// The downloads the table knows, by URL: one per URL some item of the latest plan wants.
    public internal(set) var downloads: [String: Download] = [:]
    /// The latest plan's current request, if any.
    public internal(set) var current: PrefetchPlan.Request?
    /// The latest plan's ``PrefetchPlan/mayPrefetch``.
    public internal(set) var mayPrefetch = false

    /// An empty table.
    ///
    /// - Parameter maximumConcurrent: The most downloads at once, clamped to 1…64; 4 by
    ///   default (HTTP/1.1 hosts allow about 6 connections, and the current item needs one free).
    public init(maximumConcurrent: Int = 4) {
        self.maximumConcurrent = Swift.min(Swift.max(maximumConcurrent, 1), 64)
    }

    /// The download for `url`, if some item wants it.
    public subscript(url: String) -> Download? { downloads[url] }

    /// The URLs of the downloads running now.
    public var running: Set<String> { Set(downloads.values.filter { $0.state == .running }.map(\.url)) }
}

// MARK: - RequestTable + Values

extension RequestTable {
    /// One download, shared by the items that want its URL.
    public struct Download: Sendable, Hashable {
        /// Where a download is.
        public enum State: Sendable, Hashable {
            /// Waiting for a connection (never started, or suspended to make room).
            case queued
            /// Loading.
            case running
            /// All the bytes it needs have arrived.
            case done
            /// It failed for good (the transport's ``RetryPolicy`` gave up); it starts again
            /// only after ``RequestTable/retry(url:)``.
            case failed
        }

        /// The key: the media's URL.
        public var url: String
        /// The items that want it, with how much each matters and how much each needs.
        public var subscribers: [String: PrefetchPlan.Request]
        /// Where it is.
        public var state: State
        /// The priority it was started or last re-prioritised at (the transport's view).
        public var priority: PrefetchPlan.Priority
        /// The bytes it loads from the start of the media: `nil` for all of it. The largest its
        /// subscribers need; it only grows while the download lives.
        public var byteLimit: Int?
        /// The position of its most important subscriber in the latest plan (the start order).
        var rank: Int

        /// The highest priority among its subscribers.
        public var wantedPriority: PrefetchPlan.Priority {
            subscribers.values.map(\.priority).max() ?? .previousUser
        }
    }

    /// One thing for the transport to do.
    public enum Change: Sendable, Hashable {
        /// Start (or resume, from the bytes already kept) the download of `url` at `priority`,
        /// loading its first `byteLimit` bytes (`nil`: all of it).
        case start(url: String, priority: PrefetchPlan.Priority, byteLimit: Int?)
        /// Change a running download's priority.
        case reprioritise(url: String, priority: PrefetchPlan.Priority)
        /// A running download must load more: its first `byteLimit` bytes (`nil`: all of it).
        case extend(url: String, byteLimit: Int?)
        /// Close a running download's connection and keep what arrived; a later ``start(url:priority:byteLimit:)``
        /// resumes it (with `Range` when ``RetryPolicy/resumption(_:)`` allows).
        case suspend(url: String)
        /// Close a running download's connection: no item wants it any more.
        case cancel(url: String)

        /// The URL the change is for.
        public var url: String {
            switch self {
            case .start(let url, _, _), .reprioritise(let url, _), .extend(let url, _), .suspend(let url), .cancel(let url): url
            }
        }
    }

    /// What a report from the transport leads to.
    public struct Outcome: Sendable, Hashable {
        /// The items to hand the result to (the bytes, or the failure): subscribers in the latest
        /// plan only, the current item first.
        public var items: [String]
        /// What the transport must do next (a freed connection goes to a queued download).
        public var changes: [Change]
    }
}
