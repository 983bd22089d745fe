import NIOCore
import NIOHTTP1

// MARK: - ConnectionHandler + Body

extension ConnectionHandler {
    /// How many body bytes one connection writes before letting the event loop serve others.
    static let bytesPerTurn = 256 * 1024

    /// Writes the current response's body in chunks for as long as the channel is writable and
    /// the shared link has tokens, then ends the response.
    ///
    /// It never holds more than about one chunk beyond the channel's high-water mark (64 KiB):
    /// when the client reads slowly the channel turns unwritable and this waits for
    /// ``channelWritabilityChanged(context:)``, so a slow client never makes the server buffer a
    /// whole body.
    func pump(context: ChannelHandlerContext) {
        guard active, let exchange = current, exchange.phase == .sending else { return }
        var turn = Self.bytesPerTurn
        while exchange.sent < exchange.plan.bytesToSend {
            guard active, current === exchange else { return }   // a write may have closed it
            guard context.channel.isWritable else {
                exchange.phase = .unwritable
                state.noteUnwritable()
                return
            }
            guard turn > 0 else {
                exchange.phase = .yielding
                context.eventLoop.assumeIsolated().execute {
                    guard self.current === exchange, exchange.phase == .yielding else { return }
                    exchange.phase = .sending
                    self.pump(context: context)
                }
                return
            }
            let size = Swift.min(state.chunkSize, exchange.plan.bytesToSend - exchange.sent)
            if let wait = state.link?.take(size), wait > .zero {
                exchange.phase = .tokens(size)
                timer = context.eventLoop.assumeIsolated().scheduleTask(in: wait) {
                    self.timer = nil
                    guard self.active, self.current === exchange, exchange.phase == .tokens(size) else { return }
                    exchange.phase = .sending
                    self.write(size, of: exchange, context: context)
                    self.pump(context: context)
                }
                return
            }
            write(size, of: exchange, context: context)
            turn -= size
        }
        guard active, current === exchange else { return }
        end(exchange, context: context)
    }

    /// Writes and flushes the next `size` body bytes of `exchange`, counting them in its record
    /// once the socket has taken them.
    func write(_ size: Int, of exchange: Exchange, context: ChannelHandlerContext) {
        var buffer = context.channel.allocator.buffer(capacity: size)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { free in
            exchange.plan.copyBody(from: exchange.sent, into: UnsafeMutableRawBufferPointer(rebasing: free[..<size]))
            return size
        }
        exchange.sent += size
        let written = context.eventLoop.makePromise(of: Void.self)
        let (state, index) = (state, exchange.index)
        written.futureResult.whenSuccess {
            state.update(index) { $0.bodyBytesSent += size }
        }
        written.futureResult.assumeIsolated().whenSuccess { exchange.accepted += size }
        exchange.lastWrite = written.futureResult
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: written)
        if exchange.sent - exchange.accepted > peakBuffered {
            peakBuffered = exchange.sent - exchange.accepted
            state.noteBuffered(peakBuffered)
        }
    }
}
