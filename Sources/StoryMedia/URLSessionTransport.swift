import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``MediaTransport``: `URLSession` data tasks, streamed through its delegate
/// (FoundationNetworking's on Linux, whose `URLSession` is built on libcurl).
///
/// Each exchange is one data task whose `priority` follows ``TransportExchange/setPriority``;
/// cancelling the exchange's consumer cancels the task, which closes its connection. The
/// session's own URL cache is off (the pipeline's ``DiskCache`` is the cache) and so are cookies.
///
/// ```swift
/// let transport = URLSessionTransport(maximumConnectionsPerHost: 6, timeout: 15)
/// let pipeline = MediaPipeline(transport: transport, cache: cache)
/// ```
public final class URLSessionTransport: MediaTransport {
    /// The session; its delegate routes callbacks to each task's stream.
    private let session: URLSession
    /// The delegate (the session keeps it too).
    private let router: Router

    /// A transport on a session of its own.
    ///
    /// - Parameters:
    ///   - maximumConnectionsPerHost: The session's connection limit per host, 1…64 (6 by
    ///     default, like browsers; the pipeline's own limit is usually lower).
    ///   - timeout: Seconds without data before a request fails with
    ///     ``TransportError/timedOut``, 1…600 (30 by default; NaN: 30).
    public init(maximumConnectionsPerHost: Int = 6, timeout: Double = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = Swift.min(Swift.max(maximumConnectionsPerHost, 1), 64)
        configuration.timeoutIntervalForRequest = timeout.isNaN ? 30 : Swift.min(Swift.max(timeout, 1), 600)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        router = Router()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: queue)
    }

    deinit {
        session.invalidateAndCancel()
    }

    public func open(_ request: TransportRequest) -> TransportExchange {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return TransportExchange(events: AsyncThrowingStream { $0.finish(throwing: TransportError.invalidURL) },
                                     setPriority: { _ in }, cancel: {})
        }
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "GET"
        if let range = request.rangeHeader {
            urlRequest.setValue(range, forHTTPHeaderField: "Range")
            if let ifRange = request.ifRange { urlRequest.setValue(ifRange, forHTTPHeaderField: "If-Range") }
        }
        // A body in pieces, never transparently decompressed: byte offsets must be the file's.
        urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        if let tag = request.ifNoneMatch { urlRequest.setValue(tag, forHTTPHeaderField: "If-None-Match") }
        if let date = request.ifModifiedSince { urlRequest.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        let task = session.dataTask(with: urlRequest)
        task.priority = request.priority
        let (events, continuation) = AsyncThrowingStream<TransportEvent, any Error>.makeStream()
        router.register(task.taskIdentifier, continuation)
        continuation.onTermination = { @Sendable termination in
            if case .cancelled = termination { task.cancel() }
        }
        task.resume()
        return TransportExchange(events: events, setPriority: { priority in
            task.priority = priority.isNaN ? 0.5 : Swift.min(Swift.max(priority, 0), 1)
        }, cancel: { task.cancel() })
    }
}

// MARK: - URLSessionTransport + Delegate

extension URLSessionTransport {
    /// Routes the session's delegate callbacks to the stream of the task they are for.
    final class Router: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        /// The open streams by task identifier.
        private let streams = Locked<[Int: AsyncThrowingStream<TransportEvent, any Error>.Continuation]>([:])
        /// Each open task's body so far: the length its `Content-Length` announced (if any) and
        /// the bytes received, to tell a body closed short from other failures.
        private let bodies = Locked<[Int: (expected: Int?, received: Int)]>([:])

        func register(_ task: Int, _ continuation: AsyncThrowingStream<TransportEvent, any Error>.Continuation) {
            streams.withLock { $0[task] = continuation }
        }

        private func stream(_ task: Int) -> AsyncThrowingStream<TransportEvent, any Error>.Continuation? {
            streams.withLock { $0[task] }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
            if let http = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (name, value) in http.allHeaderFields {
                    if let name = name as? String, let value = value as? String { headers[name] = value }
                }
                let response = TransportResponse(status: http.statusCode, headers: headers)
                let expected = response[header: "content-length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                bodies.withLock { $0[dataTask.taskIdentifier] = (expected, 0) }
                stream(dataTask.taskIdentifier)?.yield(.response(response))
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            bodies.withLock { $0[dataTask.taskIdentifier]?.received += data.count }
            stream(dataTask.taskIdentifier)?.yield(.body([UInt8](data)))
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let continuation = streams.withLock { $0.removeValue(forKey: task.taskIdentifier) }
            let body = bodies.withLock { $0.removeValue(forKey: task.taskIdentifier) }
            if let error {
                continuation?.finish(throwing: Self.transportError(error, body: body))
            } else {
                continuation?.finish()
            }
        }

        /// A `URLError` as a ``TransportError`` (a cancelled task as `CancellationError`).
        ///
        /// A refused connection or an unreachable host is ``TransportError/connectionRefused``;
        /// a reset or lost one ``TransportError/connectionReset``; a body that ended short of the
        /// `Content-Length` in `body` for another reason (libcurl's "transfer closed with N bytes
        /// remaining", a clean close by the server) ``TransportError/truncatedBody``.
        static func transportError(_ error: any Error, body: (expected: Int?, received: Int)? = nil) -> any Error {
            guard let error = error as? URLError else { return TransportError.other("\(error)") }
            switch error.code {
            case .cancelled: return CancellationError()
            case .timedOut: return TransportError.timedOut
            case .cannotConnectToHost, .notConnectedToInternet, .cannotFindHost, .dnsLookupFailed:
                return TransportError.connectionRefused
            case .networkConnectionLost, .secureConnectionFailed, .badServerResponse, .zeroByteResource:
                return TransportError.connectionReset
            case .badURL, .unsupportedURL: return TransportError.invalidURL
            default:
                if let body, let expected = body.expected, body.received < expected { return TransportError.truncatedBody }
                return TransportError.other("URLError \(error.code.rawValue): \(error.localizedDescription)")
            }
        }
    }
}
