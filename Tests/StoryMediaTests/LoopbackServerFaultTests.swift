import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StoryKitTestServer
import Testing

/// The loopback test server's scripted faults, and what it records of clients that leave.
/// Nothing here waits for time to pass: each test waits for a recorded state.
@Suite struct LoopbackServerFaultTests {
    static let body = LoopbackServerTests.body

    @Test func statusFaultsAreConsumedInOrderThenTheBodyIsServed() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body, faults: [.status(503), .status(500)]))
            let statuses = try await LoopbackSession.with { session in
                var statuses: [Int] = []
                for _ in 0..<3 { statuses.append(try await session.get(server.url("a.bin")).response.statusCode) }
                try await #expect(session.get(server.url("a.bin")).body == Self.body)
                return statuses
            }
            #expect(statuses == [503, 500, 200])
            // The server notes a status once its write completes, which can trail the client's
            // read of the body on a loaded machine (CI saw `nil` for the last one).
            #expect(await server.wait { $0.requests.map(\.status) == [503, 500, 200, 200] }, "\(server.requests.map(\.status))")
        }
    }

    @Test func truncateAnnouncesTheWholeLengthButClosesAfterTheGivenBytes() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body, faults: [.truncate(afterBytes: 1_000)]))
            let connection = try await RawHTTPConnection.open(port: server.port)
            defer { connection.close() }

            try await connection.send("GET", "/a.bin")
            let response = try await connection.readResponse()

            #expect(response.status == 200 && response.headers["content-length"] == "10000")
            #expect(response.body == Array(Self.body[0..<1_000]))
            #expect(response.end == .closed)
            #expect(await server.wait { $0.connections.first?.closed != nil })
            let record = try #require(server.requests.first)
            #expect(record.bodyBytesSent == 1_000 && !record.finished && !record.abandoned)
            #expect(server.connections.first?.closedByClient == false)
        }
    }

    @Test func aFaultOnARangeCountsFromTheRangeStart() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body, faults: [.truncate(afterBytes: 100)]))
            let connection = try await RawHTTPConnection.open(port: server.port)
            defer { connection.close() }

            try await connection.send("GET", "/a.bin", headers: ["Range: bytes=5000-"])
            let response = try await connection.readResponse()

            #expect(response.status == 206 && response.headers["content-length"] == "5000")
            #expect(response.body == Array(Self.body[5_000..<5_100]))
            #expect(response.end == .closed)
        }
    }

    @Test func resetAfterSomeBytesGivesTheClientAnError() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body, faults: [.reset(afterBytes: 2_000), .reset(afterBytes: 2_000)]))
            _ = try await LoopbackSession.with { session in
                await #expect(throws: (any Error).self) { try await session.get(server.url("a.bin")) }
            }
            let connection = try await RawHTTPConnection.open(port: server.port)
            defer { connection.close() }
            try await connection.send("GET", "/a.bin")
            let (bytes, end) = try await connection.readUntilEnd()

            #expect(end == .failed(ECONNRESET))
            #expect(bytes.count < 2_000 + 200)   // the head and at most the 2,000 body bytes
            #expect(await server.wait { $0.connections.count == 2 && $0.connections.allSatisfy { $0.closed != nil } })
            #expect(server.requests.map(\.bodyBytesSent) == [2_000, 2_000])
            #expect(server.requests.allSatisfy { !$0.finished && !$0.abandoned })
            #expect(server.connections.map(\.closedByClient) == [false, false])
        }
    }

    @Test func corruptSendsTheRightLengthOfUndecodableBytes() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body, etag: "\"v1\"", faults: [.corrupt]))
            let (body, response) = try await LoopbackSession.with { try await $0.get(server.url("a.bin")) }
            #expect(response.statusCode == 200 && response.header("ETag") == "\"v1\"")
            #expect(body == [UInt8](repeating: 0xFF, count: 10_000))
        }
    }

    @Test func aHangingResponseSendsNothingAndIsAbandonedWhenTheClientLeaves() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("a.bin", .bytes(Self.body, faults: [.hang]))
            let connection = try await RawHTTPConnection.open(port: server.port)
            try await connection.send("GET", "/a.bin")
            #expect(await server.wait { $0.requests.count == 1 })

            connection.close()

            // The record covers the whole life of the connection: a head or a byte sent by
            // mistake before the close would show in it.

            #expect(await server.wait { $0.requests[0].abandoned })
            let record = server.requests[0]
            #expect(record.status == nil && record.bodyBytesSent == 0 && record.abandonedAt != nil)
            #expect(server.connections.first?.closedByClient == true)
        }
    }

    @Test func aClientThatCancelsMidBodyIsRecordedAsAbandoned() async throws {
        // 50 MB at 64 kB/s would take 13 minutes: the client is still mid-body when it cancels.
        try await LoopbackServer.with(bytesPerSecond: 64_000) { server in
            server.setRoute("big.bin", .generated(length: 50_000_000, seed: 1))
            try await LoopbackSession.with { session in
                let task = session.urlSession.dataTask(with: server.url("big.bin"))
                task.resume()
                #expect(await server.wait { ($0.requests.first?.bodyBytesSent ?? 0) > 0 })

                task.cancel()

                #expect(await server.wait { $0.requests.first?.abandoned == true })
            }
            let record = try #require(server.requests.first)
            #expect(!record.finished && record.status == 200)
            #expect(record.bodyBytesSent > 0 && record.bodyBytesSent < 50_000_000)
            let abandonedAt = try #require(record.abandonedAt)
            #expect(abandonedAt >= record.received)
            #expect(server.connections.first?.closedByClient == true)
        }
    }

    @Test func aClientThatDoesNotReadNeverMakesTheServerBufferTheBody() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("big.bin", .generated(length: 64_000_000, seed: 2))
            let connection = try await RawHTTPConnection.open(port: server.port)
            defer { connection.close() }
            try await connection.send("GET", "/big.bin")

            // The kernel's buffers fill (a few MB on loopback) and then the server must stop: it
            // says so when the socket takes no more bytes, holding at most a chunk beyond the
            // channel's 64 KiB high-water mark, never the body.
            #expect(await server.wait { $0.unwritablePauses > 0 })
            #expect(server.requests[0].bodyBytesSent < 64_000_000)
            #expect(server.peakBufferedBodyBytes <= 128 * 1024)
        }
    }
}
