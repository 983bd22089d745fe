import Foundation

/// What moves media bytes over the network for a ``MediaPipeline``: one streamed HTTP GET per
/// ``open(_:)``, cancellable and re-prioritisable while it runs.
///
/// The default is ``URLSessionTransport`` (FoundationNetworking on Linux). Tests and tools may
/// bring their own; a transport must deliver one ``TransportEvent/response(_:)`` before any
/// body bytes, the body in order, then finish the stream (normally at the end of the body, or by
/// throwing a ``TransportError``), and close the connection when the stream's consumer is
/// cancelled.
public protocol MediaTransport: Sendable {
    /// Starts `request`.
    ///
    /// - Parameter request: What to fetch.
    /// - Returns: The running exchange: its events, and a way to change its priority.
    func open(_ request: TransportRequest) -> TransportExchange
}

/// One GET for a ``MediaTransport``: a URL, an optional byte range, the validators of a cached
/// copy being revalidated, and how much it matters.
public struct TransportRequest: Sendable, Hashable {
    /// The media's URL (http or https).
    public var url: URL
    /// The first byte wanted, ≥ 0 (0 with no ``end``: the whole body, no `Range` header).
    public var start: Int
    /// One past the last byte wanted, if not the end of the media.
    public var end: Int?
    /// The `If-Range` validator sent with a range (an `ETag` or a `Last-Modified` date), so that
    /// a changed file comes back whole (200) instead of spliced.
    public var ifRange: String?
    /// How much it matters, 0…1 (`URLSessionTask.priority`).
    public var priority: Float
    /// The `If-None-Match` value (a stored response's `ETag`) when revalidating a cached copy:
    /// `304 Not Modified` then means the copy is still good.
    public var ifNoneMatch: String?
    /// The `If-Modified-Since` value (a stored response's `Last-Modified`) when revalidating.
    public var ifModifiedSince: String?

    /// A request; `start` is clamped to ≥ 0, an `end` at or before `start` is dropped and
    /// `priority` is clamped to 0…1 (NaN: 0.5). `ifNoneMatch` and `ifModifiedSince` make it a
    /// conditional request (sent as `If-None-Match` and `If-Modified-Since`).
    public init(url: URL, start: Int = 0, end: Int? = nil, ifRange: String? = nil, priority: Float = 0.5,
                ifNoneMatch: String? = nil, ifModifiedSince: String? = nil) {
        self.ifNoneMatch = ifNoneMatch
        self.ifModifiedSince = ifModifiedSince
        self.url = url
        self.start = Swift.max(start, 0)
        self.end = end.flatMap { $0 > Swift.max(start, 0) ? $0 : nil }
        self.ifRange = ifRange
        self.priority = priority.isNaN ? 0.5 : Swift.min(Swift.max(priority, 0), 1)
    }

    /// The `Range` header to send: `bytes=start-` or `bytes=start-(end − 1)`; nil for the whole
    /// body.
    public var rangeHeader: String? {
        if let end { return "bytes=\(start)-\(end - 1)" }
        return start > 0 ? "bytes=\(start)-" : nil
    }
}

/// What a transport reports about one exchange, in order.
public enum TransportEvent: Sendable, Hashable {
    /// The response head: status and headers.
    case response(TransportResponse)
    /// The next bytes of the body.
    case body([UInt8])
}

/// A response head as a transport received it.
public struct TransportResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The headers, names lowercased.
    public var headers: [String: String]

    /// A response head; header names are lowercased.
    public init(status: Int, headers: [String: String]) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    /// The header `name` (any case).
    public subscript(header name: String) -> String? { headers[name.lowercased()] }
}

/// A transport's failure (a response with an error status is not one: it is a
/// ``TransportEvent/response(_:)``).
public enum TransportError: Error, Sendable, Hashable {
    /// No answer within the transport's timeout.
    case timedOut
    /// No connection could be made: refused (nothing listens on the port), or the host is
    /// down, unreachable or unknown.
    case connectionRefused
    /// An open connection was reset or lost before the exchange ended.
    case connectionReset
    /// The connection closed cleanly before the body reached the length its `Content-Length`
    /// announced (a transport that can tell; one that cannot ends the stream and the pipeline
    /// sees the short body).
    case truncatedBody
    /// The URL cannot be requested (not http or https, malformed).
    case invalidURL
    /// Anything else, described.
    case other(String)
}

/// A running exchange: its events and its controls.
public struct TransportExchange: Sendable {
    /// The response, then the body; finishes at the end of the body or throws a
    /// ``TransportError``. Cancelling the task that iterates it (or dropping the iterator)
    /// closes the connection.
    public var events: AsyncThrowingStream<TransportEvent, any Error>
    /// Changes the exchange's priority (0…1) while it runs.
    public var setPriority: @Sendable (Float) -> Void
    /// Stops the exchange and closes its connection; the stream then ends. Safe to call twice
    /// or after the end.
    public var cancel: @Sendable () -> Void

    /// An exchange.
    public init(events: AsyncThrowingStream<TransportEvent, any Error>, setPriority: @escaping @Sendable (Float) -> Void,
                cancel: @escaping @Sendable () -> Void) {
        self.events = events
        self.setPriority = setPriority
        self.cancel = cancel
    }
}
