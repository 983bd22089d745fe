import Foundation
import NIOCore
import NIOPosix

// MARK: - LoopbackServer + Refused connections

extension LoopbackServer {
    /// A URL on 127.0.0.1 where nothing listens, so that connecting is refused (the kernel
    /// answers the SYN with a RST): a free port is bound, noted and closed again.
    ///
    /// ```swift
    /// let down = try await LoopbackServer.refusedURL("avatar.jpg")   // http://127.0.0.1:PORT/avatar.jpg
    /// ```
    ///
    /// The port stays free until some other socket on the machine binds it, which the kernel
    /// does not do soon for a port just released (ephemeral ports are handed out in turn).
    ///
    /// - Parameter path: A path with or without its leading `/`.
    /// - Returns: The URL.
    /// - Throws: When no socket can be bound.
    public static func refusedURL(_ path: String) async throws -> URL {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let channel = try await ServerBootstrap(group: group).bind(host: "127.0.0.1", port: 0).get()
            let port = channel.localAddress?.port
            try await channel.close()
            try await group.shutdownGracefully()
            guard let port else { throw ChannelError.unknownLocalAddress }
            let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
            guard let url = URL(string: "http://127.0.0.1:\(port)/\(trimmed)") else {
                preconditionFailure("not a URL path: \(path)")
            }
            return url
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }
}
