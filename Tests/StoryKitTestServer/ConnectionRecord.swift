/// What a ``LoopbackServer`` saw of one TCP connection.
///
/// Times are measured from the server's start on a monotonic clock.
public struct ConnectionRecord: Sendable, Hashable {
    /// The connection's id, from 0 in the order connections were accepted
    /// (``RequestRecord/connection`` refers to it).
    public var id: Int
    /// When the connection was accepted, as time since the server started.
    public var opened: Duration
    /// When it closed, as time since the server started, or `nil` while it is open.
    public var closed: Duration?
    /// Whether the client closed it (`true`), or the server did (`false`: `Connection: close`, a
    /// truncate or reset fault, a shutdown); `nil` while it is open.
    public var closedByClient: Bool?

    /// A record for a connection just accepted.
    public init(id: Int, opened: Duration) {
        self.id = id
        self.opened = opened
        self.closed = nil
        self.closedByClient = nil
    }
}
