import NIOCore
import NIOHTTP1

/// Serves one connection's requests one after another, carrying out each request's
/// ``ResponsePlan``: latency, head, body (in ``Body``), then how it ends.
///
/// It lives on the connection's event loop and is never shared. Unlike NIO's
/// `HTTPServerPipelineHandler` it never stops reading while a response is in progress, so a
/// client that leaves mid-response (or during a latency or a hang) is seen at once.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// One response, in progress or waiting its turn.
    final class Exchange {
        /// The request's index in the server's records.
        let index: Int
        let plan: ResponsePlan
        /// Whether the connection stays open after this response.
        let keepAlive: Bool
        let version: HTTPVersion
        var phase = Phase.queued
        /// Body bytes handed to the channel so far.
        var sent = 0
        /// Body bytes the socket has taken so far (≤ `sent`).
        var accepted = 0
        /// The latest write, which completes after all earlier ones.
        var lastWrite: EventLoopFuture<Void>?

        init(index: Int, plan: ResponsePlan, keepAlive: Bool, version: HTTPVersion) {
            self.index = index
            self.plan = plan
            self.keepAlive = keepAlive
            self.version = version
        }
    }

    /// Where an exchange is.
    enum Phase: Equatable {
        /// Behind another response on the same connection.
        case queued
        /// Waiting for its latency before the head.
        case latency
        /// Writing body chunks.
        case sending
        /// Waiting for the channel to become writable again (the client reads slowly).
        case unwritable
        /// Waiting for the shared link's tokens for a chunk of this many bytes, already taken.
        case tokens(Int)
        /// Letting other connections run before the next chunks.
        case yielding
        /// Answering with ``Fault/hang``: nothing more will happen until the client leaves.
        case hanging
    }

    let state: ServerState
    /// The connection's id in the server's records.
    let id: Int
    /// Requests whose heads arrived while an earlier response was in progress.
    var queue = CircularBuffer<Exchange>()
    var current: Exchange?
    /// The pending latency or token timer.
    var timer: Scheduled<Void>?
    /// Whether the server is closing the connection on purpose (so it is not the client's close).
    var closing = false
    /// Whether the channel is still open.
    var active = true
    /// The most body bytes this connection held that the socket had not taken yet.
    var peakBuffered = 0

    init(state: ServerState, id: Int) {
        self.state = state
        self.id = id
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data), !closing else { return }
        let (index, plan) = state.receive(target: head.uri, method: head.method.rawValue,
                                          range: head.headers.first(name: "range"),
                                          ifRange: head.headers.first(name: "if-range"),
                                          ifNoneMatch: head.headers.first(name: "if-none-match"),
                                          ifModifiedSince: head.headers.first(name: "if-modified-since"),
                                          connection: id)
        queue.append(Exchange(index: index, plan: plan, keepAlive: head.isKeepAlive, version: head.version))
        startNext(context: context)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, let exchange = current, exchange.phase == .unwritable {
            exchange.phase = .sending
            pump(context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        active = false
        timer?.cancel()
        timer = nil
        if case .tokens(let bytes)? = current?.phase { state.link?.refund(bytes) }
        current = nil
        queue.removeAll()
        state.close(connection: id, byServer: closing)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A reset by the client, a failed write or a malformed request: the connection is done.
        context.close(promise: nil)
    }

    /// Starts the next queued response if none is in progress.
    func startNext(context: ChannelHandlerContext) {
        guard active, !closing, current == nil, let exchange = queue.popFirst() else { return }
        current = exchange
        if exchange.plan.hangs {
            exchange.phase = .hanging
            return
        }
        exchange.phase = .latency
        guard exchange.plan.latency > .zero else { return sendHead(context: context) }
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(exchange.plan.latency)) {
            self.timer = nil
            self.sendHead(context: context)
        }
    }

    /// Writes the current response's head, then its body.
    private func sendHead(context: ChannelHandlerContext) {
        guard active, let exchange = current, exchange.phase == .latency else { return }
        var headers = HTTPHeaders(exchange.plan.headers.map { ($0.name, $0.value) })
        if !exchange.keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: exchange.version,
                                    status: HTTPResponseStatus(statusCode: exchange.plan.status),
                                    headers: headers)
        let written = context.eventLoop.makePromise(of: Void.self)
        let (state, index, status) = (state, exchange.index, exchange.plan.status)
        written.futureResult.whenSuccess {
            let now = state.elapsed
            state.update(index) { record in
                record.status = status
                record.responded = now
            }
        }
        exchange.lastWrite = written.futureResult
        context.write(wrapOutboundOut(.head(head)), promise: written)
        exchange.phase = .sending
        pump(context: context)
    }

    /// Ends the current response after its body bytes: completes it when all of it was sent, then
    /// keeps the connection for the next request, or closes or resets it.
    func end(_ exchange: Exchange, context: ChannelHandlerContext) {
        current = nil
        let whole = exchange.sent == (exchange.plan.sendsBody ? exchange.plan.contentLength : 0)
        if whole {
            let written = context.eventLoop.makePromise(of: Void.self)
            let (state, index) = (state, exchange.index)
            written.futureResult.whenSuccess {
                let now = state.elapsed
                state.update(index) { record in
                    record.finished = true
                    record.finishedAt = now
                }
            }
            exchange.lastWrite = written.futureResult
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        } else {
            context.flush()
        }

        let resets: Bool
        switch exchange.plan.ending {
        case .complete where exchange.keepAlive: return startNext(context: context)
        case .complete, .close: resets = false
        case .reset: resets = true
        }
        closing = true
        queue.removeAll()
        guard let lastWrite = exchange.lastWrite else { return close(resetting: resets, context: context) }
        lastWrite.assumeIsolated().whenComplete { _ in self.close(resetting: resets, context: context) }
    }

    /// Closes the connection on purpose: with a FIN, or with a TCP RST (`SO_LINGER` 0).
    private func close(resetting: Bool, context: ChannelHandlerContext) {
        guard active else { return }
        if resetting, let socket = context.channel as? SocketOptionProvider {
            _ = socket.setSoLinger(SocketLinger.abortive)
        }
        context.close(promise: nil)
    }
}
