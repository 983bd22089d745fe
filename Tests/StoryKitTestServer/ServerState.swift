import NIOConcurrencyHelpers
import NIOCore

/// The part of a ``LoopbackServer`` its connections share: routes, fault counters, records and
/// open channels behind one lock, plus the settings fixed at start.
final class ServerState: Sendable {
    /// The mutable part, only touched under the lock.
    private struct Storage {
        var routes: [String: Route] = [:]
        /// How many of each path's faults were consumed.
        var faultsUsed: [String: Int] = [:]
        var requests: [RequestRecord] = []
        var connections: [ConnectionRecord] = []
        /// The indices of each connection's requests, in order.
        var requestsOf: [Int: [Int]] = [:]
        var channels: [Int: any Channel] = [:]
        var shuttingDown = false
        var peakBuffered = 0
        var unwritablePauses = 0
    }

    private let storage = NIOLockedValueBox(Storage())
    /// When the server started; every recorded time is measured from here.
    let started = ContinuousClock.now
    /// The delay before each response head, unless a route sets its own.
    let latency: Duration
    /// The shared link, or `nil` for no bandwidth limit.
    let link: LinkBudget?
    /// The body chunk size, in bytes.
    let chunkSize: Int
    /// Routes for paths without a static one.
    private let resolve: (@Sendable (String) -> Route?)?

    init(latency: Duration, bytesPerSecond: Int?, resolve: (@Sendable (String) -> Route?)?) {
        self.latency = latency
        chunkSize = LinkBudget.chunkSize(bytesPerSecond: bytesPerSecond)
        link = bytesPerSecond.map { LinkBudget(bytesPerSecond: $0, burst: LinkBudget.chunkSize(bytesPerSecond: $0)) }
        self.resolve = resolve
    }

    /// The time since the server started.
    var elapsed: Duration { ContinuousClock.now - started }

    /// Every request so far, in arrival order.
    var requests: [RequestRecord] { storage.withLockedValue { $0.requests } }

    /// Every connection so far, in the order they were accepted.
    var connections: [ConnectionRecord] { storage.withLockedValue { $0.connections } }

    /// The most body bytes one connection held that its socket had not taken yet.
    var peakBuffered: Int { storage.withLockedValue { $0.peakBuffered } }

    /// How many times a body stopped because its socket took no more bytes (the client not
    /// reading): the server waits for the socket then, holding what it wrote so far.
    var unwritablePauses: Int { storage.withLockedValue { $0.unwritablePauses } }

    /// Notes that a body stopped because its socket took no more bytes.
    func noteUnwritable() {
        storage.withLockedValue { $0.unwritablePauses += 1 }
    }

    /// Notes that a connection held `bytes` body bytes its socket had not taken yet.
    func noteBuffered(_ bytes: Int) {
        storage.withLockedValue { $0.peakBuffered = Swift.max($0.peakBuffered, bytes) }
    }

    /// Sets the static route for `path` and restarts its fault count.
    func setRoute(_ path: String, _ route: Route) {
        let path = Self.normalized(path)
        storage.withLockedValue { storage in
            storage.routes[path] = route
            storage.faultsUsed[path] = nil
        }
    }

    /// Records a new connection and returns its id, or `nil` when the server is shutting down.
    func open(_ channel: any Channel) -> Int? {
        let now = elapsed
        return storage.withLockedValue { storage in
            guard !storage.shuttingDown else { return nil }
            let id = storage.connections.count
            storage.connections.append(ConnectionRecord(id: id, opened: now))
            storage.channels[id] = channel
            return id
        }
    }

    /// Records that a connection closed; if the client closed it, its unfinished requests are
    /// marked abandoned.
    func close(connection id: Int, byServer: Bool) {
        let now = elapsed
        storage.withLockedValue { storage in
            let byClient = !byServer && !storage.shuttingDown
            let indices = storage.requestsOf.removeValue(forKey: id) ?? []
            storage.channels[id] = nil
            storage.connections[id].closed = now
            storage.connections[id].closedByClient = byClient
            guard byClient else { return }
            for index in indices where !storage.requests[index].finished {
                storage.requests[index].abandoned = true
                storage.requests[index].abandonedAt = now
            }
        }
    }

    /// Records a request whose head arrived, consumes its path's next fault and plans its response.
    ///
    /// - Returns: The request's index and its response plan.
    func receive(target: String, method: String, range: String?, ifRange: String?,
                 ifNoneMatch: String? = nil, ifModifiedSince: String? = nil,
                 connection: Int) -> (index: Int, plan: ResponsePlan) {
        let now = elapsed
        let path = Self.normalized(target)
        let route = storage.withLockedValue { $0.routes[path] } ?? resolve?(path)
        return storage.withLockedValue { storage in
            var fault: Fault?
            if let route {
                let used = storage.faultsUsed[path, default: 0]
                if used < route.faults.count {
                    fault = route.faults[used]
                    storage.faultsUsed[path] = used + 1
                }
            }
            let index = storage.requests.count
            storage.requestsOf[connection, default: []].append(index)
            var record = RequestRecord(index: index, path: path, method: method, range: range,
                                       ifRange: ifRange, connection: connection, received: now)
            record.ifNoneMatch = ifNoneMatch
            record.ifModifiedSince = ifModifiedSince
            storage.requests.append(record)
            var plan = ResponsePlan.make(method: method, range: range, ifRange: ifRange, route: route,
                                         fault: fault, serverLatency: latency)
            if let route, fault == nil, plan.status == 200 || plan.status == 206,
               ResponsePlan.notModified(ifNoneMatch: ifNoneMatch, ifModifiedSince: ifModifiedSince, route) {
                plan = ResponsePlan.notModified(route, latency: route.latency ?? latency)
            }
            return (index, plan)
        }
    }

    /// Changes request `index`'s record.
    func update(_ index: Int, _ change: (inout RequestRecord) -> Void) {
        storage.withLockedValue { change(&$0.requests[index]) }
    }

    /// Refuses new connections from now on and returns the open ones, or `nil` if a shutdown
    /// had already begun.
    func beginShutdown() -> [any Channel]? {
        storage.withLockedValue { storage in
            guard !storage.shuttingDown else { return nil }
            storage.shuttingDown = true
            return Array(storage.channels.values)
        }
    }

    /// A request target or route path as a path with a leading `/` and without query or fragment.
    static func normalized(_ target: String) -> String {
        let path = target.prefix { $0 != "?" && $0 != "#" }
        return path.hasPrefix("/") ? String(path) : "/" + path
    }
}
