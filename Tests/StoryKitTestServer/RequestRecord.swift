/// What a ``LoopbackServer`` saw of one request and how far its response got.
///
/// Records are kept for every request in arrival order and updated as the response progresses, so
/// a test can wait for a state (``LoopbackServer/wait(timeout:until:)``) and then inspect it.
/// Times are measured from the server's start on a monotonic clock.
public struct RequestRecord: Sendable, Hashable {
    /// The position of this request among all the server's requests, from 0.
    public var index: Int
    /// The request target's path, with its leading `/` and without the query (`/clip.mp4`).
    public var path: String
    /// The request method as sent (`GET`, `HEAD`).
    public var method: String
    /// The raw `Range` header value (`bytes=0-1023`), if one was sent.
    public var range: String?
    /// The raw `If-Range` header value, if one was sent.
    public var ifRange: String?
    /// The raw `If-None-Match` header value, if one was sent (a revalidation).
    public var ifNoneMatch: String?
    /// The raw `If-Modified-Since` header value, if one was sent (a revalidation).
    public var ifModifiedSince: String?
    /// The id of the connection that carried the request (``ConnectionRecord/id``).
    public var connection: Int
    /// When the request head arrived, as time since the server started.
    public var received: Duration
    /// The HTTP status sent, or `nil` until the response head is written.
    public var status: Int?
    /// When the response head was written, as time since the server started, or `nil` before.
    public var responded: Duration?
    /// How many body bytes the socket accepted so far (≥ 0).
    public var bodyBytesSent: Int
    /// Whether the whole response, body included, was written.
    public var finished: Bool
    /// When the whole response was written, as time since the server started, or `nil` before.
    public var finishedAt: Duration?
    /// Whether the client closed the connection before the response was finished (including a
    /// request still waiting for its latency, or one answered by ``Fault/hang``).
    public var abandoned: Bool
    /// When the server saw the client's close, as time since the server started; `nil` unless
    /// ``abandoned``.
    public var abandonedAt: Duration?

    /// A record for a request whose head just arrived: no status, no bytes sent, not finished.
    public init(index: Int, path: String, method: String, range: String?, ifRange: String?,
                connection: Int, received: Duration) {
        self.index = index
        self.path = path
        self.method = method
        self.range = range
        self.ifRange = ifRange
        self.connection = connection
        self.received = received
        self.status = nil
        self.responded = nil
        self.bodyBytesSent = 0
        self.finished = false
        self.finishedAt = nil
        self.abandoned = false
        self.abandonedAt = nil
    }
}
