import Foundation
import StoryKitTestServer
import Testing

/// The loopback test server's connections: keep-alive, `Connection: close`, and shutdown.
@Suite struct LoopbackServerConnectionTests {
    @Test func oneConnectionServesSeveralRequestsAndClosesWhenAsked() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes([1, 2, 3]))
            server.setRoute("b.bin", .bytes([4, 5]))
            let connection = try await RawHTTPConnection.open(port: server.port)
            defer { connection.close() }

            try await connection.send("GET", "/a.bin")
            let first = try await connection.readResponse()
            try await connection.send("GET", "/b.bin")
            let second = try await connection.readResponse()
            try await connection.send("GET", "/a.bin", headers: ["Connection: close"])
            let last = try await connection.readResponse()
            let (rest, end) = try await connection.readUntilEnd()

            #expect(first.body == [1, 2, 3] && second.body == [4, 5] && last.body == [1, 2, 3])
            #expect(first.end == nil && second.end == nil && last.end == nil)
            #expect(last.headers["connection"]?.lowercased() == "close")
            #expect(rest.isEmpty && end == .closed)
            #expect(server.requests.map(\.connection) == [0, 0, 0])
            #expect(await server.wait { $0.connections.first?.closed != nil })
            #expect(server.connections.count == 1 && server.connections[0].closedByClient == false)
            #expect(server.requests.allSatisfy { $0.finished && !$0.abandoned })
        }
    }

    @Test func aClientClosingAnIdleConnectionAbandonsNothing() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes([1]))
            let connection = try await RawHTTPConnection.open(port: server.port)
            try await connection.send("GET", "/a.bin")
            _ = try await connection.readResponse()

            connection.close()

            #expect(await server.wait { $0.connections.first?.closed != nil })
            #expect(server.connections[0].closedByClient == true)
            #expect(server.requests[0].finished && !server.requests[0].abandoned)
        }
    }

    @Test func shutdownClosesOpenConnectionsAndIsSafeToRepeat() async throws {
        let server = try await LoopbackServer.start()
        server.setRoute("a.bin", .bytes([1], faults: [.hang]))
        let connection = try await RawHTTPConnection.open(port: server.port)
        defer { connection.close() }
        try await connection.send("GET", "/a.bin")
        #expect(await server.wait { $0.requests.count == 1 })

        try await server.shutdown()
        try await server.shutdown()

        let (bytes, end) = try await connection.readUntilEnd()
        #expect(bytes.isEmpty && end == .closed)
        #expect(server.connections.first?.closedByClient == false)
        #expect(server.requests.first?.abandoned == false)
        await #expect(throws: (any Error).self) { try await RawHTTPConnection.open(port: server.port) }
    }
}
