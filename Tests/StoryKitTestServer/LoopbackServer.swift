import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// An HTTP/1.1 server on 127.0.0.1 for tests and benchmarks of the media pipeline: scripted
/// latency, one shared bandwidth limit, byte ranges with validators, and faults (error statuses,
/// truncated and reset bodies, hangs before the headers, corrupt bytes), with a record of every
/// request and connection. A server that is not there at all is ``refusedURL(_:)``.
///
/// Each test starts its own server on a free port and shuts it down:
///
/// ```swift
/// try await LoopbackServer.with(latency: .milliseconds(20)) { server in
///     server.setRoute("clip.mp4", .generated(length: 1_000_000, seed: 1, faults: [.status(503)]))
///     _ = try await session.data(from: server.url("clip.mp4"))   // 503
///     _ = try await session.data(from: server.url("clip.mp4"))   // the clip
///     #expect(server.requests.map(\.status) == [503, 200])
/// }
/// ```
///
/// Connections are kept alive and serve their requests in order; `Connection: close` is honoured.
/// All connections run on one event-loop thread of the server's own; a body is written in chunks
/// of at most 16 KiB, only while the socket takes them, so a slow client never makes the server
/// hold a whole body.
public final class LoopbackServer: Sendable {
    /// The server's single event-loop thread.
    private let group: MultiThreadedEventLoopGroup
    /// The listening socket.
    private let listener: any Channel
    private let state: ServerState
    /// The TCP port the server listens on, on 127.0.0.1.
    public let port: Int

    private init(group: MultiThreadedEventLoopGroup, listener: any Channel, state: ServerState, port: Int) {
        self.group = group
        self.listener = listener
        self.state = state
        self.port = port
    }

    /// Starts listening on 127.0.0.1 on a free port.
    ///
    /// - Parameters:
    ///   - latency: The delay before each response head (a route's ``Route/latency`` overrides it).
    ///   - bytesPerSecond: The rate of one link that all connections share, in bytes per second
    ///     (> 0), like a home connection (20 Mbit/s is 2,500,000); `nil` for no limit.
    ///   - resolve: The route for a path that has no static route (``setRoute(_:_:)``), given the
    ///     path with its leading `/` and without the query (`/media/42.mp4`); `nil` for a 404.
    ///     It runs on the server's thread for each such request, so it should be quick.
    /// - Returns: The running server; call ``shutdown()`` when done (or use ``with(latency:bytesPerSecond:resolve:_:)``).
    /// - Throws: When the socket cannot be bound.
    public static func start(latency: Duration = .zero, bytesPerSecond: Int? = nil,
                             resolve: (@Sendable (String) -> Route?)? = nil) async throws -> LoopbackServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let state = ServerState(latency: latency, bytesPerSecond: bytesPerSecond, resolve: resolve)
        do {
            let listener = try await ServerBootstrap(group: group)
                .serverChannelOption(.backlog, value: 1024)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        guard let id = state.open(channel) else { throw ChannelError.ioOnClosedChannel }
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                            withPipeliningAssistance: false, withErrorHandling: true)
                        try channel.pipeline.syncOperations.addHandler(ConnectionHandler(state: state, id: id))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            guard let port = listener.localAddress?.port else { throw ChannelError.unknownLocalAddress }
            return LoopbackServer(group: group, listener: listener, state: state, port: port)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Starts a server, runs `body` with it and shuts it down, also when `body` throws.
    ///
    /// - Parameters: As ``start(latency:bytesPerSecond:resolve:)``, and the body to run.
    /// - Returns: What `body` returns.
    public static func with<Value: Sendable>(
        latency: Duration = .zero, bytesPerSecond: Int? = nil,
        resolve: (@Sendable (String) -> Route?)? = nil,
        _ body: (LoopbackServer) async throws -> Value
    ) async throws -> Value {
        let server = try await start(latency: latency, bytesPerSecond: bytesPerSecond, resolve: resolve)
        let result: Value
        do {
            result = try await body(server)
        } catch {
            try? await server.shutdown()
            throw error
        }
        try await server.shutdown()
        return result
    }

    /// The URL of `path` on this server: `http://127.0.0.1:PORT/path`.
    ///
    /// - Parameter path: A path with or without its leading `/`, optionally with a query.
    public func url(_ path: String) -> URL {
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        guard let url = URL(string: "http://127.0.0.1:\(port)/\(trimmed)") else {
            preconditionFailure("not a URL path: \(path)")
        }
        return url
    }

    /// Serves `route` at `path` from now on, replacing any earlier route there and restarting its
    /// faults. Static routes are checked before the `resolve` closure given to ``start(latency:bytesPerSecond:resolve:)``.
    ///
    /// - Parameters:
    ///   - path: The path, with or without its leading `/`; a query is ignored.
    ///   - route: What to serve.
    public func setRoute(_ path: String, _ route: Route) {
        state.setRoute(path, route)
    }

    /// Every request so far, in arrival order, as recorded at the moment of the call.
    public var requests: [RequestRecord] { state.requests }

    /// Every connection so far, in the order they were accepted, as recorded at the moment of the call.
    public var connections: [ConnectionRecord] { state.connections }

    /// The most body bytes the server ever held for one response that the socket had not taken
    /// yet: about the channel's 64 KiB high-water mark plus one chunk at most, however slowly a
    /// client reads (a benchmark's peak memory depends on it).
    public var peakBufferedBodyBytes: Int { state.peakBuffered }

    /// How many times a body stopped because its socket took no more bytes (a client that does
    /// not read): the server then waits for the socket instead of buffering the rest.
    public var unwritablePauses: Int { state.unwritablePauses }

    /// Waits until `condition` holds for the server, checking every few milliseconds.
    ///
    /// ```swift
    /// #expect(await server.wait { $0.requests.first?.abandoned == true })
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long to wait at most; generous by default, as it only bounds a failure.
    ///   - condition: The state to wait for.
    /// - Returns: Whether `condition` held before the timeout (or the task's cancellation).
    public func wait(timeout: Duration = .seconds(10),
                     until condition: @Sendable (LoopbackServer) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition(self) {
            guard ContinuousClock.now < deadline, !Task.isCancelled else { return condition(self) }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Stops listening, closes every connection (responses in progress end where they are) and
    /// stops the server's thread. Calling it again does nothing.
    ///
    /// - Throws: When the event-loop thread fails to stop.
    public func shutdown() async throws {
        guard let channels = state.beginShutdown() else { return }
        try? await listener.close()
        for channel in channels { try? await channel.close() }
        try await group.shutdownGracefully()
    }

    deinit {
        // A server that was never shut down still stops its thread.
        if state.beginShutdown() != nil {
            group.shutdownGracefully { _ in }
        }
    }
}
