import StoryKit

/// A fake transport for a ``RequestTable``'s changes: carries them out one at a time, refuses
/// any that makes no sense where it comes (a second start of a running URL, a cancel of nothing),
/// and checks the concurrency limit after each.
///
/// It keeps its own record of the connections open, independent of the table's
/// ``RequestTable/downloads``, so a table that says one thing and orders another is caught.
public struct SimulatedTransport: Sendable, Hashable {
    /// One open connection.
    public struct Connection: Sendable, Hashable {
        public var priority: PrefetchPlan.Priority
        public var byteLimit: Int?
    }

    /// The connections open, by URL.
    public private(set) var connections: [String: Connection] = [:]
    /// The most connections open at once, over the simulation.
    public private(set) var mostAtOnce = 0
    /// Every start, in order (URL, priority and byte limit).
    public private(set) var starts: [RequestTable.Change] = []
    /// The limit the table was made with.
    public let limit: Int

    /// A transport for a table of `limit` concurrent downloads.
    public init(limit: Int) { self.limit = limit }

    /// Carries out `change`.
    ///
    /// - Returns: What is wrong with it, or `nil`.
    public mutating func apply(_ change: RequestTable.Change) -> String? {
        switch change {
        case let .start(url, priority, byteLimit):
            if connections[url] != nil { return "\(url) started twice" }
            connections[url] = Connection(priority: priority, byteLimit: byteLimit)
            starts.append(change)
        case let .reprioritise(url, priority):
            guard let connection = connections[url] else { return "re-prioritised \(url), which is not running" }
            if connection.priority == priority { return "re-prioritised \(url) to the priority it has" }
            connections[url]?.priority = priority
        case let .extend(url, byteLimit):
            guard let connection = connections[url] else { return "extended \(url), which is not running" }
            if let old = connection.byteLimit, let new = byteLimit, new <= old { return "extended \(url) from \(old) to \(new) bytes" }
            if connection.byteLimit == nil { return "extended \(url), which loads everything already" }
            connections[url]?.byteLimit = byteLimit
        case let .suspend(url), let .cancel(url):
            guard connections.removeValue(forKey: url) != nil else { return "\(change) but \(url) is not running" }
        }
        mostAtOnce = Swift.max(mostAtOnce, connections.count)
        if connections.count > limit { return "\(connections.count) downloads running, more than \(limit)" }
        return nil
    }

    /// Carries out `changes` in order.
    ///
    /// - Returns: The first problem, or `nil`.
    public mutating func apply(_ changes: [RequestTable.Change]) -> String? {
        for (number, change) in changes.enumerated() {
            if let problem = apply(change) { return "change \(number) of \(changes): \(problem)" }
        }
        return nil
    }

    /// A connection closed by itself (the download finished or failed for good).
    public mutating func close(_ url: String) { connections[url] = nil }
}
